import type { APIRequestContext } from '@playwright/test';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface Fault {
  count?: number;
  method?: string;
  pathIncludes?: string;
  delayMs?: number;
  action: 'respond' | 'hang' | 'reset';
  when?: 'before' | 'after';
  status?: number;
  contentType?: string;
  body?: string;
  headers?: Record<string, string>;
}

/** The simulator's test-only control surface (/__sim/), reached directly, never via the proxy. */
export class SimControl {
  private readonly request: APIRequestContext;

  constructor(request: APIRequestContext) {
    this.request = request;
  }

  async reset(): Promise<void> {
    await this.expectOk(this.request.post('/__sim/reset'));
  }

  async requests(): Promise<RecordedRequest[]> {
    const response = await this.expectOk(this.request.get('/__sim/requests'));
    return (await response.json()) as RecordedRequest[];
  }

  async posts(): Promise<RecordedRequest[]> {
    return (await this.requests()).filter((r) => r.method === 'POST');
  }

  async fault(fault: Fault): Promise<void> {
    await this.expectOk(this.request.post('/__sim/faults', { data: fault }));
  }

  /** A key only the test knows: unlike the demo keys, it appears on no page by design. */
  async registerKey(key: string, role: 'admin' | 'customer' | 'no-permission', customerId?: string): Promise<void> {
    await this.expectOk(this.request.post('/__sim/keys', { data: { key, role, customerId } }));
  }

  async domains(): Promise<{ domain: string; account: string; customer: string }[]> {
    const response = await this.expectOk(this.request.get('/__sim/domains'));
    return (await response.json()) as { domain: string; account: string; customer: string }[];
  }

  private async expectOk<T extends { ok(): boolean; status(): number }>(pending: Promise<T>): Promise<T> {
    const response = await pending;
    if (!response.ok()) throw new Error(`simulator control answered ${response.status()}`);
    return response;
  }
}

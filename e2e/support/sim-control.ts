import type { APIRequestContext } from '@playwright/test';
import type { RecordedRequest } from '../../simulator/api/state.ts';
import type { FaultSpec } from '../../simulator/control/fault-spec.ts';

/**
 * The simulator's control token: playwright.config.ts makes it once per run and hands it to the
 * web server, whose built-in simulator then requires it on /__sim/*.
 */
export function simControlToken(): string {
  const token = process.env.E2E_SIM_CONTROL_TOKEN;
  if (!token) throw new Error('E2E_SIM_CONTROL_TOKEN is not set: playwright.config.ts sets it; run the specs through it');
  return token;
}

/** A fault as POST /__sim/faults takes it: the simulator's own spec, `when` defaulting to 'before'. */
export type Fault = Omit<FaultSpec, 'when'> & { count?: number; when?: FaultSpec['when'] };

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

  /** Closes the next `count` new connections to the simulator before TLS: the proxy cannot connect. */
  async dropConnections(count: number): Promise<void> {
    await this.expectOk(this.request.post('/__sim/connection-faults', { data: { count } }));
  }

  /** A key only the test knows: unlike the demo keys, it appears on no page by design. */
  async registerKey(key: string, role: 'admin' | 'customer' | 'no-permission', customerId?: string): Promise<void> {
    await this.expectOk(this.request.post('/__sim/keys', { data: { key, role, customerId } }));
  }

  /** Stores a domain directly, as a server that acts on a request long after it went quiet. */
  async storeDomain(customerId: string, domain: string, account: string): Promise<void> {
    await this.expectOk(this.request.post('/__sim/domains', { data: { customerId, domain, account } }));
  }

  async domains(): Promise<{ domain: string; account: string; customer: string }[]> {
    const response = await this.expectOk(this.request.get('/__sim/domains'));
    return (await response.json()) as { domain: string; account: string; customer: string }[];
  }

  private async expectOk<T extends { ok(): boolean; status(): number }>(pending: Promise<T>): Promise<T> {
    const response = await pending;
    if (response.status() === 401) {
      throw new Error(
        'simulator control answered 401: the running simulator expects another control token ' +
        '(a reused web server started by an earlier run? stop it, or start it with HOSTING_SIM_CONTROL_TOKEN=$E2E_SIM_CONTROL_TOKEN)',
      );
    }
    if (!response.ok()) throw new Error(`simulator control answered ${response.status()}`);
    return response;
  }
}

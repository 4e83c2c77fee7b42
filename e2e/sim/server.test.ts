import { request } from 'node:https';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from './server.ts';
import { API, DOCUMENTED_BODY, documentedHeaders } from './test-helpers.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

// node:https rather than fetch: it takes `ca`, which is how the dev proxy pins the certificate.
function send(url: string, options: { ca?: string; method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca: options.ca, method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

let sim: RunningSimulator | undefined;

afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

describe('startSimulator over HTTPS', () => {
  it('serves the API with a certificate that verifies for 127.0.0.1 and localhost when pinned', async () => {
    sim = await startSimulator({ port: 0 });
    expect(sim.origin).toBe(`https://127.0.0.1:${sim.port}`);
    expect(sim.cert).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const created = await send(`${sim.origin}${API}/customers/c0002/domains`, {
      ca: sim.cert,
      method: 'POST',
      headers: documentedHeaders('demo-customer-key'),
      body: JSON.stringify(DOCUMENTED_BODY),
    });
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body)).toEqual({ id: 'd0001', ...DOCUMENTED_BODY });
    const listed = await send(`https://localhost:${sim.port}${API}/customers/c0002/domains`, {
      ca: sim.cert,
      headers: documentedHeaders('demo-customer-key'),
    });
    expect(listed.status).toBe(200);
    expect(JSON.parse(listed.body)).toHaveLength(1);
  });

  it('is refused by a client that does not pin the certificate', async () => {
    sim = await startSimulator();
    await expect(send(`${sim.origin}/__sim/domains`)).rejects.toMatchObject({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
  });

  it("reset destroys the connection; with when 'after' the domain is stored first", async () => {
    sim = await startSimulator();
    const queued = await send(`${sim.origin}/__sim/faults`, { ca: sim.cert, method: 'POST', body: JSON.stringify({ action: 'reset', when: 'after' }) });
    expect(queued.status).toBe(200);
    const cut = send(`${sim.origin}${API}/customers/c0002/domains`, {
      ca: sim.cert,
      method: 'POST',
      headers: documentedHeaders('demo-customer-key'),
      body: JSON.stringify(DOCUMENTED_BODY),
    });
    await expect(cut).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(sim.state.domains.map(({ record }) => record.domain)).toEqual(['example.org']);
    expect(sim.state.requests).toHaveLength(1);
  });

  it('hang keeps the request open until close(), which then finishes promptly', async () => {
    const running = await startSimulator();
    sim = running;
    await send(`${running.origin}/__sim/faults`, { ca: running.cert, method: 'POST', body: JSON.stringify({ action: 'hang' }) });
    const hanging = send(`${running.origin}${API}/customers/c0002/domains`, { ca: running.cert, headers: documentedHeaders('demo-customer-key') });
    const settled = hanging.then(() => 'answered', (error: unknown) => error);
    await expect.poll(() => running.state.requests.length).toBe(1);
    const early = await Promise.race([settled, new Promise((resolve) => {
      setTimeout(() => {
        resolve('still hanging');
      }, 200);
    })]);
    expect(early).toBe('still hanging');
    const started = Date.now();
    await running.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await settled).toMatchObject({ code: 'ECONNRESET' });
  });
});

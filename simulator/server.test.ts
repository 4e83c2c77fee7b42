import type { IncomingMessage } from 'node:http';
import { request } from 'node:https';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from './server.ts';
import { API, DOCUMENTED_BODY, documentedHeaders } from './testing/test-helpers.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Reads a whole answer as text. */
function readAnswer(res: IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => { body += chunk; });
    res.on('end', () => { resolve({ status: res.statusCode ?? 0, headers: res.headers, body }); });
    res.on('error', reject);
  });
}

// node:https rather than fetch: it takes `ca`, which is how the dev proxy pins the certificate.
function send(url: string, options: { ca?: string; method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca: options.ca, method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      readAnswer(res).then(resolve, reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * Sends the head of a request and `chunks` of its body but never ends it: only a server that
 * answers without waiting for the rest of the body can answer at all.
 */
function sendUnfinished(url: string, ca: string, headers: Record<string, string>, chunks: readonly Buffer[]): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca, method: 'POST', headers, agent: false }, (res) => {
      readAnswer(res).then((answer) => {
        resolve(answer);
        req.destroy();
      }, reject);
    });
    req.on('error', reject);
    req.flushHeaders();
    for (const chunk of chunks) req.write(chunk);
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

  it('starts empty unless given a seed, and serves the seed it is given', async () => {
    sim = await startSimulator();
    expect([sim.state.seed, sim.state.domains]).toEqual(['empty', []]);
    await sim.close();
    sim = await startSimulator({ seed: 'demo' });
    const listed = await send(`${sim.origin}${API}/customers/c0002/domains`, { ca: sim.cert, headers: documentedHeaders('demo-customer-key') });
    expect((JSON.parse(listed.body) as { domain: string }[]).map(({ domain }) => domain)).toEqual(['example.org', 'xn--bcher-kva.example']);
    expect(listed.headers['x-total-count']).toBe('2');
  });

  it('is refused by a client that does not pin the certificate', async () => {
    sim = await startSimulator();
    await expect(send(`${sim.origin}/__sim/domains`)).rejects.toMatchObject({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
  });

  it("reset destroys the connection; with when 'after' the domain is stored first", async () => {
    sim = await startSimulator();
    const queued = await send(`${sim.origin}/__sim/faults`, {
      ca: sim.cert,
      method: 'POST',
      headers: { Authorization: `Bearer ${sim.controlToken}` },
      body: JSON.stringify({ action: 'reset', when: 'after' }),
    });
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

  it('a connection fault closes the next new connections before TLS, and only those', async () => {
    sim = await startSimulator();
    const ordered = await send(`${sim.origin}/__sim/connection-faults`, {
      ca: sim.cert,
      method: 'POST',
      headers: { Authorization: `Bearer ${sim.controlToken}` },
      body: JSON.stringify({ count: 2 }),
    });
    expect(ordered.status).toBe(204);
    const post = () => send(`${sim?.origin ?? ''}${API}/customers/c0002/domains`, {
      ca: sim?.cert ?? '', method: 'POST', headers: documentedHeaders('demo-customer-key'), body: JSON.stringify(DOCUMENTED_BODY),
    });
    await expect(post()).rejects.toMatchObject({ code: 'ECONNRESET' });
    await expect(post()).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(sim.state.requests).toEqual([]);
    expect((await post()).status).toBe(201);
  });

  it('refuses a connection fault without a count from 0 to 100; 0 clears what is left', async () => {
    sim = await startSimulator();
    const post = (body: string) => send(`${sim?.origin ?? ''}/__sim/connection-faults`, {
      ca: sim?.cert, method: 'POST', headers: { Authorization: `Bearer ${sim?.controlToken ?? ''}` }, body,
    });
    // (Each request here is a connection of its own, so a count above 0 would drop the next one.)
    expect((await post('{"count":0}')).status).toBe(204);
    expect(sim.state.droppedConnections).toBe(0);
    for (const body of ['{}', '{"count":-1}', '{"count":101}', '{"count":1.5}', 'x']) {
      const answer = await send(`${sim.origin}/__sim/connection-faults`, {
        ca: sim.cert, method: 'POST', headers: { Authorization: `Bearer ${sim.controlToken}` }, body,
      });
      expect(answer.status).toBe(400);
    }
    expect(sim.state.droppedConnections).toBe(0);
  });

  it('hang keeps the request open until close(), which then finishes promptly', async () => {
    const running = await startSimulator();
    sim = running;
    const queued = await send(`${running.origin}/__sim/faults`, {
      ca: running.cert,
      method: 'POST',
      headers: { Authorization: `Bearer ${running.controlToken}` },
      body: JSON.stringify({ action: 'hang' }),
    });
    expect(queued.status).toBe(200);
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

  it('guards /__sim/* with the control token made at start', async () => {
    const running = await startSimulator();
    sim = running;
    expect(running.controlToken).toMatch(/^[0-9a-f]{64}$/);
    const refused = await send(`${running.origin}/__sim/requests`, { ca: running.cert });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toEqual({ error: expect.any(String) as unknown });
    const wrong = await send(`${running.origin}/__sim/requests`, { ca: running.cert, headers: { Authorization: `Bearer ${'0'.repeat(64)}` } });
    expect(wrong.status).toBe(401);
    const allowed = await send(`${running.origin}/__sim/requests`, { ca: running.cert, headers: { Authorization: `Bearer ${running.controlToken}` } });
    expect(allowed.status).toBe(200);
    expect(JSON.parse(allowed.body)).toEqual([]);
  });

  it('uses the control token it is given', async () => {
    const controlToken = 'given-control-token-0123456789';
    const running = await startSimulator({ controlToken });
    sim = running;
    expect(running.controlToken).toBe(controlToken);
    const reset = await send(`${running.origin}/__sim/reset`, { ca: running.cert, method: 'POST', headers: { Authorization: `Bearer ${controlToken}` } });
    expect(reset.status).toBe(204);
  });

  it('answers an unknown key with 401 before a byte of its 100 MiB body arrives', async () => {
    const running = await startSimulator();
    sim = running;
    const headers = { ...documentedHeaders('not-a-key'), 'Content-Length': String(100 * 1024 * 1024) };
    const answer = await sendUnfinished(`${running.origin}${API}/customers/c0002/domains`, running.cert, headers, []);
    expect(answer.status).toBe(401);
    expect(running.state.requests).toMatchObject([{ method: 'POST', body: '' }]);
  });

  it('answers a known key with 413 at once when Content-Length passes the cap', async () => {
    const running = await startSimulator({ maxBodyBytes: 1024 });
    sim = running;
    const headers = { ...documentedHeaders('demo-customer-key'), 'Content-Length': '1025' };
    const answer = await sendUnfinished(`${running.origin}${API}/customers/c0002/domains`, running.cert, headers, []);
    expect(answer.status).toBe(413);
    expect(answer.headers['content-type']).toBe('application/problem+json');
  });

  it('cuts a chunked body that passes the 1 MiB cap without waiting for its end', async () => {
    const running = await startSimulator();
    sim = running;
    const headers = { ...documentedHeaders('demo-customer-key'), 'Transfer-Encoding': 'chunked' };
    const chunks = Array.from({ length: 24 }, () => Buffer.alloc(64 * 1024, 0x20));
    const answer = await sendUnfinished(`${running.origin}${API}/customers/c0002/domains`, running.cert, headers, chunks);
    expect(answer.status).toBe(413);
    expect(running.state.domains).toEqual([]);
    expect(running.state.requests).toMatchObject([{ body: '', bodyTruncated: true }]);
  });
});

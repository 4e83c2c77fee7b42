import { describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createSimApp } from './app.ts';
import { API, DOCUMENTED_BODY, controlRequest, countingBody, createTestSim, documentedHeaders, postDomain, queueFault, streamedPost } from './testing/test-helpers.ts';

const MIB = 1024 * 1024;
const DOMAINS = `${API}/customers/c0002/domains`;

/** The documented body as JSON, padded with trailing spaces (still valid JSON) to `bytes`. */
const paddedBody = (bytes: number): string => JSON.stringify(DOCUMENTED_BODY).padEnd(bytes, ' ');

async function expectTooLarge(response: Response): Promise<void> {
  expect(response.status).toBe(413);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  expect(await response.json()).toMatchObject({ type: 'about:blank', title: 'Content Too Large', status: 413 });
}

function postWithLength(app: Hono, bytes: number): Promise<Response> {
  const headers = { ...documentedHeaders('demo-customer-key'), 'Content-Length': String(bytes) };
  return postDomain(app, 'c0002', { headers, body: paddedBody(bytes) });
}

describe('request bodies on API routes (default cap 1 MiB)', () => {
  it('answers 413 to a Content-Length over the cap without reading a byte of the body', async () => {
    const { app, state } = createTestSim();
    const body = countingBody(64 * 1024);
    const headers = { ...documentedHeaders('demo-customer-key'), 'Content-Length': String(MIB + 1) };
    await expectTooLarge(await app.request(streamedPost(DOMAINS, headers, body.stream)));
    expect(body.pulls()).toBe(0);
    expect(state.domains).toEqual([]);
    expect(state.requests).toMatchObject([{ method: 'POST', body: '', bodyTruncated: true }]);
  });

  it('cuts a chunked body as soon as it passes the cap; the handler never sees it', async () => {
    const { app, state } = createTestSim();
    const body = countingBody(64 * 1024);
    await expectTooLarge(await app.request(streamedPost(DOMAINS, documentedHeaders('demo-customer-key'), body.stream)));
    // 16 chunks fill the cap exactly; the 17th passes it. The stream itself never ends.
    expect(body.pulls()).toBe(17);
    expect(state.domains).toEqual([]);
  });

  it('accepts a body of exactly the cap, by Content-Length and chunked', async () => {
    const { app, state } = createTestSim();
    expect((await postWithLength(app, MIB)).status).toBe(201);
    const chunked = new Blob([paddedBody(MIB)]).stream();
    const again = await app.request(streamedPost(DOMAINS, documentedHeaders('demo-customer-key'), chunked));
    expect(again.status).toBe(409);
    expect(state.domains).toHaveLength(1);
  });

  it('answers 413 for one byte over the cap', async () => {
    const { app, state } = createTestSim();
    await expectTooLarge(await postWithLength(app, MIB + 1));
    const chunked = new Blob([paddedBody(MIB + 1)]).stream();
    await expectTooLarge(await app.request(streamedPost(DOMAINS, documentedHeaders('demo-customer-key'), chunked)));
    expect(state.domains).toEqual([]);
  });

  it('a small body under the cap still works, streamed or not', async () => {
    const { app } = createTestSim({ maxBodyBytes: 1024 });
    expect((await postDomain(app, 'c0002')).status).toBe(201);
    const streamed = new Blob([JSON.stringify({ ...DOCUMENTED_BODY, domain: 'b.example' })]).stream();
    expect((await app.request(streamedPost(DOMAINS, documentedHeaders('demo-customer-key'), streamed))).status).toBe(201);
  });

  it('takes its cap from maxBodyBytes', async () => {
    const { app } = createTestSim({ maxBodyBytes: 1024 });
    expect((await postWithLength(app, 1024)).status).toBe(201);
    await expectTooLarge(await postWithLength(app, 1025));
    const body = countingBody(100);
    await expectTooLarge(await app.request(streamedPost(DOMAINS, documentedHeaders('demo-customer-key'), body.stream)));
    expect(body.pulls()).toBe(11);
  });

  it('a refused body does not use up a queued fault', async () => {
    const { app } = createTestSim({ maxBodyBytes: 1024 });
    await queueFault(app, { action: 'respond', status: 503 });
    await expectTooLarge(await postWithLength(app, 1025));
    expect((await postDomain(app, 'c0002')).status).toBe(503);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses maxBodyBytes %s', (maxBodyBytes) => {
    expect(() => createSimApp({ maxBodyBytes })).toThrow(/^maxBodyBytes must be/);
  });
});

describe('request bodies on control routes', () => {
  it('answers 413 to an oversized fault, by Content-Length or chunked, and queues nothing', async () => {
    const { app, state } = createTestSim({ maxBodyBytes: 1024 });
    const fault = JSON.stringify({ action: 'respond', status: 503 }).padEnd(1025, ' ');
    await expectTooLarge(await controlRequest(app, '/faults', { method: 'POST', headers: { 'Content-Length': '1025' }, body: fault }));
    const body = countingBody(100);
    const streamed: RequestInit & { duplex: 'half' } = { method: 'POST', body: body.stream, duplex: 'half' };
    await expectTooLarge(await controlRequest(app, '/faults', streamed));
    expect(body.pulls()).toBe(11);
    expect(state.faults).toEqual([]);
    const fits = await controlRequest(app, '/faults', { method: 'POST', body: fault.trimEnd() });
    expect(fits.status).toBe(200);
  });
});

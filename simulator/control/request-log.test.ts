import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../api/state.ts';
import { API, DOCUMENTED_BODY, controlRequest, countingBody, createTestSim, documentedHeaders, postDomain, queueFault, streamedPost } from '../testing/test-helpers.ts';

const DOMAINS = `${API}/customers/c0002/domains`;

async function recorded(app: Parameters<typeof controlRequest>[0]): Promise<RecordedRequest[]> {
  return (await (await controlRequest(app, '/requests')).json()) as RecordedRequest[];
}

describe('the request log', () => {
  it('keeps exactly the newest 1,000 requests, oldest first', async () => {
    const { app } = createTestSim();
    for (let n = 0; n < 1003; n += 1) {
      await app.request(`${DOMAINS}?n=${n}`, { headers: documentedHeaders('demo-customer-key') });
    }
    const paths = (await recorded(app)).map((request) => request.path);
    expect(paths).toHaveLength(1000);
    expect(paths[0]).toBe(`${DOMAINS}?n=3`);
    expect(paths.at(-1)).toBe(`${DOMAINS}?n=1002`);
  });

  it('keeps the first 16 KiB of a larger body and says it cut it', async () => {
    const { app } = createTestSim();
    const big = JSON.stringify({ ...DOCUMENTED_BODY, padding: 'x'.repeat(40_000) });
    expect((await postDomain(app, 'c0002', { body: big })).status).toBe(422);
    await postDomain(app, 'c0002');
    const [cut, whole] = await recorded(app);
    expect(cut?.body).toBe(big.slice(0, 16 * 1024));
    expect(cut?.bodyTruncated).toBe(true);
    expect(whole?.body).toBe(JSON.stringify(DOCUMENTED_BODY));
    expect(whole).not.toHaveProperty('bodyTruncated');
  });

  it('cuts by bytes and never splits a character', async () => {
    const { app, state } = createTestSim();
    await postDomain(app, 'c0002', { body: 'ä'.repeat(10_000) });
    await postDomain(app, 'c0002', { body: `x${'ä'.repeat(10_000)}` });
    expect(state.requests[0]?.body).toBe('ä'.repeat(8192));
    // 1 + 2 × 8191 = 16,383 bytes: the next 'ä' would cross the limit, so it is left out whole.
    expect(state.requests[1]?.body).toBe(`x${'ä'.repeat(8191)}`);
    expect(state.requests.every((request) => request.bodyTruncated === true)).toBe(true);
  });
});

describe('no body is read before the key is known', () => {
  it.each([
    ['no Authorization header', undefined],
    ['an unknown key', 'Bearer not-a-key'],
    ['a Basic scheme', 'Basic ZGVtby1hZG1pbi1rZXk6'],
  ])('%s: 401 at once, the endless body never touched, the arrival still logged', async (_label, authorization) => {
    const { app, state } = createTestSim();
    const body = countingBody(64 * 1024);
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(authorization ? { Authorization: authorization } : {}) };
    const request = streamedPost(DOMAINS, headers, body.stream);
    const response = await app.request(request);
    expect(response.status).toBe(401);
    expect(body.pulls()).toBe(0);
    expect(body.stream.locked).toBe(false);
    expect(request.bodyUsed).toBe(false);
    expect(state.requests).toEqual([
      { method: 'POST', path: DOMAINS, headers: Object.fromEntries(request.headers), body: '', at: expect.any(Number) as unknown },
    ]);
  });

  it('a known key gets its body read and logged (the counter does count)', async () => {
    const { app, state } = createTestSim();
    const body = countingBody(10, 3);
    const response = await app.request(streamedPost(DOMAINS, documentedHeaders('demo-customer-key'), body.stream));
    expect(response.status).toBe(400);
    expect(body.pulls()).toBe(4);
    expect(state.requests[0]?.body).toBe(' '.repeat(30));
  });

  it('a key registered through /__sim/keys counts as known', async () => {
    const { app, state } = createTestSim();
    await controlRequest(app, '/keys', { method: 'POST', body: JSON.stringify({ key: 'marker-key-123', role: 'no-permission' }) });
    expect((await postDomain(app, 'c0002', { key: 'marker-key-123' })).status).toBe(403);
    expect(state.requests[0]?.body).toBe(JSON.stringify(DOCUMENTED_BODY));
  });

  it('a fault still answers an unknown key, without reading its body', async () => {
    const { app } = createTestSim();
    await queueFault(app, { action: 'respond', status: 503, body: 'busy' });
    const body = countingBody(64 * 1024);
    const response = await app.request(streamedPost(DOMAINS, { Authorization: 'Bearer not-a-key' }, body.stream));
    expect(response.status).toBe(503);
    expect(await response.text()).toBe('busy');
    expect(body.pulls()).toBe(0);
  });

  it.each([
    [{ action: 'respond', status: 502 }, 502],
    [{ action: 'respond', when: 'after', status: 504 }, 504],
  ])('an authenticated POST that hits fault %j is logged with its body', async (fault, status) => {
    const { app } = createTestSim();
    await queueFault(app, fault);
    expect((await postDomain(app, 'c0002')).status).toBe(status);
    expect(await recorded(app)).toMatchObject([{ method: 'POST', path: DOMAINS, body: JSON.stringify(DOCUMENTED_BODY) }]);
  });
});

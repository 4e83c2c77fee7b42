import { describe, expect, it } from 'vitest';
import { loggedRequestPath } from './proxy-contract.ts';

describe('loggedRequestPath: what a server log keeps of a request target', () => {
  it.each([
    ['/liveconfig/api/v1/tokens/tok-1?api_key=k', undefined, '/liveconfig/api/v1/tokens/tok-1'],
    ['/liveconfig/api/v1/tokens/tok-1', '1', '/liveconfig/api/v1/tokens/********'],
    ['/liveconfig/api/v1/tokens/tok-1/uses/u-2?x=1', '1,3', '/liveconfig/api/v1/tokens/********/uses/********'],
    ['/servers/prod/liveconfig/api/v1/users/anna/password-reset/tok-9', '3', '/servers/prod/liveconfig/api/v1/users/anna/password-reset/********'],
    // A header that breaks the rule masks nothing more and nothing less than no header: the path only.
    ['/liveconfig/api/v1/tokens/tok-1', '1;2', '/liveconfig/api/v1/tokens/tok-1'],
    ['/liveconfig/api/v1/tokens/tok-1', ['1', '1'], '/liveconfig/api/v1/tokens/tok-1'],
    // Not below an API root: nothing to mask.
    ['/assets/app.js', '0', '/assets/app.js'],
  ])('%s with %j → %s', (url, header, logged) => {
    expect(loggedRequestPath(url, header)).toBe(logged);
  });
});

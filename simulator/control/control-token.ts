// The token that guards /__sim/*. Anyone who reaches the simulator's port could otherwise reset
// it, read every recorded request (API keys included) or register keys of their own.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { jsonResponse } from '../api/problem.ts';

// token68 (RFC 9110, 11.2): what fits after "Bearer " unquoted. 16+ characters so that a test
// cannot pass a guessable placeholder by accident.
const TOKEN_PATTERN = /^[A-Za-z0-9._~+/-]{16,}=*$/;

/** A fresh token, made at each start so no control token lives in the repository. */
export function createControlToken(): string {
  return randomBytes(32).toString('hex');
}

/** Throws on a token that could not be sent in a Bearer header or is too short to be secret. */
export function checkControlToken(token: string): string {
  if (!TOKEN_PATTERN.test(token)) {
    // The token itself stays out of the message: messages end up in logs.
    throw new Error('controlToken must be at least 16 characters of A-Z a-z 0-9 . _ ~ + / - (token68)');
  }
  return token;
}

// Hashing first makes both sides the same length, so timingSafeEqual neither throws nor lets the
// time taken reveal the token's length.
const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

function carriesToken(authorization: string | undefined, expected: Buffer): boolean {
  const presented = authorization === undefined ? undefined : /^bearer +(\S+) *$/i.exec(authorization)?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), expected);
}

/** 401 for every request without `Authorization: Bearer <token>`, before any route runs. */
export function requireControlToken(token: string): MiddlewareHandler {
  const expected = digest(checkControlToken(token));
  return async (c, next) => {
    if (!carriesToken(c.req.header('Authorization'), expected)) {
      return jsonResponse(401, { error: 'the simulator control surface needs "Authorization: Bearer <control token>"' }, {
        'WWW-Authenticate': 'Bearer realm="simulator control"',
      });
    }
    await next();
  };
}

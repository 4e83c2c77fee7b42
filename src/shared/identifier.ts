import { isPathSegment } from './path-segment.ts';

/**
 * Customer IDs (`c0002`) and hosting account names (`web77`) as the panel accepts them: they
 * become path segments, so the rule is a strict subset of PATH_SEGMENT (no dots at all).
 */
export const IDENTIFIER = /^[A-Za-z0-9_-]{1,64}$/;

export function isIdentifier(value: string): boolean {
  return IDENTIFIER.test(value) && isPathSegment(value);
}

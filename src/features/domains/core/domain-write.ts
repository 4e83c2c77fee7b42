import type { CheckFinding, WriteAttempt } from '../../../lib/write-guard/write-machine.ts';
import type { DomainRequest, ListedDomain } from './schemas.ts';

/** One add as the user asked for it; `unicode` is how the name is shown. */
export interface Attempt {
  /** The hosting server the add is bound to (the form's: the one current when it was sent). */
  server?: string;
  customerId: string;
  body: DomainRequest;
  unicode: string;
  /** The name was in the customer's list before the add, where a list was in hand. */
  existedBefore?: boolean | undefined;
}

/** An add as the write guard sees it. */
export type DomainWrite = WriteAttempt<Attempt>;

/** What an add is about, within its server: the customer and the name in ASCII form. */
export const domainTarget = (customerId: string, ascii: string) => `customers/${customerId}/domains/${ascii}`;

export function toDomainWrite(attempt: Attempt, server: string): DomainWrite {
  return {
    server,
    target: domainTarget(attempt.customerId, attempt.body.domain),
    payload: { ...attempt, server },
    // The customer's list tells whether an add took effect; a 409 after an add that went
    // unanswered means that add worked.
    checkable: true,
    conflictMeansDone: true,
    existedBefore: attempt.existedBefore,
  };
}

/** What the customer's list (names in the ASCII form the panel sends) says of an add. */
export function findAdd(domains: readonly ListedDomain[], attempt: Pick<Attempt, 'body'>): CheckFinding {
  const found = domains.find((record) => record.domain === attempt.body.domain);
  if (!found) return { found: false };
  return { found: true, matches: found.account === undefined || found.account === attempt.body.account, note: found.account };
}

/**
 * Whether a list already in hand (no request made for it) names the add's domain, in either
 * form; undefined without one.
 */
export function listedBefore(domains: readonly ListedDomain[] | undefined, attempt: Pick<Attempt, 'body' | 'unicode'>): boolean | undefined {
  if (!domains) return undefined;
  const names = new Set([attempt.body.domain, attempt.unicode.toLowerCase()]);
  return domains.some((record) => names.has(record.domain.toLowerCase().replace(/\.$/, '')));
}

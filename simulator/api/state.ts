// Mutable state of one simulator instance. Kept apart from the routes so tests, the control
// surface and server shutdown all reach the same object.
import type { FaultSpec } from '../control/fault-spec.ts';
import type { KeyGrant, SeedChoice } from './seed.ts';

export type WebType = 'webspace' | 'redirect' | 'none';

/** A stored domain: the request's fields plus the id the simulator gave it. */
export interface DomainRecord {
  id: string;
  domain: string;
  account: string;
  www?: boolean;
  web?: { enabled?: boolean; type?: WebType; target?: string };
  mail?: { enabled?: boolean; dkim?: boolean };
}

export interface StoredDomain {
  customerId: string;
  record: DomainRecord;
}

/** A mailbox as the API shows it. The password is not kept at all: what is not kept cannot leak. */
export interface MailboxRecord {
  address: string;
  localPart: string;
  quotaMiB: number;
}

export interface StoredMailbox {
  customerId: string;
  /** The id of the domain it belongs to, so it goes with that domain. */
  domainId: string;
  record: MailboxRecord;
}

/** A mail forward: mail to `address` goes on to every one of `destinations`. */
export interface ForwardRecord {
  id: string;
  source: string;
  address: string;
  destinations: string[];
  /** The domain's ASCII name, for a reader of the flat path that does not name it. */
  domain: string;
}

export interface StoredForward {
  customerId: string;
  domainId: string;
  record: ForwardRecord;
}

export type DnsRecordType = 'A' | 'AAAA' | 'CNAME' | 'MX' | 'TXT';

export interface DnsRecord {
  id: string;
  type: DnsRecordType;
  /** Relative to the domain; '@' is the domain itself. */
  name: string;
  value: string;
  ttl: number;
}

export interface StoredDnsRecord {
  customerId: string;
  domainId: string;
  record: DnsRecord;
}

export type PhpVersion = '8.1' | '8.2' | '8.3' | '8.4';

export interface AccountSettings {
  phpVersion: PhpVersion;
  phpMemoryLimitMiB: number;
  sshAccess: boolean;
}

export interface CertificateRecord {
  issuer: string;
  /** ISO 8601, UTC. */
  validUntil: string;
  autoRenew: boolean;
}

export interface RecordedRequest {
  method: string;
  /** Path plus query string, exactly as received. */
  path: string;
  /** Lower-case header names; repeated headers joined with ", " as Fetch's Headers does. */
  headers: Record<string, string>;
  /**
   * The body as text, cut to its first 16 KiB (see request-log.ts). Empty until read, and never
   * read for a request without a key the simulator knows.
   */
  body: string;
  /** Present when `body` is not the whole body: cut for the log, or refused as too large. */
  bodyTruncated?: true;
  /** Date.now() when the request arrived. */
  at: number;
}

/** A queued fault with the number of requests it still applies to. */
export interface PendingFault {
  spec: FaultSpec;
  remaining: number;
}

export interface SimState {
  /** What the state holds after start and after every reset (demo-seed.ts plants it). */
  readonly seed: SeedChoice;
  domains: StoredDomain[];
  mailboxes: StoredMailbox[];
  forwards: StoredForward[];
  dnsRecords: StoredDnsRecord[];
  /** By `<customerId>/<account>`; an account not in here has the default settings. */
  accountSettings: Map<string, AccountSettings>;
  /** By domain id; a domain not in here gets its certificate when first asked (certificate-routes.ts). */
  certificates: Map<string, CertificateRecord>;
  requests: RecordedRequest[];
  faults: PendingFault[];
  nextDomainNumber: number;
  nextForwardNumber: number;
  nextDnsRecordNumber: number;
  /** Keys a test registered through /__sim/keys, on top of the demo keys. */
  extraKeys: Map<string, KeyGrant>;
  /** New TCP connections still to be closed at once, before TLS (POST /__sim/connection-faults). */
  droppedConnections: number;
  /** Aborted once on shutdown, so hanging or delayed requests stop waiting. */
  readonly shutdown: AbortController;
}

/** An empty state that names its seed; demo-seed.ts's `createSeededState` plants it too. */
export function createSimState(seed: SeedChoice = 'empty'): SimState {
  return {
    seed, domains: [], mailboxes: [], forwards: [], dnsRecords: [], accountSettings: new Map(), certificates: new Map(),
    requests: [], faults: [], nextDomainNumber: 1, nextForwardNumber: 1, nextDnsRecordNumber: 1, extraKeys: new Map(), droppedConnections: 0,
    shutdown: new AbortController(),
  };
}

/**
 * Everything cleared, as `createSimState` makes it; demo-seed.ts's `resetToSeed` (POST
 * /__sim/reset) plants the seed again after. Hanging requests are left alone.
 */
export function resetSimState(state: SimState): void {
  state.domains = [];
  state.mailboxes = [];
  state.forwards = [];
  state.dnsRecords = [];
  state.accountSettings = new Map();
  state.certificates = new Map();
  state.requests = [];
  state.faults = [];
  state.nextDomainNumber = 1;
  state.nextForwardNumber = 1;
  state.nextDnsRecordNumber = 1;
  state.extraKeys = new Map();
  state.droppedConnections = 0;
}

/** Releases every hanging or delayed request; called by the server's close(). */
export function shutdownSimState(state: SimState): void {
  state.shutdown.abort(new Error('simulator closed'));
}

const numbered = (letter: string, number: number): string => `${letter}${String(number).padStart(4, '0')}`;

export function takeDomainId(state: SimState): string {
  const id = numbered('d', state.nextDomainNumber);
  state.nextDomainNumber += 1;
  return id;
}

export function takeForwardId(state: SimState): string {
  const id = numbered('f', state.nextForwardNumber);
  state.nextForwardNumber += 1;
  return id;
}

export function takeDnsRecordId(state: SimState): string {
  const id = numbered('r', state.nextDnsRecordNumber);
  state.nextDnsRecordNumber += 1;
  return id;
}

/** Everything that belongs to a domain goes with it: mailboxes, forwards, DNS records, certificate. */
export function removeDomain(state: SimState, domainId: string): void {
  state.domains = state.domains.filter((stored) => stored.record.id !== domainId);
  state.mailboxes = state.mailboxes.filter((mailbox) => mailbox.domainId !== domainId);
  state.forwards = state.forwards.filter((forward) => forward.domainId !== domainId);
  state.dnsRecords = state.dnsRecords.filter((record) => record.domainId !== domainId);
  state.certificates.delete(domainId);
}

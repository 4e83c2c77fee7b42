import { mapInSlices, type SliceOptions } from '../util/map-in-slices.ts';
import { loadDomainName } from './domain-name-loader.ts';
import type { DomainResult } from './domain-name.ts';

type Normalize = (name: string) => DomainResult;

// For a name of only these characters UTS #46 changes nothing but the case and a trailing dot:
// no white space to trim, no `/` that makes it a URL, and an xn-- label that tr46 accepts is
// re-encoded to itself. A name it refuses falls back to that same form. So the answer needs no
// tr46, which costs tens of microseconds a name against well under one for this.
const PLAIN_ASCII = /^[A-Za-z0-9._-]*$/;

/** The form compared when the normaliser refuses a name or cannot load, as the panel always has. */
function fallbackAscii(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

/** `name` in the form the panel sends, with tr46 only where the cheap path cannot decide. */
export function asciiNameOf(name: string, normalize: Normalize | undefined): string {
  if (PLAIN_ASCII.test(name)) return fallbackAscii(name);
  const result = normalize?.(name);
  return result?.ok ? result.ascii : fallbackAscii(name);
}

// A failed load (the chunk is offline for a moment) must not fail the caller: it compares the
// fallback form instead, and the next call tries the load again.
const loadNormalize = async (): Promise<Normalize | undefined> =>
  (await loadDomainName().catch(() => undefined))?.normalizeDomain;

/**
 * A domain list with its names in the form the panel sends (`bücher.example` →
 * `xn--bcher-kva.example`, `Example.ORG.` → `example.org`), every other field kept. A list may
 * hold 100,000 names and tr46 needs seconds for that many, so the work runs in slices with a turn
 * for the page in between.
 */
export async function withAsciiNames<T extends { domain: string }>(records: readonly T[], options?: SliceOptions): Promise<T[]> {
  const normalize = await loadNormalize();
  return mapInSlices(records, (record) => ({ ...record, domain: asciiNameOf(record.domain, normalize) }), options);
}

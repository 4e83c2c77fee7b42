import { hostOfUrl } from './url-host.ts';

// Letters (any script), digits, marks, hyphens and dots: what a domain's labels are made of.
const HOST_LIKE = /^[\p{L}\p{N}\p{M}.-]+$/u;

/** What a pasted address stands for on the add form: the name to add, and its www variant. */
export interface PastedAddress {
  /** The registrable name meant, lower case, without `www.` and a trailing dot. */
  name: string;
  /** The address named the www host: "Also serve the www variant" is what the user meant. */
  www: boolean;
}

/**
 * The name a person meant by pasting an address (`https://www.Example.org/shop`): its host,
 * lower case, without a trailing dot, and without a leading `www.` (which becomes the www
 * variant; `www.org` itself keeps it). Undefined for anything that is not an address: a name
 * typed by hand, `www.` included, is left as typed.
 */
export function reducePastedAddress(text: string, { wwwToVariant = true }: { wwwToVariant?: boolean } = {}): PastedAddress | undefined {
  const host = hostOfUrl(text.trim());
  // Only a host that looks like a name is taken: anything else (markup, a path alone) is left
  // for the name rules to explain, as typed.
  if (host === undefined || !HOST_LIKE.test(host) || !host.includes('.')) return undefined;
  let name = host.toLowerCase();
  if (name.endsWith('.')) name = name.slice(0, -1);
  const labels = name.split('.');
  if (labels.length < 2 || labels.includes('')) return undefined;
  const www = wwwToVariant && labels.length >= 3 && labels[0] === 'www';
  if (www) name = labels.slice(1).join('.');
  return { name, www };
}

/**
 * The address as the hint may repeat it: scheme, host and path, without what may be secret
 * (`user:password@`, the query, the fragment). Text that is not an address comes back cut short.
 */
export function shownAddress(text: string): string {
  const trimmed = text.trim();
  const match = /^([a-z][a-z0-9+.-]*:)?(\/\/)?(?:[^/?#@]*@)?([^?#]*)/i.exec(trimmed);
  const shown = match ? `${match[1] ?? ''}${match[2] ?? ''}${match[3] ?? ''}` : trimmed;
  return shown.length > 80 ? `${shown.slice(0, 80)}…` : shown;
}

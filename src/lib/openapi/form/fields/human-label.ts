// A wire name as a person reads it: `localPart` → "Local part", `quotaMiB` → "Quota (MiB)",
// `dkim` → "DKIM", `customer_id` → "Customer ID". Labels of generated fields and parameters come
// from here when the schema gives no `title`; the wire name itself stays beside them as code.

/** Words written in capitals wherever they stand. */
const ACRONYMS: ReadonlySet<string> = new Set([
  'id', 'uid', 'gid', 'uuid', 'guid', 'ip', 'ipv4', 'ipv6', 'dns', 'dnssec', 'dkim', 'spf', 'dmarc', 'mx', 'txt', 'srv', 'ptr',
  'cname', 'aaaa', 'soa', 'ns', 'ttl', 'ssl', 'tls', 'sni', 'acme', 'http', 'https', 'http2', 'ftp', 'sftp', 'ssh', 'url', 'uri',
  'api', 'php', 'cgi', 'fpm', 'smtp', 'imap', 'pop3', 'mime', 'json', 'csv', 'xml', 'html', 'css', 'tcp', 'udp', 'cpu', 'ram', 'ssd', 'hdd',
  'vm', 'vps', 'os', 'sql', 'db', 'ca', 'csr', 'crt', 'pem', 'jwt', 'otp', 'totp', '2fa', 'mfa', 'sso', 'ldap', 'oauth', 'utc', 'iso',
  'vat', 'iban', 'bic', 'sepa', 'idn', 'tld', 'fqdn', 'cdn', 'waf', 'hsts', 'cors', 'rbl', 'dnsbl', 'arc', 'bimi', 'mta', 'sts', 'gpg',
  'pgp', 'smime', 'nat', 'vlan', 'mac', 'mtu', 'bgp', 'asn', 'rdns', 'ipam', 'ui', 'mb', 'gb', 'kb', 'tb',
]);

/** Plurals of acronyms: capitals, then a small "s". */
const PLURALS: ReadonlyMap<string, string> = new Map([
  ['ids', 'IDs'], ['uids', 'UIDs'], ['uuids', 'UUIDs'], ['ips', 'IPs'], ['urls', 'URLs'], ['uris', 'URIs'], ['vms', 'VMs'], ['dbs', 'DBs'], ['cas', 'CAs'],
]);

/** Words kept as they are, lower case: they are names, not words (`www`). */
const AS_WRITTEN: ReadonlySet<string> = new Set(['www']);

/** Words with a spelling of their own. */
const SPELLED: ReadonlyMap<string, string> = new Map([
  ['ipv4', 'IPv4'], ['ipv6', 'IPv6'], ['oauth', 'OAuth'], ['oauth2', 'OAuth2'], ['macos', 'macOS'], ['iphone', 'iPhone'], ['github', 'GitHub'], ['gitlab', 'GitLab'],
]);

/** Units that end a name (`quotaMiB`, `size_gb`, `timeoutSeconds`): shown in brackets. */
const UNITS: ReadonlyMap<string, string> = new Map([
  ['kib', 'KiB'], ['mib', 'MiB'], ['gib', 'GiB'], ['tib', 'TiB'], ['kb', 'KB'], ['mb', 'MB'], ['gb', 'GB'], ['tb', 'TB'],
  ['bytes', 'bytes'], ['ms', 'ms'], ['millis', 'ms'], ['milliseconds', 'ms'], ['sec', 's'], ['secs', 's'], ['seconds', 's'],
  ['minutes', 'min'], ['mins', 'min'], ['hours', 'h'], ['days', 'days'], ['pct', '%'], ['percent', '%'], ['mbit', 'Mbit/s'], ['mbps', 'Mbit/s'],
]);

const MAX_WORDS = 12;
/** Longer names are no label: shown cut, as written. */
const MAX_NAME = 200;

/**
 * The words of a wire name: split at `_`, `-`, `.`, spaces and camelCase humps, runs of capitals
 * kept together (`DNSRecords` → DNS, Records; `quotaMiB` → quota, MiB), digits with their word.
 */
export function wireWords(name: string): string[] {
  const words: string[] = [];
  // `e-mail` is one word, whatever splits at `-`.
  for (const chunk of name.replace(/\be-mail/gi, 'email').split(/[\s_.\-/]+/)) {
    if (chunk === '') continue;
    // Unit spellings (`MiB`), `IPv6` and `OAuth2` are one word; so is an acronym's plural (`IDs`, `CAs`).
    const parts = chunk.match(/[KMGT]iB(?!\p{Ll})|IPv\d+|OAuth\d*|\p{Lu}{2,}s(?!\p{Ll})|\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\d+\p{Ll}*|[^\p{L}\d]+/gu) ?? [chunk];
    for (const part of parts) {
      // `ipv4`, `pop3`, `http2`: a digit run glued to the word before it.
      const last = words.at(-1);
      if (/^\d+$/.test(part) && last !== undefined && /^(?:ipv|pop|http|ip|v)$/i.test(last)) words[words.length - 1] = `${last}${part}`;
      else words.push(part);
    }
  }
  return words;
}

function wordOf(word: string, first: boolean): string {
  const lower = word.toLowerCase();
  if (AS_WRITTEN.has(lower)) return lower;
  const spelled = SPELLED.get(lower);
  if (spelled !== undefined) return spelled;
  const plural = PLURALS.get(lower);
  if (plural !== undefined) return plural;
  if (ACRONYMS.has(lower)) return lower.toUpperCase();
  // A word that was written in capitals and is not known as an acronym (`DEBUG`) reads as a word.
  return first ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
}

/**
 * A wire name made human: words by case and separators, the first capitalised, known acronyms
 * in capitals, a trailing unit in brackets. A name that has nothing to split (`www`, `id`) is
 * one word; a name without letters, or longer than a label can usefully be, stays as written.
 */
export function humanLabel(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '' || !/\p{L}/u.test(trimmed) || trimmed.length > MAX_NAME) return name.slice(0, MAX_NAME);
  const words = wireWords(trimmed);
  if (words.length === 0 || words.length > MAX_WORDS) return name;
  let unit: string | undefined;
  const last = words.at(-1);
  if (words.length > 1 && last !== undefined && UNITS.has(last.toLowerCase())) {
    unit = UNITS.get(last.toLowerCase());
    words.pop();
    // `sizeInMiB`, `quota_in_gb`: the "in" goes with the unit.
    if (words.length > 1 && words.at(-1)?.toLowerCase() === 'in') words.pop();
  }
  const text = words.map((word, index) => wordOf(word, index === 0)).join(' ');
  return unit === undefined ? text : `${text} (${unit})`;
}

/** Whether the wire name is worth showing beside a label: it is not the label in other case (`domain`, "Domain"). */
export const differsFromWire = (label: string, name: string | undefined): name is string =>
  name !== undefined && name !== '' && label.toLowerCase() !== name.toLowerCase();

/** A label inside a phrase ("Web" + "type"): its first letter lower case unless an acronym starts it. */
export const inSentence = (label: string): string => (/^[A-Z][A-Z0-9]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1));

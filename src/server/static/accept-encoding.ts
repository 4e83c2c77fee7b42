/** The content codings the build precompresses (src/server/static/precompress.ts), best first. */
export const PRECOMPRESSED = [
  { coding: 'br', extension: '.br' },
  { coding: 'gzip', extension: '.gz' },
] as const;

export type ContentCoding = (typeof PRECOMPRESSED)[number]['coding'] | 'identity';

/**
 * The coding to send, of those available, by the client's `Accept-Encoding` (RFC 9110 §12.5.3):
 * the highest q-value wins, ties go to the smaller file (br, then gzip, then identity); `q=0`
 * refuses a coding, `*` stands for every coding not named. Identity, when not named (nor `*`),
 * ranks with the least wanted coding listed, as in the `negotiator` package: "br;q=0.5" still
 * asks for br. When everything is refused, identity is sent anyway (a 406 would help nobody).
 */
export function chooseEncoding(header: string | undefined, available: readonly ContentCoding[]): ContentCoding {
  const weights = parse(header ?? '');
  const weightOf = (coding: ContentCoding): number => {
    const named = weights.get(coding) ?? (coding === 'gzip' ? weights.get('x-gzip') : undefined);
    if (named !== undefined) return named;
    const star = weights.get('*');
    if (star !== undefined) return star;
    if (coding !== 'identity') return 0;
    return weights.size === 0 ? 1 : Math.min(...weights.values());
  };
  let best: ContentCoding = 'identity';
  let bestWeight = weightOf('identity');
  for (const coding of ['br', 'gzip'] as const) {
    if (!available.includes(coding)) continue;
    const weight = weightOf(coding);
    if (weight > 0 && weight >= bestWeight && (best === 'identity' || weight > bestWeight)) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

function parse(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.slice(0, 1024).split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([01](?:\.\d{0,3})?)$/i.exec(param);
      if (match) weight = Math.min(1, Number(match[1]));
      else if (/^q\s*=/i.test(param)) weight = 0;
    }
    const key = name.toLowerCase();
    // A coding named twice keeps its first weight, as most servers read it.
    if (!weights.has(key)) weights.set(key, weight);
  }
  return weights;
}

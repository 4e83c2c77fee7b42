/**
 * The words of an HTML (or any) error body, in one forward pass: the same text the former
 * regular expressions gave, without their worst case. Each of them rescanned the rest of the
 * input from every `<` (`<title` repeated: quadratic, 27 s for 360 KB); here every search
 * resumes where the last one stopped, and one that fails to find a closer is never repeated.
 */
export function markupToText(source: string): string {
  const title = titleOf(source);
  return decodeSpaces(stripTags(title ?? stripRawText(source)));
}

const RAW_TEXT = ['script', 'style'] as const;
type RawText = (typeof RAW_TEXT)[number];

/** The contents of the first `<title…>…</title>`, if it is closed: a page's own summary. */
function titleOf(source: string): string | undefined {
  const open = indexOfIgnoreCase(source, '<title', 0);
  if (open < 0) return undefined;
  const start = source.indexOf('>', open + '<title'.length);
  if (start < 0) return undefined;
  const end = indexOfIgnoreCase(source, '</title>', start + 1);
  return end < 0 ? undefined : source.slice(start + 1, end);
}

/**
 * Drops each `<script…>…</script>` and `<style…>…</style>` (their code is no message). An
 * opener without a closer stays, so its tag goes with the other tags and its words are kept.
 */
function stripRawText(source: string): string {
  const parts: string[] = [];
  const unclosed = new Set<RawText>();
  let kept = 0;
  let lt = source.indexOf('<');
  while (lt >= 0) {
    const name = RAW_TEXT.find((candidate) => startsWithIgnoreCase(source, lt + 1, candidate));
    // Once a closer is missing from one point on, it is missing from every later point too.
    const end = name && !unclosed.has(name) ? closerEnd(source, name, lt + 1 + name.length) : -1;
    if (name && end < 0) unclosed.add(name);
    if (end < 0) {
      lt = source.indexOf('<', lt + 1);
      continue;
    }
    parts.push(source.slice(kept, lt), ' ');
    kept = end;
    lt = source.indexOf('<', end);
  }
  parts.push(source.slice(kept));
  return parts.join('');
}

/** Where the first `</name` + whitespace + `>` at or after `from` ends, or -1. */
function closerEnd(source: string, name: RawText, from: number): number {
  const closer = `</${name}`;
  for (let at = indexOfIgnoreCase(source, closer, from); at >= 0; at = indexOfIgnoreCase(source, closer, at + 1)) {
    let after = at + closer.length;
    while (after < source.length && WHITESPACE.test(source.charAt(after))) after += 1;
    if (source.charAt(after) === '>') return after + 1;
  }
  return -1;
}

/** Each `<…>` becomes a space; a `<` with no `>` anywhere after it is text, as is all after it. */
function stripTags(source: string): string {
  const parts: string[] = [];
  let kept = 0;
  for (let lt = source.indexOf('<'); lt >= 0; lt = source.indexOf('<', kept)) {
    const gt = source.indexOf('>', lt + 1);
    if (gt < 0) break;
    parts.push(source.slice(kept, lt), ' ');
    kept = gt + 1;
  }
  parts.push(source.slice(kept));
  return parts.join('');
}

function decodeSpaces(text: string): string {
  return text.split('&nbsp;').join(' ');
}

// One character at a time: the same set as `\s`, with nothing to backtrack over.
const WHITESPACE = /^\s$/;

/** `needle` is lower-case ASCII starting with `<`; matching folds ASCII letters only, as `/i` does. */
function indexOfIgnoreCase(source: string, needle: string, from: number): number {
  for (let at = source.indexOf('<', from); at >= 0; at = source.indexOf('<', at + 1)) {
    if (startsWithIgnoreCase(source, at, needle)) return at;
  }
  return -1;
}

function startsWithIgnoreCase(source: string, at: number, needle: string): boolean {
  if (at + needle.length > source.length) return false;
  for (let i = 0; i < needle.length; i += 1) {
    const want = needle.charCodeAt(i);
    const got = source.charCodeAt(at + i);
    const isLetter = want >= 0x61 && want <= 0x7a;
    if (got !== want && !(isLetter && got === want - 0x20)) return false;
  }
  return true;
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ERROR_BODY_CHARS, MAX_FIELD_ERRORS, plainText, readErrorBody, shorten, toFieldPath } from './error-body.ts';
import { markupToText } from './markup-text.ts';

const MiB = 1024 * 1024;
// The config gives network tests 20 s; hostile bodies get vitest's default, so that a
// super-linear pass fails here instead of freezing a page.
const GUARD = 5_000;

/** The regular expressions this module used before the scanner: the reference for normal input. */
function legacyPlainText(raw: string): string | undefined {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(raw)?.[1];
  const source = title ?? raw.replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, ' ');
  const result = shorten(source.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' '));
  return result || undefined;
}

const fill = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length));
const cut = (text: string) => `${text.slice(0, 299)}…`;

interface BodyCase {
  name: string;
  contentType: string | null;
  raw: string;
  detail: string | undefined;
  isJson?: boolean;
}

const page = (head: string, body: string) => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;

const NORMAL_BODIES: BodyCase[] = [
  { name: 'nginx 502 page', contentType: 'text/html', raw: '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n', detail: '502 Bad Gateway' },
  { name: 'title with attributes, markup and &nbsp;', contentType: 'text/html', raw: page('<TITLE lang="en">Service&nbsp;<i>down</i></Title>', ''), detail: 'Service down' },
  { name: 'empty title', contentType: 'text/html', raw: page('<title></title>', '<p>Words</p>'), detail: undefined },
  { name: 'page without a title', contentType: 'text/html', raw: page('<style media="all">p { color: red }</style>', '<h1>Service&nbsp;down</h1>\n<p>Try <b>later</b>.</p><script>var s = "<b>x</b>"</script><SCRIPT>evil()</script >'), detail: 'Service down Try later .' },
  { name: 'nested script and style', contentType: 'text/html', raw: '<style><style>a{}</style>b</style>c<script><script>x</script>y</script>z', detail: 'b c y z' },
  { name: 'unclosed script keeps its words', contentType: 'text/html', raw: '<p>Error</p><script>alert(1)', detail: 'Error alert(1)' },
  { name: 'unclosed title is no title', contentType: 'text/html', raw: '<title>Half<p>Rest</p>', detail: 'Half Rest' },
  { name: 'a < without a >', contentType: 'text/plain', raw: 'if a < b then fail', detail: 'if a < b then fail' },
  { name: 'plain text with controls', contentType: 'text/plain', raw: ' Domain\u0000name\u001b\trefused\u0085. ', detail: 'Domain name refused .' },
  { name: 'long plain text', contentType: 'text/plain', raw: 'word '.repeat(100), detail: cut('word '.repeat(100)) },
  { name: 'problem details', contentType: 'application/problem+json', raw: JSON.stringify({ title: 'Invalid', detail: 'Two fields are wrong.' }), detail: 'Two fields are wrong.', isJson: true },
  { name: '{message} with markup (not parsed as HTML)', contentType: 'application/json', raw: JSON.stringify({ message: '<b>bold</b>' }), detail: '<b>bold</b>', isJson: true },
  { name: 'invalid JSON read as text', contentType: 'application/json', raw: '<html><title>Bad Gateway</title></html>', detail: 'Bad Gateway' },
  { name: 'no content type', contentType: null, raw: '<h1>Oops</h1>', detail: 'Oops' },
];

describe('readErrorBody: normal bodies read as before', () => {
  it.each(NORMAL_BODIES)('$name', ({ contentType, raw, detail, isJson = false }) => {
    const body = readErrorBody(contentType, raw);
    expect(body.detail).toBe(detail);
    expect(body.isJson).toBe(isJson);
  });

  it.each(NORMAL_BODIES.filter((body) => !body.isJson))('$name: what the former regular expressions gave', ({ raw, detail }) => {
    expect(legacyPlainText(raw)).toBe(detail);
  });

  it('plainText gives what the former regular expressions gave, for any mix of markup pieces', () => {
    const piece = fc.constantFrom(
      '<title>', '<TITLE lang="en">', '</title>', '</TITLE>', '<title', '<titles>', '<script>', '<SCRIPT type="x">',
      '</script>', '</script \n>', '</Script', '<script', '<style>', '</style>', '</STYLE\t>', '<b>', '</b>', '<', '>',
      '&nbsp;', '&nbsp', 'word', ' ', '\n', '\u0000', '\u00a0', '/',
    );
    const raw = fc.array(fc.oneof(piece, fc.string({ maxLength: 3 })), { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(fc.property(raw, (text) => { expect(plainText(text)).toBe(legacyPlainText(text)); }), { numRuns: 2_000 });
  });
});

interface HostileCase {
  name: string;
  make: (size: number) => string;
  /** What the scanner makes of the whole input, uncapped. */
  text: (raw: string) => string;
  /** What the panel shows: the same for the first 64 KiB of the input. */
  detail: (raw: string) => string | undefined;
}

const nothingIsMarkup = { text: (raw: string) => raw, detail: (raw: string) => cut(raw) };

const HOSTILE: HostileCase[] = [
  { name: '<title repeated', make: (size) => fill('<title', size), ...nothingIsMarkup },
  { name: '<script repeated', make: (size) => fill('<script', size), ...nothingIsMarkup },
  { name: '< repeated', make: (size) => fill('<', size), ...nothingIsMarkup },
  // 64 Ki is no multiple of 7: the cap leaves `<t`, the start of a tag, which is text.
  { name: '<title> repeated', make: (size) => fill('<title>', size), text: (raw) => ' '.repeat(raw.length / 7), detail: () => '<t' },
  { name: '<script> repeated', make: (size) => fill('<script>', size), text: (raw) => ' '.repeat(raw.length / 8), detail: () => undefined },
  {
    name: '<title> then words without a close',
    make: (size) => `<title>${fill('word ', size)}`,
    text: (raw) => ` ${raw.slice('<title>'.length)}`,
    detail: () => cut('word '.repeat(60)),
  },
  {
    name: '<script> then closers that never end',
    make: (size) => `<script>${fill('x</script ', size)}`,
    text: (raw) => ` ${raw.slice('<script>'.length)}`,
    detail: () => cut('x</script '.repeat(30)),
  },
  {
    name: '<style> nested, closed at the very end',
    make: (size) => `${fill('<style>', size / 2)}p{}${fill('</style>', size / 2)}Visible`,
    text: (raw) => `${' '.repeat(raw.split('</style>').length - 1)}Visible`,
    // The closers lie past the cap: the first 64 KiB is openers only, and `<s` of the last one.
    detail: () => '<s',
  },
];

describe('plainText: hostile bodies, linear work', () => {
  describe.each([1, 4])('%i MiB', (mebibytes) => {
    it.each(HOSTILE)('$name: the scanner reads it whole', ({ make, text }) => {
      const raw = make(mebibytes * MiB);
      expect(raw.length).toBeGreaterThanOrEqual(mebibytes * MiB);
      expect(markupToText(raw)).toBe(text(raw));
    }, GUARD);

    it.each(HOSTILE)('$name: the panel shows the words of its first 64 KiB', ({ make, detail }) => {
      const raw = make(mebibytes * MiB);
      expect(plainText(raw)).toBe(detail(raw));
      expect(readErrorBody('text/html', raw).detail).toBe(detail(raw));
    }, GUARD);
  });

  it('a nested <style> within the cap is dropped whole', () => {
    expect(plainText(`${'<style>'.repeat(1000)}p{}${'</style>'.repeat(1000)}Visible`)).toBe('Visible');
  });
});

describe('the cap: only the first 64 KiB is ever looked at', () => {
  const tenMiB = 10 * MiB;

  it.each(HOSTILE)('$name: 10 MiB reads as its first 64 KiB', ({ make }) => {
    const raw = make(tenMiB);
    expect(plainText(raw)).toBe(plainText(raw.slice(0, MAX_ERROR_BODY_CHARS)));
    expect(readErrorBody('text/html', raw)).toEqual(readErrorBody('text/html', raw.slice(0, MAX_ERROR_BODY_CHARS)));
  }, GUARD);

  it('a title after the first 64 KiB is never seen', () => {
    const head = fill('a', MAX_ERROR_BODY_CHARS).slice(0, MAX_ERROR_BODY_CHARS);
    const raw = `${head}<title>Late</title>${fill('<title', tenMiB)}`;
    expect(plainText(`${head.slice(0, 10)}<title>Late</title>`)).toBe('Late');
    expect(plainText(raw)).toBe(cut(head));
  }, GUARD);

  it('a script closed after the first 64 KiB stays open: its opener is only a tag', () => {
    const raw = `<p>Down</p><script>${fill('s', MAX_ERROR_BODY_CHARS)}</script>`;
    expect(plainText(raw)).toBe(cut(`Down ${'s'.repeat(300)}`));
  });

  it('JSON within the cap is parsed; JSON over it is read as the text of its first 64 KiB', () => {
    const json = (length: number) => {
      const shell = JSON.stringify({ message: '' }).length;
      return JSON.stringify({ message: `Too big${'.'.repeat(length - shell - 'Too big'.length)}` });
    };
    expect(json(MAX_ERROR_BODY_CHARS)).toHaveLength(MAX_ERROR_BODY_CHARS);
    expect(readErrorBody('application/json', json(MAX_ERROR_BODY_CHARS))).toMatchObject({ isJson: true, detail: cut(`Too big${'.'.repeat(300)}`) });

    const over = json(tenMiB);
    const body = readErrorBody('application/json', over);
    expect(body).toEqual({ isJson: false, detail: cut(over), fieldErrors: [], code: undefined });
    expect(body).toEqual(readErrorBody('application/json', over.slice(0, MAX_ERROR_BODY_CHARS)));
  }, GUARD);

  it('a body blank for its first 64 KiB is empty, whatever follows', () => {
    expect(readErrorBody('text/plain', `${' '.repeat(MAX_ERROR_BODY_CHARS)}Hidden`).detail).toBeUndefined();
  });
});

describe('shorten, toFieldPath and field errors: linear on hostile text', () => {
  it('shorten collapses 4 MiB of whitespace and control characters', () => {
    expect(shorten(fill(' \t\u0000\n\u009f', 4 * MiB))).toBe('');
    expect(shorten(fill('a \u0000', 4 * MiB))).toBe(cut('a '.repeat(150)));
  }, GUARD);

  it.each([
    ['[a', (raw: string) => raw],
    ['[', (raw: string) => raw],
    ['[a]', (raw: string) => Array.from({ length: raw.length / 3 }, () => 'a').join('.')],
    ['/~1~0', (raw: string) => Array.from({ length: raw.length / 5 }, () => '/~').join('.')],
  ])('toFieldPath on 4 MiB of %s', (unit, expected) => {
    const raw = fill(unit, 4 * MiB);
    expect(toFieldPath(raw)).toBe(expected(raw));
  }, GUARD);

  it(`reads the field errors of a JSON body that fills the cap, the first ${MAX_FIELD_ERRORS}`, () => {
    const entries = Array.from({ length: 2_000 }, (_, i) => [`web[f${i}]`, ['bad', 'worse']] as const);
    const raw = JSON.stringify({ errors: Object.fromEntries(entries) });
    expect(raw.length).toBeLessThanOrEqual(MAX_ERROR_BODY_CHARS);
    const body = readErrorBody('application/json', raw);
    expect(body.fieldErrors).toHaveLength(MAX_FIELD_ERRORS);
    expect(body.fieldErrors.at(-1)).toEqual({ field: `web.f${MAX_FIELD_ERRORS - 1}`, message: 'bad worse' });
  });
});

describe('readErrorBody: field errors in the shapes servers use', () => {
  const read = (body: unknown) => readErrorBody('application/json', JSON.stringify(body));
  it.each<[string, unknown, unknown[]]>([
    ['FastAPI, without its leading "body"', { detail: [{ loc: ['body', 'web', 'target'], msg: 'bad' }] }, [{ field: 'web.target', message: 'bad' }]],
    ['FastAPI, a query parameter', { detail: [{ loc: ['query', 'limit'], msg: 'bad' }] }, [{ field: 'query.limit', message: 'bad' }]],
    ['JSON:API source.pointer', { errors: [{ source: { pointer: '/mail/dkim' }, detail: 'no' }] }, [{ field: 'mail.dkim', message: 'no' }]],
    ['Google error.details', { error: { message: 'Invalid', details: [{ field: 'domain', description: 'x', message: 'taken' }] } }, [{ field: 'domain', message: 'taken' }]],
    ['a pointer segment with a dot of its own', { errors: [{ pointer: '/labels/app.kubernetes.io~1name', detail: 'bad' }] }, [{ field: 'labels.app.kubernetes.io/name', message: 'bad', name: ['labels', 'app.kubernetes.io/name'] }]],
    ['messages naming no field, kept', { errors: ['Quota reached', { message: 'Try later' }] }, [{ field: '', message: 'Quota reached' }, { field: '', message: 'Try later' }]],
    ['the detail text alone is no field error', { title: 'Bad', detail: 'Domain exists' }, []],
    ['Google BadRequest fieldViolations', { error: { code: 400, message: 'Invalid', details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: 'web.target', description: 'outside' }] }] } }, [{ field: 'web.target', message: 'outside' }]],
    ['Google\'s older errors[].location', { error: { errors: [{ location: 'limit', message: 'too big' }] } }, [{ field: 'limit', message: 'too big' }]],
    ['JSON:API source.parameter', { errors: [{ source: { parameter: 'page' }, detail: 'bad' }] }, [{ field: 'query.page', message: 'bad' }]],
    ['a name with control and direction characters, cleaned', { errors: [{ field: 'a\u202eb\u0007c', message: 'x' }] }, [{ field: 'abc', message: 'x' }]],
    ['a name past 500 characters names no field', { detail: [{ loc: ['body', 'x'.repeat(600)], msg: 'long' }] }, [{ field: '', message: 'long' }]],
    ['an error object\'s message alone neither', { error: { code: 'x', message: 'Quota reached' } }, []],
  ])('%s', (_, body, fieldErrors) => {
    expect(read(body).fieldErrors).toEqual(fieldErrors);
  });

  it.each<[string, unknown]>([
    ['garbage entries', { errors: [null, 5, { field: {}, message: {} }, { loc: [{}], msg: 'x' }] }],
    ['a detail list of garbage', { detail: [[], null, { loc: 'x' }] }],
    ['errors as a number', { errors: 5, error: [] }],
  ])('never throws on %s, and keeps only what it can name', (_, body) => {
    expect(() => read(body)).not.toThrow();
    for (const error of read(body).fieldErrors) expect(typeof error.message).toBe('string');
  });
});

describe('readErrorBody: messages naming no field', () => {
  it('are the reason when the body says nothing else', () => {
    expect(readErrorBody('application/json', JSON.stringify({ errors: ['Quota reached'] })).detail).toBe('Quota reached');
    expect(readErrorBody('application/json', JSON.stringify({ detail: 'Own words', errors: ['Quota reached'] })).detail).toBe('Own words');
  });
});

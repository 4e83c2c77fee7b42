import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIResponse, Page } from '@playwright/test';
import { addDomainButton, expect, fillDomainForm, type PageWatch, saveSettings, test } from './support/fixtures.ts';

const REQUIRED_CSP = [
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
  "require-trusted-types-for 'script'",
];

function expectSecurityHeaders(response: APIResponse, what: string) {
  expect(response.status(), what).toBe(200);
  const headers = response.headers();
  const csp = headers['content-security-policy'] ?? '';
  const directives = csp.split(';').map((d) => d.trim());
  for (const directive of REQUIRED_CSP) expect(directives, `${what}: CSP has ${directive}`).toContain(directive);
  expect(csp, `${what}: CSP`).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|strict-dynamic|\*/);
  expect(headers['referrer-policy'], `${what}: Referrer-Policy`).toBe('no-referrer');
  expect(headers['x-content-type-options'], `${what}: X-Content-Type-Options`).toBe('nosniff');
}

test('the built page and its scripts are served with a strict CSP and no inline code', async ({ request }) => {
  const page = await request.get('/');
  expectSecurityHeaders(page, '/');
  const html = await page.text();

  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)];
  expect(scripts.length, 'the page loads at least one script').toBeGreaterThan(0);
  for (const [tag, attributes = '', content = ''] of scripts) {
    expect(attributes, `${tag} has a src`).toMatch(/\bsrc=/);
    expect(content.trim(), `${tag} has no inline code`).toBe('');
  }
  expect(html).not.toMatch(/<style\b/i);
  expect(html).not.toMatch(/\sstyle\s*=/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);

  const assetPaths = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/gi)].map((m) => m[1] ?? '');
  expect(assetPaths.length).toBeGreaterThan(0);
  for (const asset of assetPaths) {
    const response = await request.get(asset);
    expectSecurityHeaders(response, asset);
    expect(response.headers()['content-type']).toMatch(/javascript/);
  }
  // A route the page does not know still answers with the same headers.
  expectSecurityHeaders(await request.get('/index.html'), '/index.html');
});

test('the CSP is enforced: no eval, no HTML strings into the DOM', async ({ page, watch }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Add domain' })).toBeVisible();

  const outcome = await page.evaluate(async () => {
    const samples: string[] = [];
    const reported = new Promise<void>((resolve) => {
      document.addEventListener('securitypolicyviolation', (event) => {
        samples.push(`${event.effectiveDirective} ${event.sample}`);
        if (samples.length === 3) resolve();
      });
    });
    // Code run by the test driver itself may eval; code the page runs (a timer here) may not.
    const asPage = (run: () => string) => new Promise<string>((resolve) => {
      setTimeout(() => {
        try {
          resolve(`ran: ${run()}`);
        } catch (error) {
          resolve(error instanceof Error ? `${error.name}: ${error.message}` : 'thrown');
        }
      });
    });
    const evalResult = await asPage(() => String(eval('1')));
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the same for the Function constructor
    const functionResult = await asPage(() => String((new Function('return 2') as () => number)()));
    const target = document.createElement('div');
    const htmlResult = await asPage(() => {
      target.innerHTML = '<img src=x onerror="window.__pwned=1">';
      return 'assigned';
    });
    await reported;
    return { evalResult, functionResult, htmlResult, children: target.childElementCount, samples };
  });

  expect(outcome.evalResult).toMatch(/^EvalError: .*unsafe-eval/);
  expect(outcome.functionResult).toMatch(/^EvalError: /);
  expect(outcome.htmlResult).toMatch(/^TypeError: .*requires 'TrustedHTML' assignment/);
  expect(outcome.children).toBe(0);
  expect(outcome.samples).toEqual([
    'require-trusted-types-for eval|1',
    expect.stringMatching(/^require-trusted-types-for Function\|/),
    expect.stringMatching(/^require-trusted-types-for Element innerHTML\|<img src=x/),
  ]);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  // The watch saw all three (so it would catch an unplanned one); the deliberate ones are dropped.
  await expect.poll(() => watch.cspViolations).toEqual(Array(3).fill('require-trusted-types-for trusted-types-sink'));
  watch.cspViolations.length = 0;
});

// Server text that would set window.__pwned if it ever ran.
const PAYLOADS = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '<svg onload="window.__pwned=1"><circle r="1"/></svg>',
  '<a href="javascript:window.__pwned=1">click here</a>',
];
const PADDING = ` ${'and then some more server text '.repeat(40)}`;

/** Where the server's words land; waits for them there (they carry `tag`) and reads them. */
type WordsReader = (page: Page, tag: string) => Promise<string>;

const WORDS_IN_ALERT: WordsReader = async (page, tag) => {
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Server message: ');
  await expect(alert).toContainText(tag);
  return (await alert.innerText()).split('Server message: ')[1] ?? '';
};

const WORDS_ON_DOMAIN_FIELD: WordsReader = async (page, tag) => {
  const field = page.getByRole('textbox', { name: 'Domain name' });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(tag));
  // The server's words alone: the first description is the field's error, before its hint.
  return field.evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(' ');
    return document.getElementById(ids[0] ?? '')?.textContent ?? '';
  });
};

/** How the server's words may be shown, given the markup they carried. */
type WordsCheck = (words: string, payload: string, tag: string, what: string) => void;

/** JSON strings are shown as they are: the markup appears as its own text. */
const VERBATIM: WordsCheck = (words, payload, tag, what) => {
  const sent = `${payload} ${tag} `;
  expect(words.slice(0, sent.length), `${what}: the markup shows as its own text`).toBe(sent);
};

/** HTML and plain text are reduced to words: no markup is left. */
const AS_WORDS: WordsCheck = (words, _payload, _tag, what) => {
  expect(words, `${what}: markup reduced to words`).not.toMatch(/[<>]/);
  expect(words, what).not.toContain('__pwned');
};

interface HostileAnswer {
  name: string;
  status: number;
  contentType: string;
  /** `tag` is unique to one answer, so the test can tell it from the one before. */
  body: (payload: string, tag: string) => string;
  headers?: Record<string, string>;
  /** The panel's own sentence for this answer. */
  sentence: RegExp;
  /** Where the server's words land: the form's alert, or the Domain name field. */
  words: WordsReader;
  shown: WordsCheck;
}

const ANSWERS: HostileAnswer[] = [
  {
    name: 'an HTML 500 page', status: 500, contentType: 'text/html; charset=utf-8', shown: AS_WORDS,
    body: (p, tag) => `<!doctype html><html><body><h1>Failure ${tag}</h1>${p}<p>${PADDING}</p></body></html>`,
    sentence: /The hosting server failed while handling the request \(status 500\)\./, words: WORDS_IN_ALERT,
  },
  {
    name: 'a 400 problem detail', status: 400, contentType: 'application/problem+json', shown: VERBATIM,
    body: (p, tag) => JSON.stringify({ type: 'about:blank', title: 'Bad Request', status: 400, detail: `${p} ${tag}${PADDING}` }),
    sentence: /The server refused the request as malformed\./, words: WORDS_IN_ALERT,
  },
  {
    name: 'a 403 problem detail', status: 403, contentType: 'application/problem+json', shown: VERBATIM,
    body: (p, tag) => JSON.stringify({ title: 'Forbidden', status: 403, detail: `${p} ${tag}${PADDING}` }),
    sentence: /accepted the API key but refused this action/, words: WORDS_IN_ALERT,
  },
  {
    name: 'a 409 {message}', status: 409, contentType: 'application/json', shown: VERBATIM,
    body: (p, tag) => JSON.stringify({ message: `${p} ${tag}${PADDING}` }),
    sentence: /The domain example\.org already exists on the server\./, words: WORDS_IN_ALERT,
  },
  {
    name: 'a 422 errors[] on #/domain', status: 422, contentType: 'application/problem+json', shown: VERBATIM,
    body: (p, tag) => JSON.stringify({ title: 'Unprocessable', status: 422, errors: [{ pointer: '#/domain', detail: `${p} ${tag}${PADDING}` }] }),
    sentence: /The server refused some values; see the marked fields\./, words: WORDS_ON_DOMAIN_FIELD,
  },
  {
    name: 'a text/plain 503', status: 503, contentType: 'text/plain', shown: AS_WORDS,
    body: (p, tag) => `Service down ${tag} ${p}${PADDING}`, headers: { 'Retry-After': '0' },
    sentence: /The server is temporarily unavailable\./, words: WORDS_IN_ALERT,
  },
];

/** Elements that could carry script, anywhere in the document, and links with a script URL. */
function activeElements(page: Page) {
  return page.evaluate(() => ({
    embedded: document.querySelectorAll('body img, body svg, body script, iframe, object, embed').length,
    scriptLinks: [...document.querySelectorAll('a[href]')].filter((a) => /^\s*javascript:/i.test(a.getAttribute('href') ?? '')).length,
    pwned: (window as unknown as { __pwned?: number }).__pwned,
  }));
}

for (const answer of ANSWERS) {
  test(`hostile markup in ${answer.name} is shown as short text and never runs`, async ({ page, sim }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await page.getByRole('link', { name: 'Add domain' }).click();
    await fillDomainForm(page, { domain: 'example.org', account: 'web77' });
    const before = await activeElements(page);
    expect(before).toEqual({ embedded: 0, scriptLinks: 0, pwned: undefined });

    for (const [index, payload] of PAYLOADS.entries()) {
      const tag = `answer-${index + 1}`;
      await sim.fault({
        method: 'POST', action: 'respond', status: answer.status, contentType: answer.contentType,
        body: answer.body(payload, tag), headers: answer.headers ?? {},
      });
      await addDomainButton(page).click();
      await expect(page.getByRole('alert')).toContainText(answer.sentence);

      const words = await answer.words(page, tag);
      // Cut short: the server's words are at most ~300 characters, ending in an ellipsis.
      expect(words.length, `${answer.name}: shortened`).toBeLessThanOrEqual(300);
      expect(words).toMatch(/…$/);
      answer.shown(words, payload, tag, answer.name);

      expect(await activeElements(page), `${answer.name} with ${payload}`).toEqual(before);
      await expect(page.getByRole('textbox', { name: 'Domain name' })).toHaveValue('example.org');
      await expect(page.getByRole('textbox', { name: 'Hosting account' })).toHaveValue('web77');
      await expect(page.getByRole('textbox', { name: 'Customer ID' })).toHaveValue('c0002');
      // The 503 says Retry-After: 0, so the button is back at once.
      await expect(addDomainButton(page)).toBeEnabled();
    }
    expect(await sim.posts()).toHaveLength(PAYLOADS.length);
    expect(await sim.domains()).not.toContainEqual(expect.objectContaining({ domain: 'example.org' }));
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Everything the page can keep or show, checked after each journey: none of it holds `marker`. */
async function expectNoLeak(page: Page, watch: PageWatch, marker: string) {
  const stored = await page.evaluate(async () => ({
    local: Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k) ?? ''}`),
    indexedDb: (await indexedDB.databases()).map((d) => d.name ?? ''),
    caches: await caches.keys(),
    serviceWorkers: (await navigator.serviceWorker.getRegistrations()).length,
    documentCookie: document.cookie,
    historyState: JSON.stringify(history.state ?? null),
    windowName: window.name,
  }));
  expect(stored.local, 'localStorage').toEqual([]);
  expect(stored.indexedDb, 'IndexedDB').toEqual([]);
  expect(stored.caches, 'Cache Storage').toEqual([]);
  expect(stored.serviceWorkers, 'service workers').toBe(0);
  expect(stored.documentCookie, 'document.cookie').toBe('');
  const cookies = await page.context().cookies();
  expect(cookies.map((c) => `${c.name}=${c.value}`).join('\n'), 'cookies of the context').not.toContain(marker);
  expect(stored.historyState, 'history state').not.toContain(marker);
  expect(stored.windowName, 'window.name').not.toContain(marker);
  expect(page.url(), 'page URL').not.toContain(marker);
  await expect(page.locator('body'), 'page text').not.toContainText(marker);
  // Every text box except the API key field itself.
  const boxes = await page.getByRole('textbox').evaluateAll((els) => els.map((el) => ({
    label: (el as HTMLInputElement).labels?.[0]?.textContent ?? '',
    value: (el as HTMLInputElement).value,
  })));
  expect(boxes.filter((box) => box.label !== 'API key').map((box) => box.value).join('\n'), 'other fields').not.toContain(marker);
  expect(watch.console.join('\n'), 'console').not.toContain(marker);
}

test('a marker API key appears nowhere but in its own field and the Authorization header', { tag: '@journey' }, async ({ page, browser, sim, watch }) => {
  const marker = `marker-${Date.now()}-${randomBytes(12).toString('hex')}`;
  const wrongKey = `wrong-${randomBytes(8).toString('hex')}`;
  await sim.registerKey(marker, 'admin');

  const pageRequests: { url: string; referer: string | undefined }[] = [];
  page.on('request', (request) => {
    pageRequests.push({ url: request.url(), referer: request.headers().referer });
  });
  const status = page.getByRole('status');
  const alert = page.getByRole('alert');

  await test.step('saved in Settings', async () => {
    await saveSettings(page, { apiKey: marker, customerId: 'c0002' });
    await expect(status).toHaveText('Settings saved.');
    await expectNoLeak(page, watch, marker);
    await page.getByRole('link', { name: 'Add domain' }).click();
  });

  await test.step('201: added', async () => {
    await fillDomainForm(page, { domain: 'marker-one.example', account: 'web77' });
    await addDomainButton(page).click();
    await expect(status).toHaveText('Added marker-one.example to account web77 of customer c0002.');
    await expectNoLeak(page, watch, marker);
  });

  await test.step('409: the domain exists', async () => {
    await fillDomainForm(page, { domain: 'marker-one.example', account: 'web77' });
    await addDomainButton(page).click();
    await expect(alert).toContainText('already exists on the server');
    await expectNoLeak(page, watch, marker);
  });

  await test.step('422: unknown account', async () => {
    await fillDomainForm(page, { domain: 'marker-two.example', account: 'web99' });
    await addDomainButton(page).click();
    await expect(alert).toContainText('refused some values');
    await expectNoLeak(page, watch, marker);
  });

  await test.step('500 with an HTML page', async () => {
    await sim.fault({ method: 'POST', action: 'respond', status: 500, contentType: 'text/html', body: '<html><body><h1>Broken</h1></body></html>' });
    await fillDomainForm(page, { domain: 'marker-two.example', account: 'web77' });
    await addDomainButton(page).click();
    await expect(alert).toContainText('(status 500)');
    await expectNoLeak(page, watch, marker);
  });

  await test.step("the proxy's 502: the connection is cut, the outcome is checked", async () => {
    await sim.fault({ method: 'POST', action: 'reset' });
    await fillDomainForm(page, { domain: 'marker-three.example', account: 'web77' });
    await addDomainButton(page).click();
    await expect(page.getByRole('status')).toContainText('Checked: marker-three.example is not in the list yet.');
    await expectNoLeak(page, watch, marker);
  });

  await test.step('401 with a wrong key, then the marker again', async () => {
    await saveSettings(page, { apiKey: wrongKey });
    await page.getByRole('link', { name: 'Add domain' }).click();
    await fillDomainForm(page, { domain: 'marker-four.example', account: 'web77' });
    await addDomainButton(page).click();
    await expect(alert).toContainText('did not accept the API key');
    await expectNoLeak(page, watch, marker);
    await saveSettings(page, { apiKey: marker });
    await page.getByRole('link', { name: 'Add domain' }).click();
    await fillDomainForm(page, { domain: 'marker-four.example', account: 'web77' });
    await addDomainButton(page).click();
    await expect(status).toContainText('Added marker-four.example');
    await expectNoLeak(page, watch, marker);
  });

  await test.step('Forget API key: gone from storage, fields and markup, also after a reload', async () => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Forget API key' }).click();
    await expect(status).toHaveText('The API key was removed from this browser session.');
    await expect(page.getByLabel('API key', { exact: true })).toHaveValue('');
    await expectNoLeak(page, watch, marker);
    const session = await page.evaluate(() => Object.keys(sessionStorage).map((k) => `${k}=${sessionStorage.getItem(k) ?? ''}`).join('\n'));
    expect(session, 'sessionStorage keeps the customer').toContain('c0002');
    expect(session, 'sessionStorage after Forget').not.toContain(marker);
    // With the key field empty, the whole document (markup and every field) is free of it.
    expect(await page.content(), 'HTML after Forget').not.toContain(marker);
    const allValues = await page.evaluate(() => [...document.querySelectorAll('input, textarea, select')].map((el) => (el as HTMLInputElement).value));
    expect(allValues.join('\n'), 'every field after Forget').not.toContain(marker);
    await page.reload();
    await expect(page.getByLabel('API key', { exact: true })).toHaveValue('');
    expect(await page.content(), 'HTML after Forget and reload').not.toContain(marker);
  });

  await test.step('the simulator saw the key only as the Authorization header', async () => {
    const received = await sim.requests();
    // The key was really used (else the checks above prove little): one POST per add above.
    const postsWithMarker = received.filter((r) => r.method === 'POST' && r.headers.authorization === `Bearer ${marker}`);
    expect(postsWithMarker, 'POSTs with the marker as Authorization').toHaveLength(6);
    expect(received.filter((r) => r.headers.authorization === `Bearer ${wrongKey}`), 'requests with the wrong key').toHaveLength(1);
    for (const r of received) {
      const where = `${r.method} ${r.path}`;
      expect(r.path, `simulator path of ${where}`).not.toContain(marker);
      expect(r.body, `simulator body of ${where}`).not.toContain(marker);
      expect(r.headers.referer, `simulator saw a Referer on ${where}`).toBeUndefined();
      const others = Object.entries(r.headers).filter(([name]) => name !== 'authorization');
      expect(others.map(([name, value]) => `${name}: ${value}`).join('\n'), `headers other than Authorization on ${where}`).not.toContain(marker);
    }
  });

  await test.step('no request of the page carries it, nor any Referer', () => {
    expect(pageRequests, 'the page made requests').not.toEqual([]);
    for (const r of pageRequests) expect(r.url, 'request URL').not.toContain(marker);
    // Referrer-Policy: no-referrer, so Chromium reports no Referer (or an empty one).
    expect(pageRequests.filter((r) => r.referer), 'requests with a Referer').toEqual([]);
  });

  await test.step('the built page (built before the suite ran) never holds it', () => {
    const files = filesUnder(path.resolve('dist'));
    expect(files, 'dist/ has files').not.toEqual([]);
    for (const file of files) expect(readFileSync(file).includes(marker), `dist file ${path.relative('dist', file)}`).toBe(false);
  });

  await test.step('a new browser context starts without any key', async () => {
    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    await other.goto('/#/settings');
    await expect(other.getByLabel('API key', { exact: true })).toHaveValue('');
    expect(await other.evaluate(() => sessionStorage.length + localStorage.length), 'storage of the new context').toBe(0);
    expect(await other.content(), 'the new context\'s page').not.toContain(marker);
    await fresh.close();
  });
});

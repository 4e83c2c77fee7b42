import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIResponse, Page } from '@playwright/test';
import { addDomainButton, expect, fillDomainForm, saveSettings, test } from './support/fixtures.ts';

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
  on: 'alert' | 'domain field';
  /** HTML and plain text are reduced to words; JSON strings are shown verbatim. */
  verbatim: boolean;
}

const ANSWERS: HostileAnswer[] = [
  {
    name: 'an HTML 500 page', status: 500, contentType: 'text/html; charset=utf-8', verbatim: false,
    body: (p, tag) => `<!doctype html><html><body><h1>Failure ${tag}</h1>${p}<p>${PADDING}</p></body></html>`,
    sentence: /The hosting server failed while handling the request \(status 500\)\./, on: 'alert',
  },
  {
    name: 'a 400 problem detail', status: 400, contentType: 'application/problem+json', verbatim: true,
    body: (p, tag) => JSON.stringify({ type: 'about:blank', title: 'Bad Request', status: 400, detail: `${p} ${tag}${PADDING}` }),
    sentence: /The server refused the request as malformed\./, on: 'alert',
  },
  {
    name: 'a 403 problem detail', status: 403, contentType: 'application/problem+json', verbatim: true,
    body: (p, tag) => JSON.stringify({ title: 'Forbidden', status: 403, detail: `${p} ${tag}${PADDING}` }),
    sentence: /accepted the API key but refused this action/, on: 'alert',
  },
  {
    name: 'a 409 {message}', status: 409, contentType: 'application/json', verbatim: true,
    body: (p, tag) => JSON.stringify({ message: `${p} ${tag}${PADDING}` }),
    sentence: /The domain example\.org already exists on the server\./, on: 'alert',
  },
  {
    name: 'a 422 errors[] on #/domain', status: 422, contentType: 'application/problem+json', verbatim: true,
    body: (p, tag) => JSON.stringify({ title: 'Unprocessable', status: 422, errors: [{ pointer: '#/domain', detail: `${p} ${tag}${PADDING}` }] }),
    sentence: /The server refused some values; see the marked fields\./, on: 'domain field',
  },
  {
    name: 'a text/plain 503', status: 503, contentType: 'text/plain', verbatim: false,
    body: (p, tag) => `Service down ${tag} ${p}${PADDING}`, headers: { 'Retry-After': '0' },
    sentence: /The server is temporarily unavailable\./, on: 'alert',
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

    const alert = page.getByRole('alert');
    const domainField = page.getByRole('textbox', { name: 'Domain name' });
    for (const [index, payload] of PAYLOADS.entries()) {
      const tag = `answer-${index + 1}`;
      await sim.fault({
        method: 'POST', action: 'respond', status: answer.status, contentType: answer.contentType,
        body: answer.body(payload, tag), ...(answer.headers ? { headers: answer.headers } : {}),
      });
      await addDomainButton(page).click();
      await expect(alert).toContainText(answer.sentence);

      let serverText: string;
      if (answer.on === 'domain field') {
        await expect(domainField).toHaveAttribute('aria-invalid', 'true');
        await expect(domainField).toHaveAccessibleDescription(new RegExp(tag));
        const description = await domainField.evaluate((el) => {
          const ids = (el.getAttribute('aria-describedby') ?? '').split(' ');
          return document.getElementById(ids[0] ?? '')?.textContent ?? '';
        });
        serverText = description;
      } else {
        await expect(alert).toContainText('Server message: ');
        await expect(alert).toContainText(tag);
        serverText = (await alert.innerText()).split('Server message: ')[1] ?? '';
      }
      // Cut short: the server's words are at most ~300 characters, ending in an ellipsis.
      expect(serverText.length, `${answer.name}: shortened`).toBeLessThanOrEqual(300);
      expect(serverText).toMatch(/…$/);
      if (answer.verbatim) {
        expect(serverText.startsWith(`${payload} ${tag} `), `${answer.name}: the markup shows as its own text`).toBe(true);
      } else {
        expect(serverText, `${answer.name}: markup reduced to words`).not.toMatch(/[<>]/);
        expect(serverText).not.toContain('__pwned');
      }

      expect(await activeElements(page), `${answer.name} with ${payload}`).toEqual(before);
      await expect(domainField).toHaveValue('example.org');
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

test('a marker API key appears nowhere but in its own field and the Authorization header', async ({ page, context, browser, sim, watch }) => {
  const marker = `marker-${Date.now()}-${randomBytes(12).toString('hex')}`;
  const wrongKey = `wrong-${randomBytes(8).toString('hex')}`;
  await sim.registerKey(marker, 'admin');

  const pageRequests: { url: string; referer: string | undefined }[] = [];
  page.on('request', (request) => {
    pageRequests.push({ url: request.url(), referer: request.headers().referer });
  });

  let checks = 0;
  const check = (ok: boolean, what: string) => {
    checks += 1;
    expect(ok, what).toBe(true);
  };

  /** Everything the page can keep or show, checked after each journey. */
  const expectNoLeak = async (stage: string) => {
    const stored = await page.evaluate(async () => ({
      local: Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k) ?? ''}`).join('\n'),
      localCount: localStorage.length,
      indexedDb: (await indexedDB.databases()).map((d) => d.name ?? ''),
      caches: await caches.keys(),
      serviceWorkers: (await navigator.serviceWorker.getRegistrations()).length,
      documentCookie: document.cookie,
      historyState: JSON.stringify(history.state ?? null),
      windowName: window.name,
    }));
    check(stored.localCount === 0 && !stored.local.includes(marker), `${stage}: localStorage`);
    check(stored.indexedDb.length === 0, `${stage}: IndexedDB`);
    check(stored.caches.length === 0 && stored.serviceWorkers === 0, `${stage}: Cache Storage and service workers`);
    check(stored.documentCookie === '', `${stage}: document.cookie`);
    const cookies = await context.cookies();
    check(cookies.every((c) => !`${c.name}=${c.value}`.includes(marker)), `${stage}: cookies of the context`);
    check(!stored.historyState.includes(marker) && !stored.windowName.includes(marker), `${stage}: history state and window.name`);
    check(!page.url().includes(marker), `${stage}: page URL`);
    check(!(await page.locator('body').innerText()).includes(marker), `${stage}: page text`);
    // Every text box except the API key field itself.
    const boxes = await page.getByRole('textbox').evaluateAll((els) => els.map((el) => ({
      label: (el as HTMLInputElement).labels?.[0]?.textContent ?? '',
      value: (el as HTMLInputElement).value,
    })));
    check(boxes.filter((box) => box.label !== 'API key').every((box) => !box.value.includes(marker)), `${stage}: other fields`);
    check(watch.console.every((line) => !line.includes(marker)), `${stage}: console`);
  };

  // 1. Settings: save the marker.
  await saveSettings(page, { apiKey: marker, customerId: 'c0002' });
  await expect(page.getByRole('status')).toHaveText('Settings saved.');
  await expectNoLeak('saved');
  await page.getByRole('link', { name: 'Add domain' }).click();

  // 2. 201.
  const status = page.getByRole('status');
  const alert = page.getByRole('alert');
  await fillDomainForm(page, { domain: 'marker-one.example', account: 'web77' });
  await addDomainButton(page).click();
  await expect(status).toHaveText('Added marker-one.example to account web77 of customer c0002.');
  await expectNoLeak('201');

  // 3. 409.
  await fillDomainForm(page, { domain: 'marker-one.example', account: 'web77' });
  await addDomainButton(page).click();
  await expect(alert).toContainText('already exists on the server');
  await expectNoLeak('409');

  // 4. 422: unknown account.
  await fillDomainForm(page, { domain: 'marker-two.example', account: 'web99' });
  await addDomainButton(page).click();
  await expect(alert).toContainText('refused some values');
  await expectNoLeak('422');

  // 5. 500 with an HTML page.
  await sim.fault({ method: 'POST', action: 'respond', status: 500, contentType: 'text/html', body: '<html><body><h1>Broken</h1></body></html>' });
  await fillDomainForm(page, { domain: 'marker-two.example', account: 'web77' });
  await addDomainButton(page).click();
  await expect(alert).toContainText('(status 500)');
  await expectNoLeak('500');

  // 6. The proxy's 502: the connection is cut, the outcome is checked.
  await sim.fault({ method: 'POST', action: 'reset' });
  await fillDomainForm(page, { domain: 'marker-three.example', account: 'web77' });
  await addDomainButton(page).click();
  await expect(alert).toContainText('Checked: marker-three.example was not added.');
  await expectNoLeak('502');

  // 7. 401 with a wrong key, then the marker again.
  await saveSettings(page, { apiKey: wrongKey });
  await page.getByRole('link', { name: 'Add domain' }).click();
  await fillDomainForm(page, { domain: 'marker-four.example', account: 'web77' });
  await addDomainButton(page).click();
  await expect(alert).toContainText('did not accept the API key');
  await expectNoLeak('401');
  await saveSettings(page, { apiKey: marker });
  await page.getByRole('link', { name: 'Add domain' }).click();
  await fillDomainForm(page, { domain: 'marker-four.example', account: 'web77' });
  await addDomainButton(page).click();
  await expect(status).toContainText('Added marker-four.example');
  await expectNoLeak('201 again');

  // 8. Forget API key.
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Forget API key' }).click();
  await expect(page.getByRole('status')).toHaveText('The API key was removed from this browser session.');
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue('');
  await expectNoLeak('forgotten');
  const session = await page.evaluate(() => Object.keys(sessionStorage).map((k) => `${k}=${sessionStorage.getItem(k) ?? ''}`).join('\n'));
  check(session.includes('c0002') && !session.includes(marker), 'sessionStorage after Forget');
  // With the key field empty, the whole document (markup and every field) is free of it.
  check(!(await page.content()).includes(marker), 'HTML after Forget');
  const allValues = await page.evaluate(() => [...document.querySelectorAll('input, textarea, select')].map((el) => (el as HTMLInputElement).value));
  check(allValues.every((v) => !v.includes(marker)), 'every field after Forget');
  await page.reload();
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue('');
  check(!(await page.content()).includes(marker), 'HTML after Forget and reload');

  // The key was really used (else the checks above prove little), and only as the header.
  const received = await sim.requests();
  const withMarker = received.filter((r) => r.headers.authorization === `Bearer ${marker}`);
  check(withMarker.length >= 6, 'the simulator saw the marker as Authorization');
  check(received.some((r) => r.headers.authorization === `Bearer ${wrongKey}`), 'the simulator saw the wrong key once');
  for (const r of received) {
    check(!r.path.includes(marker), `simulator path ${r.method} ${r.path}`);
    check(!r.body.includes(marker), `simulator body ${r.method} ${r.path}`);
    check(r.headers.referer === undefined, `simulator saw no Referer on ${r.method} ${r.path}`);
    const others = Object.entries(r.headers).filter(([name]) => name !== 'authorization');
    check(others.every(([, value]) => !value.includes(marker)), `simulator headers other than Authorization on ${r.method} ${r.path}`);
  }

  check(pageRequests.length > 0, 'the page made requests');
  for (const r of pageRequests) {
    check(!r.url.includes(marker), `request URL ${r.url}`);
    check(!r.referer?.includes(marker), `Referer of ${r.url}`);
  }
  // Referrer-Policy: no-referrer, so Chromium reports an empty Referer, if any.
  check(pageRequests.every((r) => !r.referer), 'no request from the page carries a Referer at all');

  // The built page (built before the suite ran) never holds it.
  const files = filesUnder(path.resolve('dist'));
  check(files.length > 0, 'dist/ has files');
  for (const file of files) check(!readFileSync(file).includes(marker), `dist file ${path.relative('dist', file)}`);

  // A new browser context starts without any key.
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto('/#/settings');
  await expect(other.getByLabel('API key', { exact: true })).toHaveValue('');
  const freshStorage = await other.evaluate(() => sessionStorage.length + localStorage.length);
  check(freshStorage === 0, 'new context: no storage');
  check(!(await other.content()).includes(marker), 'new context: page');
  await fresh.close();

  test.info().annotations.push({ type: 'key-leak checks', description: String(checks) });
  console.log(`key hygiene: ${checks} checks passed`);
  expect(checks).toBeGreaterThan(100);
});

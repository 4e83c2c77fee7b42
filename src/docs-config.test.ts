import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The documents are only worth reading while they say what the code does. This test reads the
// code for every environment variable it reads and asks the documents for each one, keeps the
// README short and its quick start runnable, and follows every relative link in the documents.

// The page's tsconfig has no Node types for paths, so the repository root comes from this file's URL.
const ROOT = decodeURIComponent(new URL('..', import.meta.url).pathname);
const read = (path: string): string => readFileSync(ROOT + path, 'utf8');

/** Every file below `folder` whose name passes `keep`, as repository paths. */
function filesUnder(folder: string, keep: (path: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(ROOT + folder, { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory() && entry.name !== 'node_modules') found.push(...filesUnder(path, keep));
    else if (entry.isFile() && keep(path)) found.push(path);
  }
  return found;
}

const isCode = (path: string) => /\.(ts|tsx|js|mjs)$/.test(path);
// A unit test sets variables for the code under test (typos on purpose among them); what it
// reads is the test's own business. Test-only helpers (`testing/`) count as test tooling.
const isProductCode = (path: string) => isCode(path) && !/\.test\.tsx?$/.test(path) && !path.includes('/testing/');
const isTestHelper = (path: string) => isCode(path) && !/\.test\.tsx?$/.test(path) && path.includes('/testing/');

/** What the panel's servers, the simulator and the nginx template read: docs/configuration.md. */
const SERVER_CODE = [
  ...filesUnder('src/server', isProductCode),
  ...filesUnder('simulator', isProductCode),
  'vite.config.ts',
  'vite.server.config.ts',
];
const SERVER_SHELL = ['deploy/nginx/render.sh', 'deploy/nginx/hosting-panel.conf.template'];
/** What only tests and benches read: docs/development.md (or configuration.md, for a shared one). */
const TOOL_CODE = [
  'playwright.config.ts',
  ...filesUnder('e2e', isCode),
  ...filesUnder('bench', isCode),
  ...filesUnder('src/server', isTestHelper),
  ...filesUnder('simulator', isTestHelper),
];
const TOOL_SHELL = ['deploy/nginx/serve-for-tests.sh'];

/**
 * Read by the code above, documented nowhere on purpose. Keep it short, each with its reason.
 * (Empty today: serve-for-tests.sh's TMPDIR, CI and CHROMIUM_PATH are all in development.md.)
 */
const NOT_DOCUMENTED: Readonly<Record<string, string>> = {};

/** A per-server form, `HOSTING_CA_FILE_<NAME>`, as the documents write it. */
const perServer = (name: string) => `${name}_<NAME>`;

function variablesInCode(source: string): Set<string> {
  const names = new Set<string>();
  const add = (pattern: RegExp, as: (name: string) => string = (name) => name) => {
    for (const match of source.matchAll(pattern)) if (match[1]) names.add(as(match[1]));
  };
  add(/\bprocess\.env\.([A-Z][A-Z0-9_]*)/g);
  add(/\benv\.([A-Z][A-Z0-9_]*)/g);
  add(/\benv\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\]/g);
  // hosting-config.ts hands a variable's name to a helper (`positiveInteger(env, 'HOSTING_MAX_BODY_BYTES')`)
  // or builds a server's own (`HOSTING_CA_FILE_${suffix}`): the panel's names are all HOSTING_*.
  add(/['"`](HOSTING_[A-Z0-9_]*[A-Z0-9])['"`]/g);
  add(/`(HOSTING_[A-Z0-9_]*?[A-Z0-9])_\$\{/g, perServer);
  return names;
}

function variablesInShell(source: string): Set<string> {
  const names = new Set<string>();
  // Shell locals are lower case here; `$NAME`, `${NAME}` and `${NAME:-}` are the environment's.
  for (const match of source.matchAll(/\$\{?([A-Z][A-Z0-9_]*)/g)) if (match[1]) names.add(match[1]);
  // `"HOSTING_CA_FILE_$suffix"`, `HOSTING_OPENAPI_PATH${suffixes[$index]}`: a server's own form.
  for (const match of source.matchAll(/\b(HOSTING_[A-Z0-9_]*?[A-Z0-9])_?\$\{?suffix/g)) if (match[1]) names.add(perServer(match[1]));
  return names;
}

function variablesIn(code: readonly string[], shell: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const path of code) for (const name of variablesInCode(read(path))) names.add(name);
  for (const path of shell) for (const name of variablesInShell(read(path))) names.add(name);
  for (const name of Object.keys(NOT_DOCUMENTED)) names.delete(name);
  return names;
}

/** Lines outside fenced code blocks, so a `# comment` in a shell example is no heading. */
function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').filter((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** The variables a document lists as the first cell of a table row: `| \`NAME\` | ... |`. */
function tableVariables(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const line of proseLines(markdown)) {
    const name = /^\|\s*`([A-Z][A-Z0-9_]*(?:_<NAME>)?)`\s*\|/.exec(line)?.[1];
    if (name) names.add(name);
  }
  return names;
}

const CONFIGURATION = 'docs/configuration.md';
const DEVELOPMENT = 'docs/development.md';

describe('every environment variable the code reads is documented', () => {
  const serverVariables = variablesIn(SERVER_CODE, SERVER_SHELL);
  const toolVariables = variablesIn(TOOL_CODE, TOOL_SHELL);
  const configuration = tableVariables(read(CONFIGURATION));
  const development = tableVariables(read(DEVELOPMENT));

  it('finds the variables it knows are there, so a broken scan cannot pass for an empty one', () => {
    for (const name of ['HOSTING_SERVER', 'HOSTING_MAX_BODY_BYTES', 'PORT', 'PANEL_LISTEN', perServer('HOSTING_CA_FILE'), perServer('HOSTING_SIM_PORT')]) {
      expect(serverVariables, name).toContain(name);
    }
    for (const name of ['E2E_TARGETS', 'NGINX_MODULES', 'BENCH_RUNS']) expect(toolVariables, name).toContain(name);
  });

  it(`has a row in ${CONFIGURATION} for each variable the servers, the simulator and the nginx template read`, () => {
    expect([...serverVariables].filter((name) => !configuration.has(name)).sort()).toEqual([]);
  });

  it(`has a row in ${DEVELOPMENT} (or ${CONFIGURATION}) for each variable only tests and benches read`, () => {
    expect([...toolVariables].filter((name) => !development.has(name) && !configuration.has(name)).sort()).toEqual([]);
  });

  it(`lists in ${CONFIGURATION} and ${DEVELOPMENT} no variable the code does not read`, () => {
    const read = new Set([...serverVariables, ...toolVariables]);
    expect([...configuration, ...development].filter((name) => !read.has(name)).sort()).toEqual([]);
  });
});

describe('the README', () => {
  const readme = read('README.md');
  const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1));

  it('is under 15 KB', () => {
    expect(new TextEncoder().encode(readme).length).toBeLessThan(15_000);
  });

  it("gives the quick start's first command: install, then the dev server on the built-in simulator", () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    const dev = Object.entries(scripts).find(([, command]) => command === 'vite')?.[0];
    expect(dev, 'the package.json script that runs the Vite dev server').toBeDefined();
    // `npm run dev -- --port 5174` reaches Vite only while the script is Vite itself.
    expect(quickStart).toContain(`npm ci && npm run ${dev ?? ''}\n`);
    expect(quickStart).toContain(`npm run ${dev ?? ''} -- --port`);
    expect(quickStart).toContain('PORT=');
    expect(variablesIn(SERVER_CODE, [])).toContain('PORT');
  });

  it("gives the quick start's second command, and says what it installs as root before anyone runs it", () => {
    const ci = read('.ci/run');
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).toMatch(/^npm test$/m);
    expect(quickStart).toContain('bash .ci/run\n');
    const packages = [...ci.matchAll(/missing\+=\(([a-z0-9.+-]+)\)/g)].map((match) => match[1] ?? '');
    expect(packages.length, 'the Debian packages .ci/run installs').toBeGreaterThan(0);
    expect(packages.filter((name) => !quickStart.includes(`\`${name}\``))).toEqual([]);
    expect(quickStart).toContain('apt-get');
    expect(quickStart).toMatch(/\broot\b/);
    expect(quickStart.indexOf('apt-get'), 'said before the command runs: in the quick start').toBeGreaterThan(0);
  });
});

/** GitHub's heading ids: rendered text, lower case, punctuation but `-` and `_` dropped, spaces as `-`. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    for (const match of line.matchAll(/<a id="([^"]+)"><\/a>/g)) if (match[1]) anchors.add(match[1]);
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*]/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Targets of `[text](target)` and `![alt](target)` outside code. */
function linksOf(markdown: string): string[] {
  const links: string[] = [];
  for (const line of proseLines(markdown)) {
    for (const match of line.replace(/`[^`]*`/g, '').matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)) if (match[1]) links.push(match[1]);
  }
  return links;
}

describe('every relative link in the README and docs/', () => {
  const documents = ['README.md', ...readdirSync(`${ROOT}docs`).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

  it.each(documents)('%s: leads to a file, and its #fragment to a heading or anchor there', (document) => {
    const folder = document.includes('/') ? document.slice(0, document.lastIndexOf('/') + 1) : '';
    const broken: string[] = [];
    for (const link of linksOf(read(document))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue;
      const [path = '', fragment] = link.split('#');
      const target = path ? new URL(path, `file://${ROOT}${folder}`).pathname : ROOT + document;
      const file = decodeURIComponent(target);
      if (!existsSync(file)) {
        broken.push(`${link}: no such file`);
      } else if (fragment !== undefined && statSync(file).isFile() && file.endsWith('.md')
        && !anchorsOf(readFileSync(file, 'utf8')).has(fragment)) {
        broken.push(`${link}: no such heading`);
      }
    }
    expect(broken).toEqual([]);
  });
});

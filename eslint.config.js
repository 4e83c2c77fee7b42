import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import vitest from '@vitest/eslint-plugin';
import boundaries from 'eslint-plugin-boundaries';
import checkFile from 'eslint-plugin-check-file';
import playwright from 'eslint-plugin-playwright';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import ts from 'typescript';
import tseslint from 'typescript-eslint';

/**
 * The import plan (README.md, Layout): `app → features → lib`, the page never reaches into
 * `src/server/` or `e2e/`, and the node side never reaches into the page's features or shell.
 * Every file in src/ and e2e/ belongs to exactly one element (no-unknown-files), and an import
 * of a local file outside every element is refused too, so a new top-level folder cannot slip
 * past the plan unnoticed. Imports inside one element (one feature, lib, ...) are not checked.
 */
const importPlan = {
  plugins: { boundaries },
  settings: {
    'boundaries/root-path': import.meta.dirname,
    'boundaries/include': ['src/**', 'e2e/**', 'simulator/**', 'bench/**', '*.config.{ts,js}'],
    // Elements are folders matched from the project root; the first match wins, so the test-only
    // helpers (`testing/`) come before the folders that hold them, and the domain feature's
    // sub-areas before the other features. Single files are classified as file categories.
    'boundaries/elements': [
      { type: 'testing', pattern: ['src/lib/testing', 'src/server/testing', 'simulator/testing'], partialMatch: false },
      { type: 'domains', pattern: 'src/features/domains/*', partialMatch: false, capture: ['area'] },
      { type: 'app', pattern: 'src/app', partialMatch: false },
      { type: 'feature', pattern: 'src/features/*', partialMatch: false, capture: ['feature'] },
      { type: 'shared', pattern: 'src/shared', partialMatch: false },
      { type: 'lib', pattern: 'src/lib', partialMatch: false },
      { type: 'server', pattern: 'src/server', partialMatch: false },
      { type: 'sim', pattern: 'simulator', partialMatch: false },
      { type: 'e2e', pattern: 'e2e', partialMatch: false },
      { type: 'bench', pattern: 'bench', partialMatch: false },
    ],
    'boundaries/files': [
      { category: 'entry', pattern: 'src/*.{ts,tsx}' },
      { category: 'config', pattern: '*.config.{ts,js}' },
      { category: 'test', pattern: '**/*.test.ts' },
    ],
  },
  rules: {
    'boundaries/no-unknown-files': 'error',
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        checkUnknownLocals: true,
        policies: [
          // What page and Node share (proxy contract, path segments, server names and API bases,
          // runtime.json): anyone may import it; it imports nothing local (no allow policy).
          { from: { element: { types: ['app', 'feature', 'domains', 'lib', 'server', 'sim', 'e2e', 'bench', 'testing'] } }, allow: { to: { element: { type: 'shared' } } } },
          { from: { file: { categories: ['entry', 'config'] } }, allow: { to: { element: { type: 'shared' } } } },
          { from: { file: { categories: 'entry' } }, allow: { to: { element: { types: ['app', 'lib'] } } } },
          { from: { element: { type: 'app' } }, allow: { to: { element: { types: ['feature', 'domains', 'lib'] } } } },
          // A feature sees lib only: another feature's internals, the shell, the server and the
          // tests are all out of reach (imports inside the feature itself are not checked).
          { from: { element: { types: ['feature', 'domains'] } }, allow: { to: { element: { type: 'lib' } } } },
          // The domain feature's sub-areas (add, list, bulk) see its core, never each other.
          { from: { element: { type: 'domains' } }, allow: { to: { element: { type: 'domains', captured: { area: 'core' } } } } },
          // lib is the bottom layer of the page: shared only (above).
          // Test-only helpers serve tests, and other helpers; product code never imports them.
          { from: { file: { categories: 'test' } }, allow: { to: { element: { type: 'testing' } } } },
          { from: { element: { type: 'testing' } }, allow: { to: { element: { types: ['testing', 'lib', 'server', 'sim'] } } } },
          // Only the server's tests run the real simulator and read the Vite config; the
          // production server never depends on test code.
          {
            from: { element: { type: 'server' }, file: { categories: 'test' } },
            allow: { to: [{ element: { type: 'sim' } }, { file: { categories: 'config' } }] },
          },
          // Specs check the servers' own contracts (security headers, problem bodies) against
          // what the servers send, so they may read them.
          {
            from: { element: { type: 'e2e' } },
            allow: { to: [{ element: { types: ['sim', 'lib', 'server'] } }, { file: { categories: 'config' } }] },
          },
          // Benchmarks start the servers and the simulator as the tests do.
          { from: { element: { type: 'bench' } }, allow: { to: [{ element: { types: ['server', 'sim', 'e2e'] } }] } },
          // Tool configs wire the pieces together: Vite starts the simulator and the proxy.
          {
            from: { file: { categories: 'config' } },
            allow: { to: [{ element: { types: ['server', 'sim', 'lib'] } }, { file: { categories: 'config' } }] },
          },
        ],
      },
    ],
  },
};


/**
 * Refuses an import that leads back to the file importing it, `import type` included (the
 * plugins' cycle rules skip type-only imports). The file itself is read as linted; the files it
 * reaches are read from disk and scanned by TypeScript's own import scanner, once per lint run.
 */
const importsOnDisk = new Map();
function localImports(file, text) {
  const { importedFiles } = ts.preProcessFile(text, true, false);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((spec) => spec.startsWith('./') || spec.startsWith('../'))
    .map((spec) => path.resolve(path.dirname(file), spec));
}
function importsOf(file) {
  let found = importsOnDisk.get(file);
  if (!found) {
    found = fs.existsSync(file) ? localImports(file, fs.readFileSync(file, 'utf8')) : [];
    importsOnDisk.set(file, found);
  }
  return found;
}
function pathBack(from, to) {
  const seen = new Set();
  const stack = [[from, [from]]];
  while (stack.length > 0) {
    const [file, trail] = stack.pop();
    if (file === to) return trail;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of importsOf(file)) stack.push([next, [...trail, next]]);
  }
  return undefined;
}
const noImportCycle = {
  meta: { type: 'problem', messages: { cycle: 'Import cycle: {{trail}}' }, schema: [] },
  create(context) {
    const file = path.resolve(context.filename);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !(spec.startsWith('./') || spec.startsWith('../'))) return;
      const trail = pathBack(path.resolve(path.dirname(file), spec), file);
      if (trail) {
        const relative = [file, ...trail].map((step) => path.relative(import.meta.dirname, step));
        context.report({ node, messageId: 'cycle', data: { trail: relative.join(' → ') } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-floating-promises': 'error',
      // Unknown server text arrives as '' when absent; `||` skipping empty strings is the intent.
      '@typescript-eslint/prefer-nullish-coalescing': ['error', { ignorePrimitives: { string: true } }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'simulator/**/*.ts', 'bench/**/*.{ts,tsx}', '*.config.{ts,js}'],
    ...importPlan,
  },
  {
    // No import cycles, type-only ones included: a cycle is a layer the plan does not show.
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'simulator/**/*.ts', 'bench/**/*.{ts,tsx}', '*.config.{ts,js}'],
    plugins: { local: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'local/no-import-cycle': 'error' },
  },
  {
    // Flat, kebab-case files and folders; `.test`, `.spec`, `.property` and `.d` are middle
    // extensions, not part of the name. No barrel index files.
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'simulator/**/*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{src,e2e,simulator}/**/': 'KEBAB_CASE' }],
      'check-file/no-index': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-console': 'error',
    },
  },
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['src/server/**/*.ts', 'e2e/**/*.ts', 'simulator/**/*.ts', 'bench/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.test.ts', 'simulator/**/*.test.ts'],
    ...vitest.configs.recommended,
    rules: {
      ...vitest.configs.recommended.rules,
      'vitest/no-disabled-tests': 'error',
      // Vitest's `expect(value, message)` takes a message that names the failing case.
      'vitest/valid-expect': ['error', { maxArgs: 2 }],
      // Shared assertions are named for what they expect (`expectProblem`, `expectTooLarge`).
      'vitest/expect-expect': ['error', { assertFunctionNames: ['expect*'] }],
    },
  },
  {
    // A property states implications over generated input ("if mail carries DKIM, mail is on"):
    // a branch around `expect` is the property itself, and fast-check runs both sides.
    files: ['src/**/*.property.test.ts', 'simulator/**/*.property.test.ts'],
    rules: { 'vitest/no-conditional-expect': 'off' },
  },
  {
    files: ['e2e/**/*.spec.ts', 'e2e/support/**/*.ts'],
    ...playwright.configs['flat/recommended'],
    rules: {
      ...playwright.configs['flat/recommended'].rules,
      // A test waits for a condition, never for the clock; it is never skipped or focused on
      // main; and it finds the one element it means, so `.first()`/`.nth()` cannot hide an
      // ambiguous locator.
      'playwright/no-wait-for-timeout': 'error',
      'playwright/no-skipped-test': 'error',
      'playwright/no-focused-test': 'error',
      'playwright/no-nth-methods': 'error',
    },
  },
  {
    // What page and Node share runs in both: nothing of the browser's or Node's own, no React.
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['node:*'], message: 'src/shared runs in the page too: no Node modules.' }],
        paths: ['react', 'react-dom', '@tanstack/react-query', 'fs', 'path', 'http', 'https', 'crypto', 'os', 'url']
          .map((name) => ({ name, message: 'src/shared runs in the page and in Node alike.' })),
      }],
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'sessionStorage', 'localStorage', 'process', 'Buffer', '__dirname'],
    },
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);

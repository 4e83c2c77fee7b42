import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The lint plan (eslint.config.js) is only worth its rules if a forbidden import really fails
// `npm run lint`. These cases lint source text under the path of a file that exists, so the
// typed project service accepts it, with the repository's own config: a rename that moves a
// folder out of its element, or a policy that allows too much, turns a case red.

// The page's tsconfig has no Node types, so the repository root comes from this file's URL.
const REPO_ROOT = decodeURIComponent(new URL('..', import.meta.url).pathname);
const BOUNDARY_RULE = 'boundaries/dependencies';
// Type-aware linting starts a TypeScript project service: slow on the first file.
const LINT_TIMEOUT_MS = 120_000;

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: REPO_ROOT });
});

async function lint(code: string, filePath: string, linter: ESLint = eslint): Promise<Linter.LintMessage[]> {
  const [result] = await linter.lintText(code, { filePath });
  if (!result) throw new Error(`ESLint returned no result for ${filePath}`);
  // A file the parser refused would pass every "no boundary error" case below for nothing.
  expect(result.messages.filter((message) => message.fatal === true)).toEqual([]);
  return result.messages;
}

const boundaryErrors = (messages: Linter.LintMessage[]) =>
  messages.filter((message) => message.ruleId === BOUNDARY_RULE && message.severity === 2);

describe('import boundaries', () => {
  it.each([
    ['lib imports the app shell', 'src/lib/api/auth.ts', "import { App } from '../../app/app.tsx';\nexport const shell = App;\n"],
    ['lib imports a feature', 'src/lib/api/auth.ts', "import { addDomain } from '../../features/domains/core/api.ts';\nexport const add = addDomain;\n"],
    ['lib imports the server', 'src/lib/api/auth.ts', "import { SECURITY_HEADERS } from '../../server/static/security-headers.ts';\nexport const headers = SECURITY_HEADERS;\n"],
    ['lib imports the simulator', 'src/lib/api/auth.ts', "import { DEMO_KEYS } from '../../../simulator/api/seed.ts';\nexport const keys = DEMO_KEYS;\n"],
    ['shared imports lib', 'src/shared/path-segment.ts', "import { authHeaders } from '../lib/api/auth.ts';\nexport const auth = authHeaders;\n"],
    ['shared imports the server', 'src/shared/path-segment.ts', "import { SECURITY_HEADERS } from '../server/static/security-headers.ts';\nexport const headers = SECURITY_HEADERS;\n"],
    [
      'a feature imports another feature',
      'src/features/domains/core/api.ts',
      "import { fetchRuntimeInfo } from '../../settings/api.ts';\nexport const info = fetchRuntimeInfo;\n",
    ],
    [
      'a feature imports the app shell',
      'src/features/domains/core/api.ts',
      "import { queryClient } from '../../../app/query-client.ts';\nexport const client = queryClient;\n",
    ],
    [
      'a feature imports the server',
      'src/features/domains/core/api.ts',
      "import { SECURITY_HEADERS } from '../../../server/static/security-headers.ts';\nexport const headers = SECURITY_HEADERS;\n",
    ],
    [
      'a feature imports the simulator',
      'src/features/domains/core/api.ts',
      "import { DEMO_KEYS } from '../../../../simulator/api/seed.ts';\nexport const keys = DEMO_KEYS;\n",
    ],
    [
      'the domains core imports a sub-area',
      'src/features/domains/core/api.ts',
      "import { BulkAdd } from '../bulk/bulk-add.tsx';\nexport const bulk = BulkAdd;\n",
    ],
    [
      'one domains sub-area imports another',
      'src/features/domains/bulk/bulk-add.tsx',
      "import { AddDomainForm } from '../add/add-domain-form.tsx';\nexport const form = AddDomainForm;\n",
    ],
    [
      'the domains list imports Bulk add',
      'src/features/domains/list/domain-list.tsx',
      "import { bulkSessions } from '../bulk/engine/bulk-session.ts';\nexport const sessions = bulkSessions;\n",
    ],
    [
      'page code imports a test helper',
      'src/lib/session/server-store.ts',
      "import { fakeStorage } from '../testing/fake-storage.ts';\nexport const storage = fakeStorage;\n",
    ],
    [
      'the server imports a test helper',
      'src/server/production/production-server.ts',
      "import { listen } from '../testing/test-servers.ts';\nexport const start = listen;\n",
    ],
    [
      'the simulator imports a test helper',
      'simulator/app.ts',
      "import { call } from './testing/test-helpers.ts';\nexport const request = call;\n",
    ],
    [
      'the app shell imports the server',
      'src/app/query-client.ts',
      "import { SECURITY_HEADERS } from '../server/static/security-headers.ts';\nexport const headers = SECURITY_HEADERS;\n",
    ],
    [
      'the server imports a feature',
      'src/server/static/security-headers.ts',
      "import { addDomain } from '../../features/domains/core/api.ts';\nexport const add = addDomain;\n",
    ],
    [
      'the server imports the app shell',
      'src/server/static/security-headers.ts',
      "import { queryClient } from '../../app/query-client.ts';\nexport const client = queryClient;\n",
    ],
    [
      'the production server imports the simulator',
      'src/server/production/production-main.ts',
      "import { DEMO_KEYS } from '../../../simulator/api/seed.ts';\nexport const keys = DEMO_KEYS;\n",
    ],
    [
      'the simulator imports e2e',
      'simulator/app.ts',
      "import { SimControl } from '../e2e/support/sim-control.ts';\nexport const control = SimControl;\n",
    ],
  ])('refuses: %s', { timeout: LINT_TIMEOUT_MS }, async (_case, filePath, code) => {
    const errors = boundaryErrors(await lint(code, filePath));
    expect(errors.map((error) => error.line)).toEqual([1]);
  });

  it.each([
    ['a feature imports lib', 'src/features/domains/core/api.ts', "import { apiRequest } from '../../../lib/api/api-client.ts';\nexport const request = apiRequest;\n"],
    ['a domains sub-area imports the core', 'src/features/domains/bulk/bulk-add.tsx', "import { addDomain } from '../core/api.ts';\nexport const add = addDomain;\n"],
    ['lib imports shared', 'src/lib/api/auth.ts', "import { isPathSegment } from '../../shared/path-segment.ts';\nexport const check = isPathSegment;\n"],
    ['the app shell imports a feature', 'src/app/query-client.ts', "import { addDomain } from '../features/domains/core/api.ts';\nexport const add = addDomain;\n"],
    ['the server imports shared', 'src/server/static/security-headers.ts', "import { isPathSegment } from '../../shared/path-segment.ts';\nexport const check = isPathSegment;\n"],
    ['a page test imports a test helper', 'src/lib/session/server-store.test.ts', "import { fakeStorage } from '../testing/fake-storage.ts';\nexport const storage = fakeStorage;\n"],
    [
      "the server's tests import the simulator",
      'src/server/origin/hosting-config.test.ts',
      "import { DEMO_KEYS } from '../../../simulator/api/seed.ts';\nexport const keys = DEMO_KEYS;\n",
    ],
  ])('allows: %s', { timeout: LINT_TIMEOUT_MS }, async (_case, filePath, code) => {
    expect(boundaryErrors(await lint(code, filePath))).toEqual([]);
  });
});

describe('the shared folder stays isomorphic', () => {
  it.each([
    ['a Node module', "import fs from 'node:fs';\nexport const read = fs.readFileSync;\n", 'no-restricted-imports'],
    ['React', "import { useState } from 'react';\nexport const state = useState;\n", 'no-restricted-imports'],
    ['the window', 'export const here = window.location.href;\n', 'no-restricted-globals'],
    ['process', 'export const env = process.env;\n', 'no-restricted-globals'],
  ])('refuses %s in src/shared', { timeout: LINT_TIMEOUT_MS }, async (_case, code, ruleId) => {
    const messages = await lint(code, 'src/shared/path-segment.ts');
    expect(messages.filter((message) => message.severity === 2).map((message) => message.ruleId)).toContain(ruleId);
  });
});

describe('import cycles', () => {
  const cycleErrors = (messages: Linter.LintMessage[]) =>
    messages.filter((message) => message.ruleId === 'local/no-import-cycle' && message.severity === 2);

  // activity-log.ts imports external-store.ts: importing it back closes a cycle.
  it.each([
    ['a value import', "import { activityLog } from '../activity/activity-log.ts';\nexport const log = activityLog;\n"],
    ['a type-only import', "import type { ActivityLog } from '../activity/activity-log.ts';\nexport type Log = ActivityLog;\n"],
    ['a re-export', "export { activityLog } from '../activity/activity-log.ts';\n"],
  ])('refuses %s that leads back to the file', { timeout: LINT_TIMEOUT_MS }, async (_case, code) => {
    const errors = cycleErrors(await lint(code, 'src/lib/util/external-store.ts'));
    expect(errors.map((error) => error.line)).toEqual([1]);
    expect(errors[0]?.message).toContain('src/lib/activity/activity-log.ts');
  });

  it('allows the same import where it closes no cycle', { timeout: LINT_TIMEOUT_MS }, async () => {
    const code = "import { activityLog } from '../activity/activity-log.ts';\nexport const log = activityLog;\n";
    expect(cycleErrors(await lint(code, 'src/lib/util/download.ts'))).toEqual([]);
  });
});

describe('file names, and files outside the plan', () => {
  // A file that does not exist is not in any tsconfig, so the typed parser refuses it; these
  // rules need no type information, so the same config runs here without it.
  let untyped: ESLint;

  beforeAll(() => {
    untyped = new ESLint({
      cwd: REPO_ROOT,
      overrideConfig: { files: ['src/**', 'e2e/**', 'simulator/**'], ...tseslint.configs.disableTypeChecked },
    });
  });

  it.each([
    ['src/lib/BadName.ts', 'check-file/filename-naming-convention'],
    ['src/lib/bad_name.ts', 'check-file/filename-naming-convention'],
    ['e2e/addDomain.spec.ts', 'check-file/filename-naming-convention'],
    ['src/features/BadFeature/api.ts', 'check-file/folder-naming-convention'],
    ['src/features/domains/core/index.ts', 'check-file/no-index'],
    ['simulator/BadName.ts', 'check-file/filename-naming-convention'],
    ['src/utils/helper.ts', 'boundaries/no-unknown-files'],
  ])('%s breaks %s', { timeout: LINT_TIMEOUT_MS }, async (filePath, ruleId) => {
    const messages = await lint('export const value = 1;\n', filePath, untyped);
    expect(messages.filter((message) => message.severity === 2).map((message) => message.ruleId)).toContain(ruleId);
  });

  it.each(['src/lib/good-name.ts', 'src/lib/names/domain-name.property.test.ts', 'e2e/add-domain.spec.ts'])(
    '%s is a good name',
    { timeout: LINT_TIMEOUT_MS },
    async (filePath) => {
      const messages = await lint('export const value = 1;\n', filePath, untyped);
      expect(messages.filter((message) => message.ruleId?.startsWith('check-file/') === true)).toEqual([]);
    },
  );
});

describe('folder sizes', () => {
  // Past ~20 files a folder has sub-areas waiting to be named (README, Layout).
  it('no folder of source files holds more than 20 files directly', async () => {
    const { readdir } = await import('node:fs/promises');
    const crowded: string[] = [];
    for (const top of ['src', 'e2e', 'simulator', 'bench']) {
      const folders = [top, ...(await readdir(`${REPO_ROOT}${top}`, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isDirectory()).map((entry) => `${entry.parentPath.slice(REPO_ROOT.length)}/${entry.name}`)];
      for (const folder of folders) {
        const files = (await readdir(`${REPO_ROOT}${folder}`, { withFileTypes: true })).filter((entry) => entry.isFile());
        if (files.length > 20) crowded.push(`${folder}: ${files.length}`);
      }
    }
    expect(crowded).toEqual([]);
  });
});

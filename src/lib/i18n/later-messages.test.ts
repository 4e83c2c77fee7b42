import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { en } from './en.ts';
import { enApi } from './en-api.ts';

// The API screen's and the generated forms' English (en-api.ts) is not the first screen's: it
// loads with every screen (src/app/lazy-screen.tsx) and with Find. So no module the first screen
// loads may use one of those keys: it would show the key itself. This walks the first screen's
// static imports from src/main.tsx (type-only imports and import() left out) and looks.
const SRC = path.resolve(import.meta.dirname, '../..');
const laterKeys = Object.keys(enApi);

/** A key as a whole literal ('write.checking'), or the start of one built in a template (`api.answer.${kind}`). */
const usesLaterKey = (text: string) => [...text.matchAll(/['"`]((?:api|write|form)\.[\w.-]*)(['"`]|\$\{)/g)]
  .some(([, key = '', end]) => (end === '${' ? laterKeys.some((later) => later.startsWith(key)) : Object.hasOwn(enApi, key)));

/** The relative modules `text` imports statically (not `import type`, not `import()`). */
const staticImports = (text: string) => [...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm)].map(([, target = '']) => target);

function firstScreenModules(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    for (const target of staticImports(readFileSync(file, 'utf8'))) visit(path.resolve(path.dirname(file), target));
  };
  visit(entry);
  return [...seen];
}

describe('messages the first screen goes without', () => {
  const modules = firstScreenModules(path.join(SRC, 'main.tsx'));

  it('walks the first screen: the shell, its messages and the settings store, no screen', () => {
    const names = modules.map((file) => path.relative(SRC, file));
    expect(names).toEqual(expect.arrayContaining(['main.tsx', 'app/app.tsx', 'lib/i18n/en.ts', 'lib/i18n/i18n.ts', 'lib/session/settings-store.ts']));
    expect(names.filter((name) => name.startsWith('features/') || name.includes('en-api'))).toEqual([]);
  });

  it('no module of the first screen uses an api.*, write.* or form.* message', () => {
    expect(modules.filter((file) => usesLaterKey(readFileSync(file, 'utf8'))).map((file) => path.relative(SRC, file))).toEqual([]);
  });

  it('would find one that did (the check can fail)', () => {
    expect(usesLaterKey("t('write.checking')")).toBe(true);
    expect(usesLaterKey('t(`api.answer.${kind}`)')).toBe(true);
    expect(usesLaterKey("t('list.refresh')")).toBe(false);
    expect(staticImports("import { a } from './a.ts';\nimport type { B } from './b.ts';\nimport './c.ts';\nconst d = import('./d.ts');")).toEqual(['./a.ts', './c.ts']);
  });

  it('none of those keys is also the first screen\'s', () => {
    expect(Object.keys(en).filter((key) => Object.hasOwn(enApi, key))).toEqual([]);
  });

  it('once loaded they are English messages like the rest; before, a key reads as itself', async () => {
    // A page's own module instances, as before any screen loaded (the tests' setup loads them all).
    vi.resetModules();
    const { isMessageKey, loadLaterMessages, translate } = await import('./i18n.ts');
    expect(translate('en', 'write.checking')).toBe('write.checking');
    expect(isMessageKey('write.checking')).toBe(false);
    expect(translate('en', 'list.refresh')).toBe(en['list.refresh']);
    await loadLaterMessages();
    expect(translate('en', 'write.checking')).toBe(enApi['write.checking']);
    expect(isMessageKey('write.checking')).toBe(true);
  });
});

// The optional document-root path of a new domain. The server resolves it inside the hosting
// account, so anything that could climb out of it or confuse a shell or a log is refused here.

export type TargetPathRefusal = 'empty' | 'not-absolute' | 'dot-dot' | 'backslash' | 'control' | 'too-long';
export type TargetPathResult = { ok: true; path: string } | { ok: false; reason: TargetPathRefusal };

export const MAX_TARGET_PATH = 1024;

// Cc is C0, DEL and C1; Cf adds invisible formatting such as right-to-left overrides, which
// make a path read differently from what it is. Both are invisible in the form.
const CONTROL = /[\p{Cc}\p{Cf}]/u;

export function checkTargetPath(input: string): TargetPathResult {
  const path = input.trim();
  if (path === '') return { ok: false, reason: 'empty' };
  if (path.length > MAX_TARGET_PATH) return { ok: false, reason: 'too-long' };
  if (CONTROL.test(path)) return { ok: false, reason: 'control' };
  // Windows-style separators would be a second way to spell "..".
  if (path.includes('\\')) return { ok: false, reason: 'backslash' };
  if (!path.startsWith('/')) return { ok: false, reason: 'not-absolute' };
  if (path.split('/').includes('..')) return { ok: false, reason: 'dot-dot' };
  return { ok: true, path };
}

// The optional document-root path of a new domain. The server resolves it inside the hosting
// account, so anything that could climb out of it or confuse a shell or a log is refused here.

export type TargetPathRefusal = 'empty' | 'not-absolute' | 'dot-dot' | 'backslash' | 'control' | 'too-long';
export type TargetPathResult = { ok: true; path: string } | { ok: false; reason: TargetPathRefusal };

export const MAX_TARGET_PATH = 1024;

// Cc is exactly C0, DEL and C1: invisible in the form and dangerous in logs.
const CONTROL = /\p{Cc}/u;

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

import type { DragEvent } from 'react';

export type TextFile = { ok: true; name: string; text: string } | { ok: false; name: string; reason: 'too-large' | 'unreadable' };

/**
 * A file the user chose or dropped, as text. Its size is checked before it is read: a file far
 * over the cap is never loaded into memory.
 */
export async function readTextFile(file: File, maxBytes: number): Promise<TextFile> {
  if (file.size > maxBytes) return { ok: false, name: file.name, reason: 'too-large' };
  try {
    return { ok: true, name: file.name, text: await file.text() };
  } catch {
    return { ok: false, name: file.name, reason: 'unreadable' };
  }
}

/**
 * The first file of a drop, taken from the browser (which would otherwise open it in place of
 * the panel); a drop of text, not a file, is left to the element.
 */
export function droppedFile(event: DragEvent): File | undefined {
  const file = event.dataTransfer.files[0];
  if (file) event.preventDefault();
  return file;
}

/** For a file input's change: its file, and the input emptied, so the same file chosen again (after an edit) is read again. */
export function chosenFile(input: HTMLInputElement): File | undefined {
  const file = input.files?.[0];
  input.value = '';
  return file;
}

// The name of an exported file: the list's name (a server's words, so anything at all) made
// plain ASCII letters, digits and dashes, short enough for every file system, then the time.
import { fileStamp } from '../util/download.ts';

/** Characters of the list's part at most: a file name is at most 255 bytes, and is read at a glance. */
export const MAX_BASE = 60;

function baseOf(list: string): string {
  const plain = list.normalize('NFKD').replace(/\p{M}+/gu, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase();
  if (plain.length <= MAX_BASE) return plain;
  const cut = plain.slice(0, MAX_BASE + 1);
  const word = cut.lastIndexOf('-');
  return (word > MAX_BASE / 2 ? cut.slice(0, word) : cut.slice(0, MAX_BASE)).replace(/-+$/, '');
}

/** `mailboxes-2026-11-29T05-30-00.csv`: nothing of the name can reach a path, a device or an extension. */
export const exportFileName = (list: string, at: number, extension: 'csv' | 'json'): string => `${baseOf(list) || 'list'}-${fileStamp(at)}.${extension}`;

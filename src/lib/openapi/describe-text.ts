import { type DescriptionIndex, indexDescription } from './operations.ts';
import { type DescriptionProblem, type JsonObject, readDescription } from './read-description.ts';

/** A description's text read and indexed in one go, where it was read (a worker, or the page for a short one). */
export type DescribedText =
  | { ok: true; document: JsonObject; index: DescriptionIndex; version: string }
  | { ok: false; problem: DescriptionProblem };

/** Reads and indexes a description's text in one go; whatever it holds, a value, never a throw. */
export function describeText(text: string, apiRoot: string): DescribedText {
  const read = readDescription(text);
  if (!read.ok) return read;
  return { ok: true, document: read.document, version: read.version, index: indexDescription(read.document, read.version, apiRoot) };
}

import { parseDocument } from 'yaml';
import type { MessageKey } from '../i18n/i18n.ts';

/**
 * Reading an OpenAPI description: text (JSON or YAML) to a checked document, or a problem that
 * names what and where. Plain TypeScript, no React, no i18n (problems are message keys): the
 * same code runs on the page and in tests. Hostile input is the normal case here: a description
 * comes from a server, a file on the panel's machine or a file the user picked.
 */

import { escapePointer, isObject, type JsonObject } from './json.ts';
import { MAX_DESCRIPTION_CHARS, MAX_NESTING } from './limits.ts';

export { escapePointer, isObject, type JsonObject, type JsonValue } from './json.ts';

export { MAX_DESCRIPTION_CHARS, MAX_NESTING } from './limits.ts';

export interface DescriptionProblem {
  key: Extract<MessageKey, `api.read.${string}`>;
  params: Record<string, string | number>;
}


export type ReadResult =
  | { ok: true; document: JsonObject; version: string }
  | { ok: false; problem: DescriptionProblem };


/** Parses and checks the outer shape: version 3.0, 3.1 or 3.2, and `paths` as an object. */
export function readDescription(text: string): ReadResult {
  if (text.length > MAX_DESCRIPTION_CHARS) return fail('api.read.too-large', { mib: MAX_DESCRIPTION_CHARS / 1024 / 1024 });
  const trimmed = text.trimStart();
  if (trimmed === '') return fail('api.read.empty');
  // A depth check on the text first: a parser handed 100,000 nested brackets may recurse.
  const deep = nestingOfText(trimmed);
  if (deep !== undefined) return fail('api.read.too-deep', { max: MAX_NESTING, line: deep.line });
  const parsed = trimmed.startsWith('{') || trimmed.startsWith('[') ? parseJson(text) : parseYaml(text);
  if (!parsed.ok) return parsed;
  const { value } = parsed;
  if (!isObject(value)) return fail('api.read.not-an-object');
  if (typeof value.swagger === 'string') return fail('api.read.swagger2', { version: value.swagger });
  const version = value.openapi;
  if (typeof version !== 'string') return fail('api.read.no-version');
  if (!/^3\.[012]\.\d+(?:-[\w.]+)?$/.test(version)) return fail('api.read.version', { version: version.slice(0, 40) });
  if (!isObject(value.paths)) return fail(isObject(value.webhooks) ? 'api.read.webhooks-only' : 'api.read.no-paths');
  return { ok: true, document: value, version };
}

function fail(key: DescriptionProblem['key'], params?: Record<string, string | number>): { ok: false; problem: DescriptionProblem } {
  return { ok: false, problem: { key, params: params ?? {} } };
}

/**
 * The first place where brackets (JSON, YAML flow style) or indentation-free nesting exceed
 * MAX_NESTING, by a scan of the text that skips strings; undefined when nothing does. YAML block
 * nesting is bounded by its indentation and checked after parsing.
 */
function nestingOfText(text: string): { line: number } | undefined {
  let depth = 0;
  let line = 1;
  let quote: string | undefined;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '\n') line += 1;
    if (quote !== undefined) {
      if (char === '\\' && quote === '"') index += 1;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"') quote = '"';
    else if (char === '[' || char === '{') {
      depth += 1;
      if (depth > MAX_NESTING) return { line };
    } else if (char === ']' || char === '}') depth = Math.max(0, depth - 1);
  }
  return undefined;
}

type Parsed = { ok: true; value: unknown } | { ok: false; problem: DescriptionProblem };

function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    // V8 names the position ("... at position 1234"); the user wants a line and a column.
    const position = /position (\d+)/.exec(error instanceof Error ? error.message : '');
    if (!position) return fail('api.read.bad-json-somewhere');
    const { line, column } = lineAndColumn(text, Number(position[1]));
    return fail('api.read.bad-json', { line, column });
  }
}

function parseYaml(text: string): Parsed {
  try {
    // One document, no custom tags, aliases capped (a "billion laughs" file stays small).
    // The core schema: plain JSON values only (no dates, sets, maps or binary from YAML 1.1 tags).
    const document = parseDocument(text, { uniqueKeys: true, prettyErrors: false, strict: true, schema: 'core', version: '1.2' });
    const [error] = document.errors;
    if (error) {
      const { line, column } = lineAndColumn(text, error.pos[0]);
      return fail('api.read.bad-yaml', { line, column, reason: error.code });
    }
    const value: unknown = document.toJS({ maxAliasCount: 100 });
    const deep = deepestPath(value);
    if (deep !== undefined) return fail('api.read.too-deep-at', { max: MAX_NESTING, path: deep });
    return { ok: true, value };
  } catch {
    return fail('api.read.bad-yaml-somewhere');
  }
}

export function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(position, text.length);
  for (let index = 0; index < end; index += 1) {
    if (text.charCodeAt(index) === 10) {
      line += 1;
      lineStart = index + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/** The JSON pointer of the first value nested deeper than MAX_NESTING, without recursion. */
function deepestPath(root: unknown): string | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '#', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() ?? { value: undefined, path: '', depth: 0 };
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_NESTING) return path;
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
    for (const [key, child] of entries) stack.push({ value: child, path: `${path}/${escapePointer(key)}`, depth: depth + 1 });
  }
  return undefined;
}


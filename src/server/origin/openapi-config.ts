import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { isMap, parseDocument } from 'yaml';
import { isOpenApiPath } from '../../shared/runtime-info.ts';

/**
 * Where a hosting server's OpenAPI description comes from (README, "Configuration"): a path
 * below its API root, which the page fetches through the proxy with the user's key
 * (HOSTING_OPENAPI_PATH), or a file on the panel's machine, read once here and served at
 * `/__panel/openapi/<name>` (HOSTING_OPENAPI_FILE).
 */
export type OpenApiSource =
  | { source: 'server'; path: string }
  | { source: 'file'; body: Buffer; contentType: OpenApiContentType };

export type OpenApiContentType = 'application/json' | 'application/yaml';

/** The page reads at most this much (src/lib/openapi); a larger file is refused at start. */
export const OPENAPI_MAX_BYTES = 20 * 1024 * 1024;

/** Where the built-in simulator serves its own description, below its API root. */
export const SIMULATOR_OPENAPI_PATH = '/openapi.json';

export class OpenApiConfigError extends Error {
  override name = 'OpenApiConfigError';
}

/**
 * A server's description source from its two variables (HOSTING_OPENAPI_PATH and
 * HOSTING_OPENAPI_FILE, or their `_<NAME>` forms): at most one of them; neither means the
 * simulator's own path for a built-in simulator, else no description.
 */
export function readOpenApiSource(
  env: NodeJS.ProcessEnv,
  variables: { path: string; file: string },
  simulator: boolean,
): OpenApiSource | undefined {
  const path = env[variables.path]?.trim();
  const file = env[variables.file]?.trim();
  if (path && file) {
    throw new OpenApiConfigError(
      `${variables.path} and ${variables.file} are both set: a server's description comes from the server or from a file, not both`,
    );
  }
  if (file) return { source: 'file', ...readOpenApiFile(file, variables.file) };
  if (path) {
    if (!isOpenApiPath(path)) {
      throw new OpenApiConfigError(
        `${variables.path} must be a path below the API root such as /openapi.json: "/", then plain segments of letters, digits, ".", "_", "~" or "-", no query (got "${path}")`,
      );
    }
    return { source: 'server', path };
  }
  return simulator ? { source: 'server', path: SIMULATOR_OPENAPI_PATH } : undefined;
}

/**
 * JSON when the text starts with `{` or `[` (after a byte order mark and white space), YAML
 * otherwise: the page's own rule (src/lib/openapi/read-description.ts), and render.sh's.
 */
export function openApiContentType(text: string): OpenApiContentType {
  const first = /^\uFEFF?[ \t\r\n]*(.)/s.exec(text)?.[1];
  return first === '{' || first === '[' ? 'application/json' : 'application/yaml';
}

/** The file byte for byte, once it is known to be UTF-8 JSON or YAML holding one object. */
export function readOpenApiFile(file: string, variable: string): { body: Buffer; contentType: OpenApiContentType } {
  const body = readCapped(file, variable);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new OpenApiConfigError(`${variable} is not UTF-8 text: ${file}`);
  }
  const contentType = openApiContentType(text);
  const problem = contentType === 'application/json' ? jsonProblem(text) : yamlProblem(text);
  if (problem !== undefined) throw new OpenApiConfigError(`${variable} ${problem}: ${file}`);
  return { body, contentType };
}

function readCapped(file: string, variable: string): Buffer {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new OpenApiConfigError(`${variable} cannot be read: ${file} (not a regular file)`);
    // Checked before reading, and again after (the file may grow in between).
    if (stat.size > OPENAPI_MAX_BYTES) throw tooLarge(variable, file, stat.size);
    const body = readFileSync(fd);
    if (body.length > OPENAPI_MAX_BYTES) throw tooLarge(variable, file, body.length);
    return body;
  } catch (error) {
    if (error instanceof OpenApiConfigError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    throw new OpenApiConfigError(`${variable} cannot be read: ${file} (${typeof code === 'string' ? code : String(error)})`, { cause: error });
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const tooLarge = (variable: string, file: string, size: number) =>
  new OpenApiConfigError(`${variable} is larger than 20 MiB (${size} bytes): ${file}`);

/** The first line of a parser's message, for a one-line error. */
const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

function jsonProblem(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return `starts like JSON but is not valid JSON (${firstLine(error)})`;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? undefined : 'holds no OpenAPI description (its JSON is not an object)';
}

function yamlProblem(text: string): string | undefined {
  try {
    // Structure only: aliases are never expanded here (the page does that, within its limits).
    const document = parseDocument(text, { prettyErrors: false });
    const [error] = document.errors;
    if (error) return `is neither JSON nor valid YAML (${firstLine(error)})`;
    return isMap(document.contents) ? undefined : 'holds no OpenAPI description (its YAML is not a mapping)';
  } catch (error) {
    // A parser that gives up (deep nesting, say) is a refusal too, never a crash at start.
    return `is neither JSON nor valid YAML (${firstLine(error)})`;
  }
}

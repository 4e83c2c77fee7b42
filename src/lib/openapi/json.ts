// JSON values as a description holds them, apart from the reader (and its YAML parser), so the
// forms, refs and index can be loaded without it.

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = Record<string, JsonValue>;

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A key as one JSON pointer segment (RFC 6901). */
export const escapePointer = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

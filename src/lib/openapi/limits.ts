// Apart from the reader (and its YAML parser), so the screens that only need the caps load neither.

/** The largest description read (20 MiB), in characters of its text. */
export const MAX_DESCRIPTION_CHARS = 20 * 1024 * 1024;
/** Nesting deeper than this is refused: no real description comes near it. */
export const MAX_NESTING = 128;

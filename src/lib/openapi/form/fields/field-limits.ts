// Bounds on what one description can make the form builder do: hostile descriptions are the
// normal case, and no schema may hold the page for seconds or fill it with fields.

export const MAX_DEPTH = 8;
export const MAX_FIELDS = 2000;
export const MAX_OPTIONS = 1000;
/** Keywords and properties merged while building one form, at most. */
export const MAX_WORK = 200_000;
/** Up to this many options a radio group, more a select. */
export const RADIO_UP_TO = 4;
export const MAX_VARIANTS = 100;
// allOf members and $ref hops merged into one field, and their nesting: real descriptions chain
// allOf a dozen levels deep at most; these bound the work on a hostile one.
export const MAX_PARTS = 256;
export const MAX_PART_NESTING = 64;
export const MAX_LABEL = 200;
export const MAX_HINT = 2000;
export const MAX_PLACEHOLDER = 200;

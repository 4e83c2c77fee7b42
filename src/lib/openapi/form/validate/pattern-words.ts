// A schema's `pattern` said in words, where its shape is one people meet every day: a run of
// characters from one class (`^[a-z0-9_-]+$`, `^\d{5}$`), runs joined by separators
// (`^[a-z0-9]+(?:[._-][a-z0-9]+)*$`), or a first character and then a run (`^[a-z][a-z0-9-]*$`).
// Anything else is not guessed at: the message falls back to the schema's example. No React, no
// words here: problem-message.ts says it in the UI language. Table-tested in pattern-words.test.ts.

/** Characters a pattern allows at one place: ASCII letters by case, digits, and single symbols. */
export interface CharacterSet {
  lower: boolean;
  upper: boolean;
  digits: boolean;
  /** Other characters, each once, in the pattern's order (`.`, `_`, `-`). */
  symbols: readonly string[];
}

export type PatternShape =
  /** Characters of `allowed`, `min` to `max` of them (`max` undefined: no limit). */
  | { shape: 'run'; allowed: CharacterSet; min: number; max: number | undefined }
  /** Runs of `allowed` joined by one of `separators`: never first, last or two in a row. */
  | { shape: 'separated'; allowed: CharacterSet; separators: CharacterSet }
  /** One of `first`, then characters of `allowed` (`min` to `max` of them). */
  | { shape: 'first'; first: CharacterSet; allowed: CharacterSet; min: number; max: number | undefined };

const NONE: CharacterSet = { lower: false, upper: false, digits: false, symbols: [] };
// Symbols a person can read and type; space, quotes and control characters are left to the example.
const SYMBOL = /^[!#%&*+,./:;<=>?@_~^$|(){}[\]-]$/;
// Outside a class these stand for themselves only when escaped.
const SPECIAL = new Set(['.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '^', '$', '\\', '/']);

interface Atom { set: CharacterSet; min: number; max: number | undefined }

/** The shape of `pattern` in words, or undefined when it is not one of the simple shapes. */
export function patternShape(pattern: string): PatternShape | undefined {
  if (pattern.length > 200 || !pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return undefined;
  const parser = new Parser(pattern.slice(1, -1));
  const parsed = parser.sequence();
  if (!parsed || !parser.done()) return undefined;
  return shapeOf(parsed);
}

type Part = { kind: 'atom'; atom: Atom } | { kind: 'group'; parts: Part[]; min: number; max: number | undefined };

function shapeOf(parts: readonly Part[]): PatternShape | undefined {
  const [one, two] = parts;
  if (parts.length === 1 && one?.kind === 'atom') return { shape: 'run', allowed: one.atom.set, min: one.atom.min, max: one.atom.max };
  if (parts.length === 2 && one?.kind === 'atom' && two?.kind === 'atom' && one.atom.min === 1 && one.atom.max === 1) {
    return { shape: 'first', first: one.atom.set, allowed: two.atom.set, min: two.atom.min + 1, max: two.atom.max === undefined ? undefined : two.atom.max + 1 };
  }
  // X+ (S X+)*: runs of X joined by single separators.
  if (parts.length === 2 && one?.kind === 'atom' && two?.kind === 'group' && isRun(one.atom) && two.min === 0 && two.max === undefined) {
    const [separator, run] = two.parts;
    if (two.parts.length === 2 && separator?.kind === 'atom' && run?.kind === 'atom' && separator.atom.min === 1 && separator.atom.max === 1
      && isRun(run.atom) && sameSet(one.atom.set, run.atom.set) && disjoint(separator.atom.set, one.atom.set)) {
      return { shape: 'separated', allowed: one.atom.set, separators: separator.atom.set };
    }
  }
  return undefined;
}

const isRun = (atom: Atom) => atom.min === 1 && atom.max === undefined;
const sameSet = (a: CharacterSet, b: CharacterSet) =>
  a.lower === b.lower && a.upper === b.upper && a.digits === b.digits && a.symbols.length === b.symbols.length && a.symbols.every((symbol) => b.symbols.includes(symbol));
const disjoint = (a: CharacterSet, b: CharacterSet) =>
  !(a.lower && b.lower) && !(a.upper && b.upper) && !(a.digits && b.digits) && !a.symbols.some((symbol) => b.symbols.includes(symbol));

class Parser {
  private at = 0;
  private readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  done(): boolean {
    return this.at === this.text.length;
  }

  /** Atoms and groups up to the end or a `)`. */
  sequence(): Part[] | undefined {
    const parts: Part[] = [];
    while (!this.done() && this.text[this.at] !== ')') {
      const part = this.part();
      if (!part) return undefined;
      parts.push(part);
    }
    return parts.length > 0 ? parts : undefined;
  }

  private part(): Part | undefined {
    if (this.text.startsWith('(', this.at)) {
      this.at += this.text.startsWith('(?:', this.at) ? 3 : 1;
      if (this.text[this.at] === '?') return undefined;
      const parts = this.sequence();
      if (!parts || this.text[this.at] !== ')') return undefined;
      this.at += 1;
      const count = this.quantifier();
      return count ? { kind: 'group', parts, ...count } : undefined;
    }
    const set = this.set();
    if (!set) return undefined;
    const count = this.quantifier();
    return count ? { kind: 'atom', atom: { set, ...count } } : undefined;
  }

  private quantifier(): { min: number; max: number | undefined } | undefined {
    const next = this.text[this.at];
    if (next === '+' || next === '*' || next === '?') {
      this.at += 1;
      // Lazy and possessive forms say nothing more of what is allowed, but are not common enough to read.
      if (this.text[this.at] === '?' || this.text[this.at] === '+') return undefined;
      return next === '+' ? { min: 1, max: undefined } : next === '*' ? { min: 0, max: undefined } : { min: 0, max: 1 };
    }
    if (next !== '{') return { min: 1, max: 1 };
    const match = /^\{(\d{1,4})(?:(,)(\d{1,4})?)?\}/.exec(this.text.slice(this.at));
    if (!match) return undefined;
    this.at += match[0].length;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === undefined ? undefined : Number(match[3]);
    return max !== undefined && max < min ? undefined : { min, max };
  }

  /** One character class: `[...]`, `\d`, `\w`, an escaped or plain symbol. */
  private set(): CharacterSet | undefined {
    const next = this.text[this.at];
    if (next === undefined) return undefined;
    if (next === '[') return this.bracket();
    if (next === '\\') return this.escape();
    if (SPECIAL.has(next) || !SYMBOL.test(next)) return undefined;
    this.at += 1;
    return { ...NONE, symbols: [next] };
  }

  private escape(): CharacterSet | undefined {
    const letter = this.text[this.at + 1];
    if (letter === undefined) return undefined;
    this.at += 2;
    if (letter === 'd') return { ...NONE, digits: true };
    if (letter === 'w') return { lower: true, upper: true, digits: true, symbols: ['_'] };
    return SYMBOL.test(letter) ? { ...NONE, symbols: [letter] } : undefined;
  }

  private bracket(): CharacterSet | undefined {
    this.at += 1;
    // As in JavaScript, a `]` right after `[` ends the (empty) class: nothing to say of it.
    if (this.text[this.at] === '^' || this.text[this.at] === ']') return undefined;
    let set: CharacterSet = NONE;
    while (this.text[this.at] !== ']') {
      const char = this.text[this.at];
      if (char === undefined) return undefined;
      if (char === '\\') {
        const escaped = this.escape();
        if (!escaped) return undefined;
        set = union(set, escaped);
        continue;
      }
      const end = this.text[this.at + 2];
      if (this.text[this.at + 1] === '-' && end !== undefined && end !== ']') {
        const range = RANGES.get(`${char}-${end}`);
        if (!range) return undefined;
        set = union(set, range);
        this.at += 3;
        continue;
      }
      if (!SYMBOL.test(char) || char === '[') return undefined;
      set = union(set, { ...NONE, symbols: [char] });
      this.at += 1;
    }
    this.at += 1;
    return set;
  }
}

const RANGES: ReadonlyMap<string, CharacterSet> = new Map([
  ['a-z', { ...NONE, lower: true }], ['A-Z', { ...NONE, upper: true }], ['0-9', { ...NONE, digits: true }],
]);

const union = (a: CharacterSet, b: CharacterSet): CharacterSet => ({
  lower: a.lower || b.lower, upper: a.upper || b.upper, digits: a.digits || b.digits,
  symbols: [...a.symbols, ...b.symbols.filter((symbol) => !a.symbols.includes(symbol))],
});

// "Delete" on many entries asks for their number. Typed as a person writes it: plain digits, or
// grouped by threes with one separator throughout (1,000 · 1.000 · 1 000 · 1'000), never a
// decimal ("1,0" is one in German, not ten), a leading zero, a sign or another way of writing it.

const GROUPED = /^[1-9]\d{0,2}(?:([,.'’ \u00a0\u202f])\d{3})?(?:\1\d{3})*$/;

export function typedCountMatches(typed: string, count: number): boolean {
  const text = typed.trim();
  if (!/^\d+$/.test(text) && !GROUPED.test(text)) return false;
  return text.replace(/\D/g, '') === String(count);
}

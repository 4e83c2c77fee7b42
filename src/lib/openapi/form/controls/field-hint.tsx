import { createContext, type ReactNode, useContext, useState } from 'react';
import { useT } from '../../../i18n/i18n.ts';
import { Markdown, markdownText } from '../../../ui/markdown.tsx';
import { differsFromWire } from '../fields/human-label.ts';

/** Longer server text shows its first part, with "More" for the rest. */
const SHORT = 180;

/**
 * The first part of a description to show before "More", as plain text (its markup read, so no
 * cut leaves a `[` or `**` showing): its first sentences up to SHORT characters, else cut at a
 * word. Undefined when the whole is short enough.
 */
export function shortText(text: string): string | undefined {
  if (text.length <= SHORT) return undefined;
  const plain = markdownText(text);
  if (plain.length <= SHORT) return undefined;
  let cut = 0;
  for (const match of plain.matchAll(/[.!?](?=\s)/g)) {
    if (match.index + 1 > SHORT) break;
    cut = match.index + 1;
  }
  if (cut === 0) {
    const space = plain.lastIndexOf(' ', SHORT);
    cut = space > SHORT / 2 ? space : SHORT;
  }
  return `${plain.slice(0, cut).trimEnd()} …`;
}

/** Whether fields show their wire names beside their labels: on the API screen yes, on the resource screens no. */
export const WireNamesShown = createContext(true);

export interface HintProps { label: string; name: string | undefined; text: string | undefined; extra?: ReactNode }

/**
 * What a generated field says about itself, apart: its wire name (as code, when the label is not
 * it), the server's description (CommonMark as elements, as written; cut, with "More"), and the
 * panel's own words (in the UI language, a sentence of their own). `hint` is what the field is
 * described by; `more` goes after it, outside it, so a screen reader does not read "More" as
 * part of the field's description.
 */
export function useFieldHint({ label, name, text, extra }: HintProps): { hint: ReactNode; more: ReactNode } {
  const t = useT();
  const [open, setOpen] = useState(false);
  const wire = useContext(WireNamesShown) && differsFromWire(label, name);
  const short = text === undefined ? undefined : shortText(text);
  const hint = wire || text || extra ? (
    <>
      {wire && <code className="wire-name">{name}</code>}
      {text && <span className="server-text">{open || short === undefined ? <Markdown text={text} /> : short}</span>}
      {extra && <span className="panel-words">{extra}</span>}
    </>
  ) : undefined;
  const more = short === undefined ? undefined : (
    <button type="button" className="link more" aria-expanded={open} onClick={() => { setOpen(!open); }}>{t(open ? 'form.less' : 'form.more')}</button>
  );
  return { hint, more };
}

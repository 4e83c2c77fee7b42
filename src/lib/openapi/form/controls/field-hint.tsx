import { type ReactNode, useState } from 'react';
import { useT } from '../../../i18n/i18n.ts';
import { Markdown } from '../../../ui/markdown.tsx';
import { differsFromWire } from '../fields/human-label.ts';

/** Longer server text shows its first part, with "More" for the rest. */
const SHORT = 180;

/**
 * The first part of a description to show before "More": its first paragraph, or its first
 * sentences up to SHORT characters, else cut at a word; never inside an inline code span.
 */
export function shortText(text: string): string | undefined {
  if (text.length <= SHORT) return undefined;
  const paragraph = text.split(/\n\s*\n/, 1)[0] ?? text;
  if (paragraph.length <= SHORT && paragraph.length < text.length) return paragraph;
  let cut = 0;
  for (const match of paragraph.matchAll(/[.!?](?=\s)/g)) {
    if (match.index + 1 > SHORT) break;
    cut = match.index + 1;
  }
  if (cut === 0) {
    const space = paragraph.lastIndexOf(' ', SHORT);
    cut = space > SHORT / 2 ? space : SHORT;
  }
  let short = paragraph.slice(0, cut);
  // An odd number of backticks would show one raw: the cut goes before the open span.
  if ((short.match(/`/g)?.length ?? 0) % 2 === 1) short = short.slice(0, short.lastIndexOf('`'));
  return `${short.trimEnd()} …`;
}

/**
 * What a generated field says about itself: its wire name (as code, when the label is not it),
 * the server's description (CommonMark as elements, as written, in an element of its own, cut
 * with "More"), and the panel's own words (in the UI language, a sentence of their own).
 */
export function hintFor(props: HintProps): ReactNode {
  return differsFromWire(props.label, props.name) || props.text || props.extra ? <FieldHint {...props} /> : undefined;
}

interface HintProps { label: string; name: string | undefined; text: string | undefined; extra?: ReactNode }

function FieldHint({ label, name, text, extra }: HintProps) {
  const wire = differsFromWire(label, name);
  return (
    <>
      {wire && <code className="wire-name">{name}</code>}
      {text && <ServerText text={text} />}
      {extra && <span className="panel-words">{extra}</span>}
    </>
  );
}

function ServerText({ text }: { text: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const short = shortText(text);
  return (
    <div className="server-text">
      <Markdown text={open || short === undefined ? text : short} />
      {short !== undefined && (
        <button type="button" className="link" aria-expanded={open} onClick={() => { setOpen(!open); }}>{t(open ? 'form.less' : 'form.more')}</button>
      )}
    </div>
  );
}

import { memo, useEffect, useMemo, useState } from 'react';
import { useLocalized } from '../i18n/i18n.ts';

/** Characters per piece of text the page lays out at once: a moment's work, however the text wraps. */
const CHUNK_CHARS = 16 * 1024;
/** Shown before "Show all" is pressed. */
const FIRST_CHUNKS = 2;

const CHUNK_STYLE = { display: 'inline-block', width: '100%', verticalAlign: 'top' } as const;

/**
 * Each chunk an inline block: laid out on its own (only a new one costs anything), and copied as
 * the text it is, with no line break added between two chunks. Unchanged chunks are not rendered again.
 */
const Chunk = memo(function Chunk({ text }: { text: string }) {
  return <span style={CHUNK_STYLE}>{text}</span>;
});

/** Where each chunk ends: at a line's end where one is near, so a line is rarely split in two. */
export function chunkEnds(text: string, size = CHUNK_CHARS): number[] {
  const ends: number[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + size, text.length);
    if (end < text.length) {
      const newline = text.lastIndexOf('\n', end - 1);
      if (newline >= start + size * 0.75) end = newline + 1;
    }
    ends.push(end);
    start = end;
  }
  return ends;
}

/**
 * A text of any length (an answer's Raw JSON, a cell's whole value) as preformatted text: the
 * first chunks at once, and on "Show all" the rest, one chunk per frame, each laid out on its own
 * so the browser lays out only what is new. A megabyte on one line laid out at once froze the
 * page for seconds.
 */
export function ChunkedText({ text, className }: { text: string; className?: string }) {
  const { t } = useLocalized();
  const ends = useMemo(() => chunkEnds(text), [text]);
  const [wanted, setWanted] = useState(FIRST_CHUNKS);
  const [shown, setShown] = useState(FIRST_CHUNKS);
  const count = Math.min(shown, ends.length);
  useEffect(() => {
    if (shown >= Math.min(wanted, ends.length)) return;
    const frame = requestAnimationFrame(() => { setShown(shown + 1); });
    return () => { cancelAnimationFrame(frame); };
  }, [shown, wanted, ends.length]);
  const shownChars = ends[count - 1] ?? 0;
  return (
    <>
      <pre className={className}>
        {ends.slice(0, count).map((end, index) => (
          <Chunk key={index} text={text.slice(index === 0 ? 0 : ends[index - 1], end)} />
        ))}
      </pre>
      {shownChars < text.length && (
        <p className="hint">
          {t('api.answer.shownChars', { shown: shownChars, count: text.length })}{' '}
          {wanted < ends.length && <button type="button" className="secondary" onClick={() => { setWanted(ends.length); }}>{t('api.answer.showAll')}</button>}
        </p>
      )}
    </>
  );
}

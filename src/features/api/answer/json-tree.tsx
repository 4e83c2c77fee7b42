import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { useLocalized } from '../../../lib/i18n/i18n.ts';
import type { JsonValue } from '../../../lib/openapi/json.ts';
import { type TreeLine, treeLines } from './answer-model.ts';
import { cellText, cellWords } from './cell-text.ts';
import { CutValue } from './whole-value.tsx';

/** Indentation stops growing here: 10,000 opened levels would push a line off any screen. */
const MAX_INDENT = 24;

/**
 * Any JSON as a tree that opens level by level: the lines of all opened levels are one list of
 * which only those in view are drawn, so an object of 50,000 keys or 10,000 opened levels cost
 * what a screenful costs. The root is open at first.
 */
export function JsonTree({ value }: { value: JsonValue }) {
  const { t } = useLocalized();
  const [open, setOpen] = useState<ReadonlySet<JsonValue>>(() => new Set([value]));
  const lines = useMemo(() => treeLines(value, open), [value, open]);
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer hands back new functions on every render by design (see VirtualTable).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: lines.length, getScrollElement: () => scroller.current, estimateSize: () => 28, overscan: 12 });
  const toggle = (node: JsonValue) => {
    const next = new Set(open);
    if (!next.delete(node)) next.add(node);
    setOpen(next);
  };
  return (
    <div ref={scroller} className="answer-text" role="region" aria-label={t('api.answer.tree')} tabIndex={0}>
      <ul className="json-tree" style={{ position: 'relative', height: virtualizer.getTotalSize(), margin: 0, padding: 0 }}>
        {virtualizer.getVirtualItems().map((item) => {
          const line = lines[item.index];
          if (!line) return null;
          return (
            <li key={item.key} ref={virtualizer.measureElement} data-index={item.index}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${String(item.start)}px)`, paddingLeft: `${String(Math.min(line.depth, MAX_INDENT))}rem` }}>
              <Line line={line} onToggle={toggle} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Line({ line, onToggle }: { line: TreeLine; onToggle: (node: JsonValue) => void }) {
  const localized = useLocalized();
  const { t } = localized;
  if (line.kind === 'more') return <span className="hint">{t('api.answer.more', { count: line.hidden })}</span>;
  const { name, value, count, open } = line;
  const label = name === undefined ? null : <code>{name}</code>;
  const words = cellWords(localized);
  // A scalar, an empty list or object, and below the root a list or object that reads whole on one line (web1, web2): a line of text, nothing to open.
  const oneLine = count === undefined || count === 0 || (line.depth > 0 && !open && isWhole(cellText(value, words)));
  if (oneLine) {
    return <>{label}{label && ': '}<span className="json-value"><CutValue value={value} name={name ?? t('api.answer.tree')} /></span></>;
  }
  const kind = Array.isArray(value) ? words.items(count) : words.fields(count);
  return (
    <button type="button" className="json-toggle" aria-expanded={open} onClick={() => { onToggle(value); }}>
      {open ? '▾' : '▸'} {label}{label && ' '}<span className="json-kind">{kind}</span>
    </button>
  );
}

const isWhole = (shown: { cut: boolean; summarised: boolean }) => !shown.cut && !shown.summarised;

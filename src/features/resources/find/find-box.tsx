import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type BoxState, CLOSED, keyed, typed } from './find-keys.ts';
import { needleOf } from './find-match.ts';
import { type FindAnswer, type KeptLists, useFind } from './use-find.ts';
import { type FindWords, useFindWords } from './words.ts';

export interface FindBoxProps {
  /** The header's field (a combobox already, with its label and shortcut), which this takes over. */
  fieldId: string;
  /** Lists other screens keep (the Domains screen's), read from the cache by the app. */
  kept?: KeptLists | undefined;
}

/**
 * "Find"'s list: what the lists at hand (and the server, where a top list can filter) name like
 * the text in the header's field, grouped by resource, each option a link to its page. The field
 * is the header's own element, loaded before this (src/app/find-slot.tsx: the first screen's
 * JavaScript has room for nothing more), so this drives it through the DOM: its text, keys and
 * focus in, its combobox state out. Focus stays in the field; ↓/↑ move, Enter opens, Escape
 * closes and clears (find-keys.ts).
 */
export function FindBox({ fieldId, kept }: FindBoxProps) {
  const words = useFindWords();
  // What the field held, and whether it had the focus, when this came.
  const [box, setBox] = useState<BoxState>(() => {
    const field = fieldOf(fieldId);
    return field && document.activeElement === field ? typed(field.value) : CLOSED;
  });
  // Where the user was before the field: Escape in an empty field goes back there.
  const from = useRef<EventTarget | null>(null);
  const needle = needleOf(box.text);
  const answer = useFind(needle, box.open, kept, box.text);
  const options = useMemo(() => answer.groups.flatMap((group) => group.results), [answer.groups]);
  // Each group's first option's place among all options (their ids, and the one moved to).
  const offsets = useMemo(() => answer.groups.map((_, number) => answer.groups.slice(0, number).reduce((sum, group) => sum + group.results.length, 0)), [answer.groups]);
  const more = answer.groups.some((group) => group.more);
  const listId = `${fieldId}-list`;
  const optionId = (at: number) => `${fieldId}-option-${String(at)}`;
  const shown = box.open && needle !== '';
  const expanded = shown && options.length > 0;
  const active = expanded && box.active < options.length ? box.active : -1;

  // The field's events, read with the state of this render; in the same task as the render that
  // read the field's text, so no keystroke falls between.
  useLayoutEffect(() => {
    const field = fieldOf(fieldId);
    if (!field) return;
    const set = (next: BoxState) => {
      if (field.value !== next.text) field.value = next.text;
      setBox(next);
    };
    const onInput = () => { setBox(typed(field.value)); };
    const onFocus = (event: FocusEvent) => {
      from.current = event.relatedTarget;
      setBox((now) => ({ ...now, open: now.text.trim() !== '' }));
    };
    const onBlur = () => { setBox((now) => ({ ...now, open: false, active: -1 })); };
    const onKeyDown = (event: KeyboardEvent) => {
      // A key that composes text (Enter or Escape ending a word typed by an input method) is the input method's.
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.isComposing) return;
      const next = keyed({ ...box, active }, event.key, options.length);
      if (!next) return;
      event.preventDefault();
      if (next.effect === 'leave') {
        if (from.current instanceof HTMLElement && from.current.isConnected) from.current.focus();
        return;
      }
      set(next.state);
      const option = options[active];
      if (next.effect === 'go' && option) window.location.assign(option.href);
    };
    field.addEventListener('input', onInput);
    field.addEventListener('focus', onFocus);
    field.addEventListener('blur', onBlur);
    field.addEventListener('keydown', onKeyDown);
    return () => {
      field.removeEventListener('input', onInput);
      field.removeEventListener('focus', onFocus);
      field.removeEventListener('blur', onBlur);
      field.removeEventListener('keydown', onKeyDown);
    };
  }, [fieldId, box, active, options]);

  // The combobox's state, on the field.
  useEffect(() => {
    const field = fieldOf(fieldId);
    if (!field) return;
    field.spellcheck = false;
    field.setAttribute('aria-autocomplete', 'list');
    field.setAttribute('aria-expanded', String(expanded));
    attribute(field, 'aria-controls', expanded ? listId : undefined);
    attribute(field, 'aria-activedescendant', active >= 0 ? optionId(active) : undefined);
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const status = shown ? statusOf(words, answer, options.length, more) : '';
  const clear = () => {
    const field = fieldOf(fieldId);
    if (field) field.value = '';
    setBox(CLOSED);
  };
  return (
    <>
      {shown && (
        <div className="find-popup">
          {expanded && (
            // The field keeps the focus: a press on an option must not take it (the link's click still opens it).
            <div id={listId} role="listbox" aria-label={words.results} onMouseDown={(event) => { event.preventDefault(); }}>
              {answer.groups.map((group, number) => {
                const first = offsets[number] ?? 0;
                return (
                  <div key={group.apiPath} role="group" aria-labelledby={`${fieldId}-group-${String(number)}`}>
                    <div id={`${fieldId}-group-${String(number)}`} className="find-group" aria-hidden="true">{group.name}</div>
                    {group.results.map((result, at) => (
                      <a key={result.key} id={optionId(first + at)} role="option" aria-selected={first + at === active} href={result.href} tabIndex={-1}
                        className="find-option" onClick={clear}>
                        {/* Each name in its own direction: a right-to-left name never reorders the context after it. */}
                        <bdi>{result.label}</bdi>
                        {result.context !== undefined && <span className="find-context"> · <bdi>{result.context}</bdi></span>}
                      </a>
                    ))}
                  </div>
                );
              })}
            </div>
          )}
          {/* For the eye; the status below says the same to the ear. */}
          {(options.length === 0 || more || answer.asking || answer.askFailed) && <p className="find-note" aria-hidden="true">{status}</p>}
        </div>
      )}
      <p role="status" className="visually-hidden">{status}</p>
    </>
  );
}

const fieldOf = (id: string) => {
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement ? field : undefined;
};

function attribute(element: Element, name: string, value: string | undefined) {
  if (value === undefined) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

function statusOf(words: FindWords, answer: FindAnswer, count: number, more: boolean): string {
  if (answer.state === 'no-key') return words.noKey;
  if (answer.state === 'loading') return words.loading;
  if (answer.state === 'failed') return words.noDescription;
  const found = count > 0 ? words.found(count, more) : answer.asking ? '' : answer.pending ? words.searching : words.none;
  const asking = answer.asking ? words.asking : answer.askFailed ? words.askFailed : '';
  return [found, asking].filter((part) => part !== '').join(' ');
}

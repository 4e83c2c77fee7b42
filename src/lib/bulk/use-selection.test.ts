import { describe, expect, it } from 'vitest';
import { NOTHING_SELECTED, type Selection, selectAll, toggle } from './selection.ts';
import { scopedSelection, selectionScope } from './use-selection.ts';

const picked = toggle(NOTHING_SELECTED, 'a.example', 'a.example', true);

describe('a selection belongs to the list it was made on', () => {
  it.each<[string, string, string, Selection, Selection]>([
    ['the same list keeps it', selectionScope('sim', 'c0002', '/domains'), selectionScope('sim', 'c0002', '/domains'), picked, picked],
    ['another customer: nothing selected', selectionScope('sim', 'c0002', '/domains'), selectionScope('sim', 'c0001', '/domains'), selectAll(''), NOTHING_SELECTED],
    ['another server: nothing selected', selectionScope('sim', 'c0002', '/domains'), selectionScope('prod', 'c0002', '/domains'), picked, NOTHING_SELECTED],
    ['another list: nothing selected', selectionScope('sim', '/customers/c0002/mailboxes'), selectionScope('sim', '/customers/c0002/records'), picked, NOTHING_SELECTED],
    // Parts joined so that none can pass for two: "a\nb" + "c" is not "a" + "b\nc".
    ['parts never run together', selectionScope('a\nb', 'c'), selectionScope('a', 'b\nc'), picked, NOTHING_SELECTED],
  ])('%s', (_case, madeIn, shownIn, selection, expected) => {
    expect(scopedSelection({ scope: madeIn, selection }, shownIn)).toBe(expected);
  });
});

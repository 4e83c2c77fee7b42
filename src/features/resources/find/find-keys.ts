// The keys of "Find" (a combobox with a list popup, ARIA 1.2, selection by the user only):
// ↓/↑ open the list or move through it (round), Enter opens the option moved to, Escape closes
// the list and clears the field, and from an empty field goes back to where the user was.

export interface BoxState {
  text: string;
  open: boolean;
  /** The option moved to, -1 for none. */
  active: number;
}

export const CLOSED: BoxState = { text: '', open: false, active: -1 };

/** What a key does besides the new state: open the active option, or leave the field. */
export type KeyEffect = 'go' | 'leave' | undefined;

/** The state after typing: the list opens on text, and no option is chosen yet. */
export const typed = (text: string): BoxState => ({ text, open: text.trim() !== '', active: -1 });

/** The state after `key` with `count` options shown; undefined: the key is not the box's (the field has it). */
export function keyed(state: BoxState, key: string, count: number): { state: BoxState; effect: KeyEffect } | undefined {
  switch (key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      if (state.text.trim() === '') return { state, effect: undefined };
      if (count === 0) return { state: { ...state, open: true, active: -1 }, effect: undefined };
      const down = key === 'ArrowDown';
      const from = state.open ? state.active : -1;
      const active = from < 0 ? (down ? 0 : count - 1) : (from + (down ? 1 : count - 1)) % count;
      return { state: { ...state, open: true, active }, effect: undefined };
    }
    case 'Enter':
      return state.open && state.active >= 0 && state.active < count ? { state: CLOSED, effect: 'go' } : undefined;
    case 'Escape':
      return state.text !== '' || state.open ? { state: CLOSED, effect: undefined } : { state, effect: 'leave' };
    default:
      return undefined;
  }
}

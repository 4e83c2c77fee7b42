import { describe, expect, it } from 'vitest';
import { type BoxState, CLOSED, keyed, typed } from './find-keys.ts';

const open = (active: number, text = 'shop'): BoxState => ({ text, open: true, active });
const closed = (text = 'shop'): BoxState => ({ text, open: false, active: -1 });

describe('Find\'s keys (a combobox with a list, ARIA 1.2)', () => {
  it.each<[string, BoxState, string, number, ReturnType<typeof keyed>]>([
    ['↓ opens a closed list at the first option', closed(), 'ArrowDown', 3, { state: open(0), effect: undefined }],
    ['↓ moves down', open(0), 'ArrowDown', 3, { state: open(1), effect: undefined }],
    ['↓ from the last goes round to the first', open(2), 'ArrowDown', 3, { state: open(0), effect: undefined }],
    ['↑ opens a closed list at the last option', closed(), 'ArrowUp', 3, { state: open(2), effect: undefined }],
    ['↑ from none goes to the last', open(-1), 'ArrowUp', 3, { state: open(2), effect: undefined }],
    ['↑ from the first goes round to the last', open(0), 'ArrowUp', 3, { state: open(2), effect: undefined }],
    ['↓ with nothing found opens the list (it says so)', closed(), 'ArrowDown', 0, { state: open(-1), effect: undefined }],
    ['↓ in an empty field does nothing', closed(''), 'ArrowDown', 3, { state: closed(''), effect: undefined }],
    ['Enter opens the option moved to, and closes and clears', open(1), 'Enter', 3, { state: CLOSED, effect: 'go' }],
    ['Enter with no option moved to is the field\'s', open(-1), 'Enter', 3, undefined],
    ['Enter on a closed list is the field\'s', closed(), 'Enter', 3, undefined],
    ['Escape closes and clears', open(1), 'Escape', 3, { state: CLOSED, effect: undefined }],
    ['Escape clears a closed field', closed(), 'Escape', 3, { state: CLOSED, effect: undefined }],
    ['Escape in an empty field goes back', CLOSED, 'Escape', 0, { state: CLOSED, effect: 'leave' }],
    ['other keys are the field\'s', open(1), 'Home', 3, undefined],
  ])('%s', (_, state, key, count, next) => {
    expect(keyed(state, key, count)).toEqual(next);
  });

  it('typing opens the list on text, with no option chosen', () => {
    expect(typed('sh')).toEqual({ text: 'sh', open: true, active: -1 });
    expect(typed('  ')).toEqual({ text: '  ', open: false, active: -1 });
  });
});

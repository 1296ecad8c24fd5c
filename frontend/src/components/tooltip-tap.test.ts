import { describe, expect, it } from 'vitest';
import { createTapToggle } from './tooltip-tap';

describe('createTapToggle', () => {
  it('a tap on a closed tooltip opens it, even when focus opened it between press and click', () => {
    const tap = createTapToggle();
    tap.press(false);
    // A phone focuses the button after the finger lifts; Radix opens the tooltip on focus.
    expect(tap.activate(true)).toBe(true);
  });

  it('a tap on an open tooltip closes it, although Radix closed it at the press already', () => {
    const tap = createTapToggle();
    tap.press(true);
    expect(tap.activate(false)).toBe(false);
  });

  it('Enter or Space (no press) toggles the state as it is', () => {
    const tap = createTapToggle();
    expect(tap.activate(true)).toBe(false);
    expect(tap.activate(false)).toBe(true);
  });

  it('a press is used once: the next activation from the keyboard does not see it', () => {
    const tap = createTapToggle();
    tap.press(true);
    expect(tap.activate(false)).toBe(false);
    expect(tap.activate(false)).toBe(true);
  });

  it('a cancelled press (the finger scrolled) is forgotten', () => {
    const tap = createTapToggle();
    tap.press(true);
    tap.cancel();
    expect(tap.activate(false)).toBe(true);
  });
});

// Plays a click the visitor made on a control before it was hydrated (core/early-clicks.ts): the
// head's inline script noted it; once the control's component has mounted, the click happens.
import { useEffect } from 'react';
import { EARLY_CLICKS_GLOBAL, REPLAY_ATTRIBUTE, type EarlyClicks, type ReplayedControl } from '../../../core/early-clicks';

/** Marks a control whose early clicks are played: spread on its element. */
export function replayedClickProps(control: ReplayedControl): Record<string, string> {
  return { [REPLAY_ATTRIBUTE]: control };
}

/** Takes the clicks noted for `control` and marks it live (later clicks are React's); returns how many. */
export function takeEarlyClicks(control: ReplayedControl, state: EarlyClicks | undefined): number {
  if (!state) return 0;
  state.live[control] = true;
  const count = state.clicks.filter((id) => id === control).length;
  state.clicks = state.clicks.filter((id) => id !== control);
  return count;
}

/** After hydration, calls `onClick` once if the visitor clicked `control` before it. */
export function useReplayedClick(control: ReplayedControl, onClick: () => void): void {
  useEffect(() => {
    const state = (window as unknown as Record<string, EarlyClicks | undefined>)[EARLY_CLICKS_GLOBAL];
    if (takeEarlyClicks(control, state) > 0) onClick();
  }, [control, onClick]);
}

// The SPA's side of the clicks made before its scripts ran (decision 0031, core/early-clicks.ts):
// the head's inline script caught them until main.tsx attached React (markReactAttached); a
// control marked for replay plays its own once its component has mounted.
import { useEffect } from 'react';
import {
  EARLY_CLICKS_GLOBAL,
  EARLY_HREF_ATTRIBUTE,
  REPLAY_ATTRIBUTE,
  type EarlyClicks,
  type ReplayedControl,
} from '../../../core/early-clicks';

function earlyClicks(): EarlyClicks | undefined {
  return (window as unknown as Record<string, EarlyClicks | undefined>)[EARLY_CLICKS_GLOBAL];
}

/** From now on React handles every click (hydrateRoot replays those on parts not yet hydrated). */
export function markReactAttached(): void {
  const state = earlyClicks();
  if (state) state.isReactAttached = true;
}

/** Marks a control whose early clicks are played: spread on its element. */
export function replayedClickProps(control: ReplayedControl): Record<string, string> {
  return { [REPLAY_ATTRIBUTE]: control };
}

/** Marks a button that only navigates: clicked before React is attached, it goes to `href`. */
export function earlyHrefProps(href: string): Record<string, string> {
  return { [EARLY_HREF_ATTRIBUTE]: href };
}

/** Takes the clicks noted for `control`; returns how many there were. */
export function takeEarlyClicks(control: ReplayedControl, state: EarlyClicks | undefined): number {
  if (!state) return 0;
  const count = state.clicks.filter((id) => id === control).length;
  state.clicks = state.clicks.filter((id) => id !== control);
  return count;
}

/** After mounting, calls `onClick` once if the visitor clicked `control` before React was attached. */
export function useReplayedClick(control: ReplayedControl, onClick: () => void): void {
  useEffect(() => {
    if (takeEarlyClicks(control, earlyClicks()) > 0) onClick();
  }, [control, onClick]);
}

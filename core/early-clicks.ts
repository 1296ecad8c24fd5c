// Clicks before the scripts (issue 30: no dead clicks after the first paint). A page whose first
// screen is in its HTML is painted before its scripts have run, and until React has hydrated a
// control, a click on it does nothing. The head's inline script (api/src/spa/early-clicks-script.ts)
// catches those clicks: on the cookie banner's buttons it stores the choice at once; on a control
// marked with REPLAY_ATTRIBUTE it notes the click, and the control's component, once hydrated,
// plays it (frontend/src/components/use-replayed-click.ts). Shared by both sides: zod-free.

/** The window property holding what the inline script caught. */
export const EARLY_CLICKS_GLOBAL = '__itcEarlyClicks';

/** On a control whose early click is played once it is hydrated; the value names the control. */
export const REPLAY_ATTRIBUTE = 'data-replay-click';

/** On each of the cookie banner's buttons: the choice it makes ('accepted' or 'declined'). */
export const CONSENT_BUTTON_ATTRIBUTE = 'data-consent';

/** The controls whose early clicks are played. */
export type ReplayedControl = 'open-menu' | 'open-filters';

/** What the inline script keeps: clicks not yet played, and the controls already hydrated. */
export interface EarlyClicks {
  clicks: string[];
  live: Record<string, true>;
}

// Clicks before the scripts (decision 0031). A page whose first screen is in its HTML is painted
// before its scripts have run, and until React is attached to it, a click on a button does
// nothing. The head's inline script (api/src/spa/early-clicks-script.ts) catches those clicks until
// the SPA attaches React (hydrateRoot, which from then on replays clicks on parts it has not yet
// hydrated itself): on the cookie banner's buttons it stores the choice at once; on a button that
// only navigates (marked with EARLY_HREF_ATTRIBUTE) it goes to its address; on a control marked
// with REPLAY_ATTRIBUTE it notes the click, and the control's component, once mounted, plays it
// (frontend/src/components/early-clicks.ts). Shared by both sides: zod-free.

/** The window property holding what the inline script caught. */
export const EARLY_CLICKS_GLOBAL = '__itcEarlyClicks';

/** On a control whose early click is played once it is hydrated; the value names the control. */
export const REPLAY_ATTRIBUTE = 'data-replay-click';

/** On a button that only navigates: before React is attached, a click goes to this address. */
export const EARLY_HREF_ATTRIBUTE = 'data-early-href';

/** On each of the cookie banner's buttons: the choice it makes ('accepted' or 'declined'). */
export const CONSENT_BUTTON_ATTRIBUTE = 'data-consent';

/** The controls whose early clicks are played. */
export type ReplayedControl = 'open-menu' | 'open-filters';

/** What the inline script keeps: clicks not yet played, and whether React now handles clicks. */
export interface EarlyClicks {
  clicks: string[];
  isReactAttached: boolean;
}

// The keyboard's way to the notifications region, as in Radix's Toast: F8 (no modifier) moves focus
// to the region from anywhere, remembering where it was; Escape in the region dismisses the toast
// and returns focus there. Tabbing out of the region forgets the place (the user has moved on).

export interface FocusPlace {
  readonly isConnected: boolean;
}

interface Region<T> {
  contains(node: T | null): boolean;
}

export function isRegionHotkey(event: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }): boolean {
  return event.key === 'F8' && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
}

export function createFocusReturn<T extends FocusPlace>() {
  let previous: T | null = null;
  return {
    /** On F8: where focus is now, unless it is already in the region (a second F8 keeps the first place). */
    remember(active: T | null, region: Region<T>): void {
      if (active && !region.contains(active)) previous = active;
    },
    /** On Escape: the place to go back to, once; null if there is none or it has left the page. */
    take(): T | null {
      const place = previous;
      previous = null;
      return place?.isConnected ? place : null;
    },
    forget(): void {
      previous = null;
    },
  };
}

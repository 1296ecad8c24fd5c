// What a tap (or a click, or Enter or Space) on an explanation's tooltip trigger does (product
// rule 38): it toggles the tooltip. Radix's Tooltip opens on hover and focus only, and closes on
// pointerdown and click, so a phone, with no hover, could never read an explanation. The toggle
// must use the state at the press, not at the click: between the two, Radix has already closed an
// open tooltip (pointerdown on the trigger, or its dismissable layer's outside press) and a phone
// may have opened it again by focusing the trigger.

export interface TapToggle {
  /** The pointer went down on the trigger while the tooltip was `isOpen`. */
  press(isOpen: boolean): void;
  /** The press came to nothing (pointercancel: the finger scrolled instead). */
  cancel(): void;
  /** The trigger was activated (click, tap, Enter, Space): whether the tooltip is open now. */
  activate(isOpen: boolean): boolean;
}

export function createTapToggle(): TapToggle {
  let isOpenAtPress: boolean | null = null;
  return {
    press(isOpen) {
      isOpenAtPress = isOpen;
    },
    cancel() {
      isOpenAtPress = null;
    },
    activate(isOpen) {
      // From the keyboard there is no press: the state now is the state before.
      const wasOpen = isOpenAtPress ?? isOpen;
      isOpenAtPress = null;
      return !wasOpen;
    },
  };
}

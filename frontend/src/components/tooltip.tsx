// The site's tooltip (product rule 38): Radix UI's Tooltip with the specification's delays, named
// once here: it opens after TOOLTIP_OPEN_DELAY_MS of hover, and for TOOLTIP_SKIP_DELAY_MS after one
// closes the next opens at once (moving along a row of icons). Keyboard focus opens it at once;
// Escape, leaving and a press elsewhere close it. Focus that is not keyboard focus (not
// :focus-visible: a dialog focusing its close button after a click, a phone focusing what was
// tapped) does not open it: an open tooltip takes the first Escape, which must close the dialog.
// Two uses:
// - the visible name of an icon-only control: `label` is the control's aria-label, which stays its
//   accessible name (while it shows, Radix adds aria-describedby, which says the same). A tap does
//   the control's action, as it always did.
// - an explanation (`isExplanation`: the verified badges, 'Highest rated', a day rate compared as
//   hourly): a click, a tap, Enter or Space also toggle it, since a phone has no hover
//   (tooltip-tap.ts). Its trigger must be focusable and named by its own text: a
//   <button type="button">.
// The trigger is the child itself (asChild): it must take a ref and event handlers. The content
// is portalled in only while open, so the server's markup (server-render.tsx, prerender.tsx) is
// the trigger alone, as the browser's first render is, and hydration matches. Inside a modal
// <dialog> (the top layer) the content goes into that dialog, or it would show beneath it.
import * as RadixTooltip from '@radix-ui/react-tooltip';
import { createContext, useContext, useRef, useState, type FocusEvent, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { createTapToggle } from './tooltip-tap';

/** The specification's open delay (Radix's default too), named so nothing else repeats it. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
/** After a tooltip closes, the next one opens without delay for this long. */
export const TOOLTIP_SKIP_DELAY_MS = 300;

const HasProvider = createContext(false);

/**
 * Mounted once, around every route (routes.tsx AppRoutes): the skip delay is shared, so it runs
 * from one tooltip to the next. A tooltip rendered outside it (a component alone in a unit test)
 * brings a provider of its own, instead of Radix's error.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_OPEN_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <HasProvider.Provider value>{children}</HasProvider.Provider>
    </RadixTooltip.Provider>
  );
}

interface TooltipProps {
  /** What the tooltip says: an icon-only control's aria-label, or an explanation. */
  label: string;
  /** The trigger: one focusable element that takes a ref (a button, a link). */
  children: ReactElement;
  /** A click or tap toggles it too (an explanation, not a control with an action of its own). */
  isExplanation?: boolean;
  /** Kept shut while true: a menu the control opened covers the place, or a disclosure says it already. */
  isDisabled?: boolean;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

export function Tooltip(props: TooltipProps) {
  const hasProvider = useContext(HasProvider);
  return hasProvider ? (
    <SiteTooltip {...props} />
  ) : (
    <TooltipProvider>
      <SiteTooltip {...props} />
    </TooltipProvider>
  );
}

/** Marks a focus that is not keyboard focus as handled, so Radix's own focus handler does not open the tooltip. */
function onFocus(event: FocusEvent<HTMLElement>) {
  let isKeyboardFocus = true;
  try {
    isKeyboardFocus = event.currentTarget.matches(':focus-visible');
  } catch {
    // A browser without :focus-visible: every focus opens it, as Radix does.
  }
  if (!isKeyboardFocus) event.preventDefault();
}

function SiteTooltip({ label, children, isExplanation = false, isDisabled = false, side = 'top' }: TooltipProps) {
  const [isOpen, setOpen] = useState(false);
  const [dialog, setDialog] = useState<HTMLDialogElement | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [tap] = useState(createTapToggle);
  const isShown = isOpen && !isDisabled;

  function onOpenChange(next: boolean) {
    if (next) setDialog(triggerRef.current?.closest('dialog') ?? null);
    setOpen(next);
  }

  const explanationHandlers = isExplanation
    ? {
        onPointerDown: () => tap.press(isShown),
        onPointerCancel: () => tap.cancel(),
        onClick: (event: MouseEvent) => {
          // Marked handled: Radix's own click handler (which closes) then leaves it alone.
          event.preventDefault();
          onOpenChange(tap.activate(isShown));
        },
      }
    : {};

  return (
    <RadixTooltip.Root open={isShown} onOpenChange={onOpenChange}>
      <RadixTooltip.Trigger asChild ref={triggerRef} onFocus={onFocus} {...explanationHandlers}>
        {children}
      </RadixTooltip.Trigger>
      <RadixTooltip.Portal {...(dialog ? { container: dialog } : {})}>
        <RadixTooltip.Content
          side={side}
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-w-72 rounded-md bg-gray-900 px-2.5 py-1.5 text-xs leading-snug font-medium text-white shadow-md"
        >
          {label}
          <RadixTooltip.Arrow className="fill-gray-900" width={10} height={5} />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}

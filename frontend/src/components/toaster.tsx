// The one toast region, "Notifications (F8)", drawn here from react-hot-toast's store (useToaster)
// so it can be a labelled region the keyboard reaches: F8 focuses it from anywhere and Escape in
// it dismisses the toast and returns focus (toast-focus.ts). A toast follows a finger or the mouse
// dragged right and goes past 50 px (toast-swipe.ts); pointing at the region or keyboard focus in
// it pauses the 5 s timer. Only the newest toast is drawn (showToast gives them all one id anyway).
//
// A modal <dialog> makes everything outside it inert and covers it, so a toast raised from inside
// an open modal (an admin approving an application) would be hidden and never announced: while a
// modal holds a <ModalToaster />, the page's region steps aside and the toasts show inside the
// modal instead (the toasts themselves are shared, so one carries on into the other when the modal
// closes).
import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import toast, { resolveValue, useToaster, type Toast } from 'react-hot-toast';
import { TOAST_DURATION_MS } from './toast';
import { createFocusReturn, isRegionHotkey } from './toast-focus';
import { moveSwipe, pressSwipe, releaseSwipe, type SwipePress } from './toast-swipe';

let modalToasters = 0;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Below the sticky header (h-16, 64 px) and the demo banner above it when there is one, so a toast
 * never covers the menu or sign-in on a phone.
 */
const BELOW_HEADER: CSSProperties = { top: 'calc(72px + var(--demo-banner-h, 0px))' };
/** At the bottom of a modal, so a toast never covers the dialog's title and close button. */
const AT_BOTTOM: CSSProperties = { bottom: '16px' };

type PauseReason = 'pointer' | 'focus';

function ToastRegion({ position }: { position: CSSProperties }) {
  const { toasts, handlers } = useToaster({ duration: TOAST_DURATION_MS });
  const newest: Toast | undefined = toasts[0];
  const isShowing = newest?.visible ?? false;
  const regionRef = useRef<HTMLElement>(null);
  const [focusReturn] = useState(() => createFocusReturn<Element>());

  // The timer is paused while any reason holds; handlersRef because endPause changes with the store.
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const pauseReasons = useRef(new Set<PauseReason>());
  function setPaused(reason: PauseReason, isPaused: boolean) {
    const reasons = pauseReasons.current;
    const wasPaused = reasons.size > 0;
    if (isPaused) reasons.add(reason);
    else reasons.delete(reason);
    if (!wasPaused && reasons.size > 0) handlersRef.current.startPause();
    if (wasPaused && reasons.size === 0) handlersRef.current.endPause();
  }

  useEffect(() => {
    function focusRegion(event: KeyboardEvent) {
      const region = regionRef.current;
      if (!region || !isRegionHotkey(event)) return;
      event.preventDefault();
      focusReturn.remember(document.activeElement, region);
      region.focus();
    }
    document.addEventListener('keydown', focusRegion);
    const reasons = pauseReasons.current;
    return () => {
      document.removeEventListener('keydown', focusRegion);
      // The store is shared with the modal's region: never leave it paused.
      if (reasons.size > 0) handlersRef.current.endPause();
      reasons.clear();
    };
  }, [focusReturn]);

  useEffect(() => {
    if (isShowing) return;
    // A toast gone from under a resting pointer sends no pointerleave; the next one must still time out.
    setPaused('pointer', false);
    // Focus on a dismissed toast's button would be lost with it: keep it in the region.
    const region = regionRef.current;
    if (region && region !== document.activeElement && region.contains(document.activeElement)) region.focus();
  }, [isShowing]);

  function dismissAndReturn(event: ReactKeyboardEvent) {
    if (event.key !== 'Escape') return;
    // Inside a modal dialog, this Escape is the toast's, not the dialog's.
    event.preventDefault();
    event.stopPropagation();
    if (newest?.visible) toast.dismiss(newest.id);
    const place = focusReturn.take();
    if (place instanceof HTMLElement || place instanceof SVGElement) place.focus();
  }

  return (
    <section
      ref={regionRef}
      aria-label="Notifications (F8)"
      tabIndex={-1}
      style={position}
      className="pointer-events-none fixed right-4 left-4 z-[9999] flex justify-end sm:left-auto sm:w-96"
      onKeyDown={dismissAndReturn}
      onPointerEnter={() => setPaused('pointer', true)}
      onPointerLeave={() => setPaused('pointer', false)}
      // Keyboard focus only: a click or a tap on the toast focuses the region too, and must not hold it.
      onFocus={(event) => setPaused('focus', event.target.matches(':focus-visible'))}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget)) return;
        setPaused('focus', false);
        focusReturn.forget();
      }}
    >
      {newest ? (
        <SwipeToDismiss key={newest.id} toast={newest}>
          {resolveValue(newest.message, newest)}
        </SwipeToDismiss>
      ) : null}
    </section>
  );
}

/** Moves its toast with a finger or the mouse dragged right; past the threshold it dismisses it. */
function SwipeToDismiss({ toast: t, children }: { toast: Toast; children: ReactNode }) {
  const press = useRef<SwipePress | null>(null);
  // Tied to the toast's createdAt: a new toast in its place (same id) starts where it belongs.
  const [swipe, setSwipe] = useState<{ createdAt: number; offset: number | 'gone'; isDragging: boolean } | null>(null);
  const current = swipe?.createdAt === t.createdAt ? swipe : null;

  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    const isOnButton = event.target instanceof Element && event.target.closest('button');
    if (!event.isPrimary || event.button !== 0 || !t.visible || isOnButton) return;
    press.current = pressSwipe({ x: event.clientX, y: event.clientY, pointerType: event.pointerType });
  }

  function onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    if (!press.current) return;
    const wasSwipe = press.current.offset !== null;
    press.current = moveSwipe(press.current, { x: event.clientX, y: event.clientY });
    const offset = press.current?.offset;
    if (offset == null) return;
    // Moves outside the toast still belong to the swipe.
    if (!wasSwipe) event.currentTarget.setPointerCapture(event.pointerId);
    setSwipe({ createdAt: t.createdAt, offset, isDragging: true });
  }

  function onPointerUp() {
    const outcome = releaseSwipe(press.current);
    press.current = null;
    if (outcome === 'none') return;
    setSwipe({ createdAt: t.createdAt, offset: outcome === 'dismiss' ? 'gone' : 0, isDragging: false });
    if (outcome === 'dismiss') toast.dismiss(t.id);
  }

  function onPointerCancel() {
    press.current = null;
    if (current) setSwipe({ createdAt: t.createdAt, offset: 0, isDragging: false });
  }

  const offset = current?.offset ?? 0;
  return (
    <div
      className={[
        'flex w-full touch-pan-y justify-end select-none',
        // The region lets clicks through; a dismissed toast fading out must not catch one either.
        t.visible ? 'pointer-events-auto' : '',
        current?.isDragging ? '' : 'motion-safe:transition-transform motion-safe:duration-200',
      ].join(' ')}
      style={{ transform: offset === 'gone' ? 'translateX(calc(100% + 16px))' : offset > 0 ? `translateX(${offset}px)` : undefined }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
    >
      {children}
    </div>
  );
}

export function AppToaster() {
  const isInModal = useSyncExternalStore(subscribe, () => modalToasters > 0, () => false);
  return isInModal ? null : <ToastRegion position={BELOW_HEADER} />;
}

/**
 * The toast region inside an open modal dialog (render it only while the dialog is open). At the
 * bottom, so a toast never covers the dialog's title and close button.
 */
export function ModalToaster() {
  useEffect(() => {
    modalToasters += 1;
    notify();
    return () => {
      modalToasters -= 1;
      notify();
    };
  }, []);
  return <ToastRegion position={AT_BOTTOM} />;
}

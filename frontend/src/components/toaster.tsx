// The one toast region. A modal <dialog> makes everything outside it inert and covers it, so a
// toast raised from inside an open modal (an admin approving an application) would be hidden and
// never announced: while a modal holds a <ModalToaster />, the page's region steps aside and the
// toasts show inside the modal instead (the toasts themselves are shared, so one carries on into
// the other when the modal closes).
import { useEffect, useSyncExternalStore } from 'react';
import { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS } from './toast';

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
const BELOW_HEADER = { top: 'calc(72px + var(--demo-banner-h, 0px))' };

function RegionToaster({ position }: { position: 'top-right' | 'bottom-right' }) {
  return (
    <Toaster
      position={position}
      gutter={8}
      containerStyle={position === 'top-right' ? BELOW_HEADER : undefined}
      toastOptions={{ duration: TOAST_DURATION_MS }}
    />
  );
}

export function AppToaster() {
  const isInModal = useSyncExternalStore(subscribe, () => modalToasters > 0, () => false);
  return isInModal ? null : <RegionToaster position="top-right" />;
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
  return <RegionToaster position="bottom-right" />;
}

// A native <dialog> shown as a modal while `isOpen` (focus trapped, Escape and the backdrop handled
// by the browser) and closed otherwise. Returns the ref to put on the <dialog>.
import { useEffect, useRef } from 'react';

export function useModalDialog(isOpen: boolean) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);
  return dialogRef;
}

// A confirmation as a native modal <dialog>: the browser traps focus, makes the page inert, closes
// it on Escape and returns focus to the control that opened it.
import { useId, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';
import { dangerButtonClass, secondaryButtonClass } from './styles';

interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that closes the dialog without doing anything ('Cancel'). */
  cancelLabel?: string;
  busyLabel: string;
  isBusy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ isOpen, title, children, confirmLabel, cancelLabel = 'Cancel', busyLabel, isBusy, onConfirm, onCancel }: ConfirmDialogProps) {
  const dialogRef = useModalDialog(isOpen);
  const titleId = useId();
  const bodyId = useId();

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={onCancel}
      className="m-auto w-full max-w-md rounded-lg bg-white p-0 text-gray-900 shadow-xl backdrop:bg-gray-900/50"
    >
      <div className="p-6">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <div id={bodyId} className="mt-3 space-y-2 text-sm text-gray-700">
          {children}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={onCancel}
            autoFocus
            className={secondaryButtonClass}
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            onClick={onConfirm}
            disabled={isBusy}
            className={dangerButtonClass}
          >
            {isBusy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}

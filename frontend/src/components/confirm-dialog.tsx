// A confirmation as a native modal <dialog>: the browser traps focus, makes the page inert, closes
// it on Escape and returns focus to the control that opened it.
// While the action runs, neither Cancel nor Escape closes it: the action would go on regardless, so
// "Cancel" would not be true. A failure can be shown in it (`error`), and the dialog stays open to
// try again or cancel.
import { useEffect, useId, useRef, type ReactNode, type SyntheticEvent } from 'react';
import { useModalDialog } from './use-modal-dialog';
import { dangerButtonClass, primaryButtonClass, secondaryButtonClass } from './styles';

interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  /** What confirming does: the dialog's description. */
  children: ReactNode;
  /** Fields the confirmation needs (a reason to give), after the description and not part of it. */
  fields?: ReactNode;
  /** Why the last attempt failed, announced as an alert. */
  error?: ReactNode;
  confirmLabel: string;
  /** The button that closes the dialog without doing anything ('Cancel'). */
  cancelLabel?: string;
  busyLabel: string;
  isBusy: boolean;
  /** 'danger' (the default) for what harms or cannot be undone; 'primary' for a go-ahead. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  isOpen,
  title,
  children,
  fields,
  error,
  confirmLabel,
  cancelLabel = 'Cancel',
  busyLabel,
  isBusy,
  tone = 'danger',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialogRef = useModalDialog(isOpen);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  // A focused button that is disabled loses focus: when the action ends with the dialog still open
  // (it failed), give focus back to the button, next to the error, instead of leaving it nowhere.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (isBusy || !dialog?.open) return;
    if (!dialog.contains(document.activeElement)) confirmRef.current?.focus();
  }, [isBusy, dialogRef]);

  // React passes a nested dialog's close and cancel on to the dialogs around it (the browser does
  // not): this one's are its own, or closing it would close an admin dialog it sits in too.
  function onDialogCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.stopPropagation();
    if (isBusy) event.preventDefault();
  }
  function onDialogClose(event: SyntheticEvent<HTMLDialogElement>) {
    event.stopPropagation();
    onCancel();
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={onDialogCancel}
      onClose={onDialogClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-0 text-gray-900 shadow-xl backdrop:bg-gray-900/50"
    >
      <div className="p-6">
        <h2 id={titleId} className="text-lg font-semibold break-words">
          {title}
        </h2>
        <div id={bodyId} className="mt-3 space-y-2 text-sm break-words text-gray-700">
          {children}
        </div>
        {fields ? <div className="mt-4">{fields}</div> : null}
        <div role="alert" className="empty:hidden mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" onClick={onCancel} disabled={isBusy} className={secondaryButtonClass}>
            {cancelLabel}
          </button>
          <button ref={confirmRef} type="button" onClick={onConfirm} disabled={isBusy} className={tone === 'primary' ? primaryButtonClass : dangerButtonClass}>
            {isBusy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}

// The dashboard's dialogs (users, professionals, applications, …): a native modal <dialog>, so the
// browser traps focus, makes the page inert, closes it on Escape and gives focus back to the button
// that opened it (use-modal-dialog.ts). Labelled by its heading; its content exists only while it is
// open, so a closed dialog asks the API for nothing. Toasts raised inside show inside (toaster.tsx).
import { useId, type ReactNode } from 'react';
import { ModalToaster } from '../../components/toaster';
import { Tooltip } from '../../components/tooltip';
import { useModalDialog } from '../../components/use-modal-dialog';

interface AdminDialogProps {
  isOpen: boolean;
  title: string;
  /** One sentence under the title, also the dialog's description. */
  description?: string;
  onClose: () => void;
  children: ReactNode;
}

export function AdminDialog({ isOpen, title, description, onClose, children }: AdminDialogProps) {
  const dialogRef = useModalDialog(isOpen);
  const titleId = useId();
  const descriptionId = useId();
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Its own close only: React passes on the close of a dialog opened inside it (a confirmation).
      onClose={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto hidden max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-5xl flex-col rounded-lg bg-white p-0 text-gray-900 shadow-xl backdrop:bg-gray-900/50 open:flex sm:max-h-[calc(100dvh-4rem)]"
    >
      <div className="flex items-start justify-between gap-4 border-b border-gray-200 px-4 py-3 sm:px-6 sm:py-4">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-gray-900 sm:text-xl">
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className="mt-1 text-sm text-gray-700">
              {description}
            </p>
          ) : null}
        </div>
        <Tooltip label={`Close ${title}`} side="left">
          <button
            type="button"
            onClick={onClose}
            className="-mr-2 rounded-md p-2 text-gray-700 hover:bg-gray-100 hover:text-gray-900"
            aria-label={`Close ${title}`}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
              <path d="M5.3 4.3a1 1 0 0 0-1.4 1.4L8.6 10l-4.7 4.3a1 1 0 1 0 1.4 1.4L10 11.4l4.3 4.3a1 1 0 0 0 1.4-1.4L11.4 10l4.3-4.3a1 1 0 0 0-1.4-1.4L10 8.6 5.3 4.3Z" />
            </svg>
          </button>
        </Tooltip>
      </div>
      {isOpen ? (
        <>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">{children}</div>
          <ModalToaster />
        </>
      ) : null}
    </dialog>
  );
}

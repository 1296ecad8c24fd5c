// The confirm step every admin decision shares (an application's, a credential's: product rules 26
// and 45): a rejection's reason checked before any call, the confirm button busy while the call
// runs and a second click before that ignored (so a double click decides once), a failure shown in
// the dialog while it is open (or as a toast once it is not), and the dialog cleared on close.
// What differs (the calls, the texts, what a failure means) comes from the caller.
import { useEffect, useRef, useState } from 'react';
import { showToast, type ToastInput } from '../../components/toast';

/** What a failed call does: stay open showing `show`, or close with `toast` and then run `after`. */
export type DecisionOutcome<F> = { show: F } | { toast: ToastInput; after?: () => Promise<void> | void };

export function useDecision<F>({
  isOpen,
  isApproval,
  onClose,
  checkReason,
  decide,
  onFailure,
  onSuccess,
}: {
  isOpen: boolean;
  isApproval: boolean;
  onClose: () => void;
  /** The reason as sent, or the message beside the field. */
  checkReason: (reason: string) => { reason: string } | { error: string };
  /** The call: approve when `rejection` is undefined, else reject with it. */
  decide: (rejection: string | undefined) => Promise<unknown>;
  /** `isOpen`: whether the dialog is still open when the call failed (the browser may close it on Escape). */
  onFailure: (error: unknown, isOpen: boolean) => DecisionOutcome<F>;
  /** After the dialog closed on success: its toast, a refresh, the keyboard user's place. */
  onSuccess: () => Promise<void> | void;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [failure, setFailure] = useState<F | undefined>();
  const [isBusy, setBusy] = useState(false);
  // Set at once, unlike the state: a second click that lands before the button is disabled.
  const busyRef = useRef(false);
  const isOpenRef = useRef(isOpen);
  const fieldsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    isOpenRef.current = isOpen;
  }, [isOpen]);

  function close() {
    setReason('');
    setReasonError(undefined);
    setFailure(undefined);
    onClose();
  }

  async function confirm() {
    if (busyRef.current) return;
    let rejection: string | undefined;
    if (!isApproval) {
      const checked = checkReason(reason);
      if ('error' in checked) {
        setReasonError(checked.error);
        fieldsRef.current?.querySelector('textarea')?.focus();
        return;
      }
      setReasonError(undefined);
      rejection = checked.reason;
    }
    busyRef.current = true;
    setBusy(true);
    setFailure(undefined);
    try {
      await decide(rejection);
    } catch (error) {
      busyRef.current = false;
      setBusy(false);
      const outcome = onFailure(error, isOpenRef.current);
      if ('show' in outcome) {
        setFailure(outcome.show);
        return;
      }
      close();
      showToast(outcome.toast);
      await outcome.after?.();
      return;
    }
    busyRef.current = false;
    setBusy(false);
    close();
    await onSuccess();
  }

  return { reason, setReason, reasonError, failure, isBusy, fieldsRef, confirm, close };
}

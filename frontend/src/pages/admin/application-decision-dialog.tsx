// Approving or rejecting an application asks first (product rule 26), in a modal dialog on top of
// the Applications dialog that names the company and says what happens next for this application
// (decision-text.ts): a paid one goes live or is refunded, an unpaid one waits for its payment or
// has its checkout closed, an update changes the listing or leaves it as it was. Rejecting needs
// the reason the applicant is e-mailed. The confirm button is disabled while the call runs and a
// second click before that is ignored, so a double click decides once (the API answers 409 to a
// second decision anyway). A failure is shown in the dialog, which stays open to try again; a
// decision someone else took first (409) closes it with a toast, as there is nothing to confirm.
import { useEffect, useRef, useState } from 'react';
import { ADMIN_MESSAGES, DECISION_TEXTS, RejectApplicationInput, type AdminApplication } from '../../../../core/admin';
import { approveApplication, refreshAdminData, rejectApplication } from '../../api/admin-actions';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextAreaField } from '../../components/forms/form-fields';
import { showToast } from '../../components/toast';
import { useFocusList } from './admin-list';
import { decisionEffects, decisionFailure, type Decision, type DecisionFailure } from './decision-text';

interface ApplicationDecisionDialogProps {
  application: AdminApplication;
  decision: Decision;
  isOpen: boolean;
  onClose: () => void;
}

export function ApplicationDecisionDialog({ application, decision, isOpen, onClose }: ApplicationDecisionDialogProps) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [failure, setFailure] = useState<DecisionFailure | undefined>();
  const [isBusy, setBusy] = useState(false);
  // Set at once, unlike the state: a second click that lands before the button is disabled.
  const busyRef = useRef(false);
  // Whether the dialog is still open when the call ends (the browser may close it on Escape anyway).
  const isOpenRef = useRef(isOpen);
  const fieldsRef = useRef<HTMLDivElement>(null);
  const focusList = useFocusList();
  const isApproval = decision === 'approve';

  useEffect(() => {
    isOpenRef.current = isOpen;
  }, [isOpen]);

  function close() {
    setReason('');
    setReasonError(undefined);
    setFailure(undefined);
    onClose();
  }

  /** The card leaves the list of open applications: keep the keyboard user's place in the dialog. */
  async function afterDecision() {
    await refreshAdminData();
    focusList();
  }

  async function confirm() {
    if (busyRef.current) return;
    let rejection: string | undefined;
    if (!isApproval) {
      const parsed = RejectApplicationInput.safeParse({ reason });
      if (!parsed.success) {
        setReasonError(parsed.error.issues[0]?.message ?? 'Please give a reason');
        fieldsRef.current?.querySelector('textarea')?.focus();
        return;
      }
      setReasonError(undefined);
      rejection = parsed.data.reason;
    }

    busyRef.current = true;
    setBusy(true);
    setFailure(undefined);
    try {
      if (rejection === undefined) await approveApplication(application.id);
      else await rejectApplication(application.id, rejection);
    } catch (error) {
      busyRef.current = false;
      setBusy(false);
      const failed = decisionFailure(error, decision);
      if (!failed.isDecided && isOpenRef.current) {
        setFailure(failed);
        return;
      }
      close();
      showToast({ title: failed.title, description: failed.text, variant: 'destructive' });
      if (failed.isDecided) await afterDecision();
      return;
    }
    busyRef.current = false;
    setBusy(false);
    close();
    showToast(
      isApproval
        ? { title: ADMIN_MESSAGES.approvedTitle, description: ADMIN_MESSAGES.approved }
        : { title: ADMIN_MESSAGES.rejectedTitle, description: DECISION_TEXTS.rejectedToast(application.companyName) },
    );
    await afterDecision();
  }

  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={isApproval ? DECISION_TEXTS.approveTitle(application.companyName) : DECISION_TEXTS.rejectTitle(application.companyName)}
      tone={isApproval ? 'primary' : 'danger'}
      confirmLabel={isApproval ? DECISION_TEXTS.approveButton : DECISION_TEXTS.rejectButton}
      busyLabel={isApproval ? DECISION_TEXTS.approvingButton : DECISION_TEXTS.rejectingButton}
      cancelLabel={DECISION_TEXTS.cancelButton}
      isBusy={isBusy}
      onConfirm={() => void confirm()}
      onCancel={close}
      error={
        failure ? (
          <>
            <strong className="font-semibold">{failure.title}:</strong> {failure.text}
          </>
        ) : undefined
      }
      fields={
        isApproval ? undefined : (
          <div ref={fieldsRef}>
            <TextAreaField
              label={DECISION_TEXTS.reasonLabel}
              hint={DECISION_TEXTS.reasonHint}
              value={reason}
              onValueChange={setReason}
              error={reasonError}
              rows={4}
              maxLength={2000}
            />
          </div>
        )
      }
    >
      <p>{DECISION_TEXTS.whatHappens}</p>
      <ul className="list-disc space-y-1 pl-5">
        {decisionEffects(application, decision).map((effect) => (
          <li key={effect}>{effect}</li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}

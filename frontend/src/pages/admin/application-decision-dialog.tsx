// Approving or rejecting an application asks first (product rule 26), in a modal dialog on top of
// the Applications dialog that names the company and says what happens next for this application
// (decision-text.ts): a paid one goes live or is refunded, an unpaid one waits for its payment or
// has its checkout closed, an update changes the listing or leaves it as it was. Rejecting needs
// the reason the applicant is e-mailed. The confirm button is disabled while the call runs and a
// second click before that is ignored, so a double click decides once (the API answers 409 to a
// second decision anyway). A failure is shown in the dialog, which stays open to try again; a
// decision someone else took first (409) closes it with a toast, as there is nothing to confirm.
import { ADMIN_MESSAGES, DECISION_TEXTS, RejectApplicationInput, type AdminApplication } from '../../../../core/admin';
import { approveApplication, refreshAdminData, rejectApplication } from '../../api/admin-actions';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextAreaField } from '../../components/forms/form-fields';
import { showToast } from '../../components/toast';
import { useFocusList } from './admin-list';
import { decisionEffects, decisionFailure, type Decision, type DecisionFailure } from './decision-text';
import { useDecision } from './use-decision';

interface ApplicationDecisionDialogProps {
  application: AdminApplication;
  decision: Decision;
  isOpen: boolean;
  onClose: () => void;
}

export function ApplicationDecisionDialog({ application, decision, isOpen, onClose }: ApplicationDecisionDialogProps) {
  const focusList = useFocusList();
  const isApproval = decision === 'approve';

  /** The card leaves the list of open applications: keep the keyboard user's place in the dialog. */
  async function afterDecision() {
    await refreshAdminData();
    focusList();
  }

  const { reason, setReason, reasonError, failure, isBusy, fieldsRef, confirm, close } = useDecision<DecisionFailure>({
    isOpen,
    isApproval,
    onClose,
    checkReason(reason) {
      const parsed = RejectApplicationInput.safeParse({ reason });
      return parsed.success ? { reason: parsed.data.reason } : { error: parsed.error.issues[0]?.message ?? 'Please give a reason' };
    },
    decide: (rejection) => (rejection === undefined ? approveApplication(application.id) : rejectApplication(application.id, rejection)),
    onFailure(error, isStillOpen) {
      // A decision someone else took first (409) closes the dialog: there is nothing to confirm.
      const failed = decisionFailure(error, decision);
      if (!failed.isDecided && isStillOpen) return { show: failed };
      return { toast: { title: failed.title, description: failed.text, variant: 'destructive' }, after: failed.isDecided ? afterDecision : undefined };
    },
    async onSuccess() {
      showToast(
        isApproval
          ? { title: ADMIN_MESSAGES.approvedTitle, description: ADMIN_MESSAGES.approved }
          : { title: ADMIN_MESSAGES.rejectedTitle, description: DECISION_TEXTS.rejectedToast(application.companyName) },
      );
      await afterDecision();
    },
  });

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

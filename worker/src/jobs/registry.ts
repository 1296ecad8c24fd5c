// Every processor the worker runs. A new job is a contract in core/jobs.ts, one processor file in
// this folder, and one line here; startWorker starts one BullMQ Worker per queue that has handlers.
import { anonymiseArchivedAccountsHandler } from './anonymise-archived-accounts';
import { buildSitemapsHandler } from './build-sitemaps';
import { geocodeProfessionalHandler } from './geocode-professional';
import type { JobHandler } from './job-handler';
import { recalculateQuoteReplyRateHandler } from './recalculate-quote-reply-rate';
import { recalculateRatingHandler } from './recalculate-rating';
import { recalculateReplyTimeHandler } from './recalculate-reply-time';
import { reconcileCheckoutHandler, reconcileStripeEventHandler } from './reconcile-stripe-event';
import { reconcileWithStripeHandler } from './reconcile-with-stripe';
import { sendEmailHandler } from './send-email';
import { sendEmailChangeHandler } from './send-email-change';
import { sendPasswordResetHandler } from './send-password-reset';
import { sendQuoteAnswerLinkHandler } from './send-quote-answer-link';
import { sendQuoteRequestLinkHandler } from './send-quote-request-link';
import { sendRegistrationEmailHandler } from './send-registration-email';
import { settleRejectedApplicationHandler } from './settle-rejected-application';
import { settleCancellationHandler } from './settle-cancellation';
import { watchCredentialsHandler } from './watch-credentials';

export const JOB_HANDLERS: readonly JobHandler[] = [
  geocodeProfessionalHandler,
  sendEmailHandler,
  sendPasswordResetHandler,
  sendEmailChangeHandler,
  sendRegistrationEmailHandler,
  sendQuoteRequestLinkHandler,
  sendQuoteAnswerLinkHandler,
  reconcileStripeEventHandler,
  reconcileCheckoutHandler,
  settleRejectedApplicationHandler,
  anonymiseArchivedAccountsHandler,
  recalculateRatingHandler,
  recalculateReplyTimeHandler,
  recalculateQuoteReplyRateHandler,
  settleCancellationHandler,
  reconcileWithStripeHandler,
  buildSitemapsHandler,
  watchCredentialsHandler,
];

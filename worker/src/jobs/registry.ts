// Every processor the worker runs. A new job is a contract in core/jobs.ts, one processor file in
// this folder, and one line here; startWorker starts one BullMQ Worker per queue that has handlers.
import { geocodeProfessionalHandler } from './geocode-professional';
import type { JobHandler } from './job-handler';
import { reconcileCheckoutHandler, reconcileStripeEventHandler } from './reconcile-stripe-event';
import { sendEmailHandler } from './send-email';
import { sendPasswordResetHandler } from './send-password-reset';
import { sendRegistrationEmailHandler } from './send-registration-email';
import { settleCancellationHandler } from './settle-cancellation';

export const JOB_HANDLERS: readonly JobHandler[] = [
  geocodeProfessionalHandler,
  sendEmailHandler,
  sendPasswordResetHandler,
  sendRegistrationEmailHandler,
  reconcileStripeEventHandler,
  reconcileCheckoutHandler,
  settleCancellationHandler,
];

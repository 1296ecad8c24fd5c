// What each API route parses, so the fuzz generates its inputs from the very schemas the route uses
// (core/). Every route the API registers must have an entry here: the fuzz test fails on one that
// has none, so a new route is fuzzed from the day it is added. `{}` means the route reads no body
// and no query (the fuzz still sends it hostile ones).
import type { z } from 'zod';
import { AdminCredentialsQuery, credentialSubmission, CredentialRejection, EvidenceUploadQuery } from '../../core/credential-input';
import { ukIsoDate } from '../../core/credentials';
import { ChangeEmailInput, ChangeNameInput, ChangePasswordInput, ConfirmEmailChangeInput } from '../../core/account';
import {
  AccessCodeInput,
  AdminApplicationsQuery,
  AdminArchivedUsersQuery,
  AdminProfessionalsQuery,
  AdminUsersQuery,
  AuditLogQuery,
  ContactMessagesQuery,
  MaintenanceToggleInput,
  MaintenanceUnlockInput,
  ModerateReviewInput,
  QuoteReportReviewInput,
  QuoteReportsQuery,
  RejectApplicationInput,
  ReviewReportsQuery,
  TurnOffTwoStepInput,
} from '../../core/admin';
import {
  ArchiveAccountInput,
  LoginInput,
  PasswordResetInput,
  PasswordResetRequestInput,
  RegisterInput,
  RegistrationConfirmInput,
} from '../../core/auth';
import { ApplicationCheckoutInput, CreateSubscriptionInput } from '../../core/billing';
import { ClientErrorInput } from '../../core/client-errors';
import { ContactInput } from '../../core/contact';
import { DirectoryQuery } from '../../core/directory-query';
import { AltUpdate, UploadQuery } from '../../core/media-input';
import { CaseStudiesUpdate, CaseStudyPhotoQuery } from '../../core/case-study-input';
import { MarkThreadInput, NewMessageInput, ThreadListQuery, ThreadReplyInput } from '../../core/message-inputs';
import { MyProfileUpdate } from '../../core/my-profile';
import { QuotePickInput, QuoteReplyInput, QuoteRequestInput, QuoteTokenInput } from '../../core/quotes';
import { TwoStepEnableInput, TwoStepPasswordInput, TwoStepSignInInput } from '../../core/two-step';
import { CreateReviewInput, ReportReviewInput, ReviewListQuery, ReviewReplyInput, UpdateReviewInput } from '../../core/review-inputs';

export interface EndpointInput {
  body?: z.ZodType;
  query?: z.ZodType;
  /** The body is raw bytes (an image upload), not JSON. */
  rawBody?: true;
}

export const ENDPOINT_INPUTS: Record<string, EndpointInput> = {
  'GET /api/health': {},
  'GET /api/ready': {},
  'GET /api/metrics': {},
  'GET /api/site-config': {},
  'GET /api/auth/me': {},
  'POST /api/auth/register': { body: RegisterInput },
  'POST /api/auth/register/confirm': { body: RegistrationConfirmInput },
  'POST /api/auth/login': { body: LoginInput },
  'POST /api/auth/login/two-step': { body: TwoStepSignInInput },
  'POST /api/auth/logout': {},
  'POST /api/auth/archive': { body: ArchiveAccountInput },
  'GET /api/auth/my-data': {},
  'POST /api/auth/password-reset/request': { body: PasswordResetRequestInput },
  'POST /api/auth/password-reset': { body: PasswordResetInput },
  'PATCH /api/account/name': { body: ChangeNameInput },
  'POST /api/account/email': { body: ChangeEmailInput },
  'POST /api/account/email/confirm': { body: ConfirmEmailChangeInput },
  'POST /api/account/password': { body: ChangePasswordInput },
  'GET /api/account/sessions': {},
  'DELETE /api/account/sessions/:handle': {},
  'POST /api/account/sessions/end-others': {},
  'GET /api/account/two-step': {},
  'POST /api/account/two-step/setup': { body: TwoStepPasswordInput },
  'POST /api/account/two-step/enable': { body: TwoStepEnableInput },
  'POST /api/account/two-step/disable': { body: TwoStepPasswordInput },
  'POST /api/account/two-step/recovery-codes': { body: TwoStepPasswordInput },
  'GET /api/captcha/challenge': {},
  'GET /api/professionals/my-profile': {},
  'PATCH /api/professionals/my-profile': { body: MyProfileUpdate },
  'GET /api/professionals/my-profile/media': {},
  'PUT /api/professionals/my-profile/media/logo': { query: UploadQuery, rawBody: true },
  'PATCH /api/professionals/my-profile/media/logo': { body: AltUpdate },
  'DELETE /api/professionals/my-profile/media/logo': {},
  'POST /api/professionals/my-profile/media/photos': { query: UploadQuery, rawBody: true },
  'PATCH /api/professionals/my-profile/media/photos/:key': { body: AltUpdate },
  'DELETE /api/professionals/my-profile/media/photos/:key': {},
  'GET /api/media/:name': {},
  'GET /api/professionals/my-profile/case-studies': {},
  'PUT /api/professionals/my-profile/case-studies': { body: CaseStudiesUpdate },
  'POST /api/professionals/my-profile/case-studies/photos': { query: CaseStudyPhotoQuery, rawBody: true },
  'DELETE /api/professionals/my-profile/case-studies/photos/:key': {},
  'GET /api/admin/mail': {},
  'GET /api/admin/mail/:file': {},
  'GET /api/professionals': { query: DirectoryQuery },
  'GET /api/professionals/map': { query: DirectoryQuery },
  'GET /api/professionals/slug/:slug': {},
  'GET /api/professionals/:id/card': {},
  'GET /api/professionals/:id': {},
  'POST /api/create-application-checkout': { body: ApplicationCheckoutInput },
  'GET /api/application': {},
  'POST /api/application/checkout': {},
  'GET /api/verify-payment': {},
  'POST /api/create-subscription': { body: CreateSubscriptionInput },
  'GET /api/professional/subscription': {},
  'POST /api/professional/cancel-subscription': {},
  'POST /api/professional/billing-portal': {},
  'GET /api/admin/stats': {},
  'GET /api/admin/applications': { query: AdminApplicationsQuery },
  'POST /api/admin/applications/:id/approve': {},
  'POST /api/admin/applications/:id/reject': { body: RejectApplicationInput },
  'POST /api/admin/users/:id/end-sessions': {},
  'POST /api/admin/users/:id/two-step/turn-off': { body: TurnOffTwoStepInput },
  'GET /api/admin/users': { query: AdminUsersQuery },
  'GET /api/admin/archived-users': { query: AdminArchivedUsersQuery },
  'GET /api/admin/professionals': { query: AdminProfessionalsQuery },
  'GET /api/admin/audit-log': { query: AuditLogQuery },
  'GET /api/admin/queues': {},
  'GET /api/admin/contact-messages': { query: ContactMessagesQuery },
  'POST /api/admin/contact-messages/:id/handled': {},
  'GET /api/admin/quote-reports': { query: QuoteReportsQuery },
  'POST /api/admin/quote-reports/:id/review': { body: QuoteReportReviewInput },
  'GET /api/admin/maintenance/status': {},
  'POST /api/admin/maintenance/toggle': { body: MaintenanceToggleInput },
  'POST /api/admin/maintenance/access-code': { body: AccessCodeInput },
  'POST /api/maintenance/unlock': { body: MaintenanceUnlockInput },
  'GET /api/reviews': { query: ReviewListQuery },
  'GET /api/reviews/summary': {},
  'GET /api/reviews/mine': {},
  'POST /api/reviews': { body: CreateReviewInput },
  'PATCH /api/reviews/:id': { body: UpdateReviewInput },
  'DELETE /api/reviews/:id': {},
  'PUT /api/reviews/:id/reply': { body: ReviewReplyInput },
  'DELETE /api/reviews/:id/reply': {},
  'POST /api/reviews/:id/report': { body: ReportReviewInput },
  'GET /api/admin/review-reports': { query: ReviewReportsQuery },
  'POST /api/admin/reviews/:id/hide': { body: ModerateReviewInput },
  'POST /api/admin/reviews/:id/restore': { body: ModerateReviewInput },
  'POST /api/professionals/:id/messages': { body: NewMessageInput },
  'GET /api/messages/inbox': { query: ThreadListQuery },
  'GET /api/messages/sent': { query: ThreadListQuery },
  'GET /api/messages/threads/:id': {},
  'POST /api/messages/threads/:id/replies': { body: ThreadReplyInput },
  'POST /api/messages/threads/:id/read': { body: MarkThreadInput },
  'POST /api/contact': { body: ContactInput },
  'POST /api/quote-requests': { body: QuoteRequestInput },
  'POST /api/quote-requests/view': { body: QuoteTokenInput },
  'POST /api/quote-requests/send': { body: QuoteTokenInput },
  'POST /api/quote-requests/pick': { body: QuotePickInput },
  'GET /api/quote-requests/mine': {},
  'POST /api/quote-requests/:id/link': {},
  'GET /api/quotes/received': {},
  'POST /api/quotes/:id/reply': { body: QuoteReplyInput },
  'POST /api/quotes/:id/spam': {},
  'POST /api/client-errors': { body: ClientErrorInput },
  'GET /api/admin/client-errors': {},
  'GET /api/home': {},
  'GET /api/locations': {},
  'GET /api/service-places/:service/:place': {},
  'GET /api/service-places/:service': {},
  // Credentials (issue 34): the submission's schema is made for a day; the fuzz's is today's.
  'PUT /api/professionals/my-profile/evidence': { query: EvidenceUploadQuery, rawBody: true },
  'GET /api/professionals/my-profile/credentials': {},
  'POST /api/professionals/my-profile/credentials': { body: credentialSubmission(ukIsoDate(Date.now())) },
  'POST /api/professionals/my-profile/credentials/:id/withdraw': {},
  'GET /api/evidence/:name': {},
  'GET /api/admin/credentials': { query: AdminCredentialsQuery },
  'POST /api/admin/credentials/:id/approve': {},
  'POST /api/admin/credentials/:id/reject': { body: CredentialRejection },
};

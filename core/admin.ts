// The admin dashboard's calls (spec: Admin dashboard, sections 6-8; product rules 12, 14, 20): the
// query and body schemas the API parses, the answers' shapes, and the spec's admin texts. Shared by
// the /admin page and api/src/routes/admin*.ts. Lists stay arrays (spec) and take limit/offset, with
// the total in the X-Total-Count header.
import { z } from 'zod';
import type { Role } from './auth';
import type { ListingFieldValues } from './listing-fields';
import type { PlanId } from './plans';
import { MAINTENANCE_MESSAGES } from './maintenance-texts';
import { QUOTE_SPAM_VERDICTS, type QuoteRequestFacts, type QuoteSpamVerdict } from './quotes';
import { queryInteger } from './query-number';
import { text } from './text';

// ---------------------------------------------------------------------------------------------
// Texts (spec section 8 and its success toasts)

export const ADMIN_MESSAGES = {
  dashboardErrorTitle: 'Error loading dashboard',
  statsFailed: 'Failed to load admin statistics. Please try again.',
  fetchStatsFailed: 'Failed to fetch admin statistics',
  fetchMaintenanceFailed: 'Failed to fetch maintenance status',
  fetchProfessionalsFailed: 'Failed to fetch professionals',
  fetchApplicationsFailed: 'Failed to fetch applications',
  fetchUsersFailed: 'Failed to fetch users',
  fetchArchivedUsersFailed: 'Failed to fetch archived users',
  approvedTitle: 'Application Approved',
  approved: 'The professional has been approved and notified by email.',
  rejectedTitle: 'Application Rejected',
  approveFailedTitle: 'Approval Failed',
  approveFailed: 'Failed to approve application.',
  rejectFailedTitle: 'Rejection Failed',
  rejectFailed: 'Failed to reject application.',
  maintenanceOnTitle: 'Maintenance Mode Enabled',
  maintenanceOn: 'Site is now in maintenance mode. Only admins can access the site.',
  maintenanceOffTitle: 'Maintenance Mode Disabled',
  maintenanceOff: 'Site is now live and accessible to all users.',
  maintenanceToggleFailed: 'Failed to toggle maintenance mode. Please try again.',
  /** Approve or reject of an application that is no longer pending or pending_payment (409). */
  applicationDecided: 'This application has already been decided.',
} as const;

/**
 * The dialogs that confirm approving or rejecting an application (product rule 26). Each sentence
 * says what happens next as api/src/domain/admin/decide-application.ts and the worker's
 * settle-rejected-application.ts do it, so an admin knows before deciding; which sentences apply
 * (a paid new application, an unpaid one, an update of an approved listing) the dashboard chooses
 * (frontend/src/pages/admin/decision-text.ts).
 */
export const DECISION_TEXTS = {
  approveTitle: (companyName: string) => `Approve ${companyName}?`,
  rejectTitle: (companyName: string) => `Reject ${companyName}?`,
  whatHappens: 'What happens next:',
  approveButton: 'Approve application',
  approvingButton: 'Approving…',
  rejectButton: 'Reject application',
  rejectingButton: 'Rejecting…',
  cancelButton: 'Cancel',
  reasonLabel: 'Reason for rejecting',
  reasonHint: 'Sent to the applicant by e-mail.',
  /** The 'Application Rejected' toast's description. */
  rejectedToast: (companyName: string) => `${companyName} has been e-mailed your reason.`,

  // Approving. A paid new application: its subscription is active, so the listing is live at once.
  goesLiveNow: 'The listing goes live in the directory now.',
  approvedEmail: (email: string) => `The professional is e-mailed at ${email} that it has been approved.`,
  // An unpaid one (pending_payment): approved, live once paid; the e-mail carries a link to pay, and
  // the checkout left open is closed so that link is the one way to pay.
  approvedNotLive: 'The listing is approved but not live: it goes live once it is paid for.',
  approvedPayLinkEmail: (email: string) => `The applicant is e-mailed at ${email} that it has been approved, with a link to pay.`,
  unpaidCheckoutClosedOnApproval: 'The checkout they left unpaid is closed, so they pay through that link.',
  // An update of an approved listing: the listing takes the new details (its web address and first
  // approval date stay).
  liveListingUpdated: 'The live listing changes to the new details at once; its web address stays the same.',
  listingUpdatedNotLive: 'The listing changes to the new details, but it is not live until it is paid for.',

  // Rejecting: the reason is always e-mailed.
  reasonEmail: (email: string) => `The applicant is e-mailed your reason at ${email}.`,
  // A paid new application: its listing never went live, so it is all given back.
  refundedInFull: 'Their subscription is cancelled at once and everything they paid is refunded in full.',
  mayApplyAgain: 'Nothing is published, and they may apply again.',
  // An unpaid one: its checkout is closed (a payment that got in first is refunded in full).
  unpaidCheckoutClosedOnRejection: 'Their unpaid checkout is closed so it can no longer be paid; nothing has been paid, so there is nothing to refund.',
  // An update of an approved listing: nothing changes but the application.
  listingKept: 'Their listing and its subscription stay exactly as they were.',
} as const;

// The gate's texts live in a zod-free file, since the gate is in the SPA's entry bundle.
export { MAINTENANCE_MESSAGES };

// ---------------------------------------------------------------------------------------------
// Lists: paging and search shared by every admin list

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;

const listQuery = {
  search: text().trim().max(200).optional().transform((v) => v || undefined),
  limit: queryInteger('limit', { min: 1, max: ADMIN_PAGE_SIZE_MAX, fallback: ADMIN_PAGE_SIZE }),
  offset: queryInteger('offset', { min: 0, max: 1_000_000, fallback: 0 }),
};

// ---------------------------------------------------------------------------------------------
// GET /api/admin/stats

/**
 * The spec's stats response. Money is in pounds (two decimals at most), computed from payments
 * actually received minus refunds (product rule 20), never from counts of plans.
 */
export interface AdminStats {
  /** Every listing ever made (approved or not, any subscription state). */
  totalProfessionals: number;
  /** Live listings: approved with an active subscription. */
  activeProfessionals: number;
  /** Accounts with the customer role that are not archived. */
  totalCustomers: number;
  /** Applications waiting for an admin (status pending: paid, or an update that needs no payment). */
  pendingApplications: number;
  /** Credentials waiting for an admin's check (issue 34, product rule 45): the queue at /admin. */
  pendingCredentials: number;
  archivedUsers: number;
  totalRevenue: number;
  /** Received from monthly plans' payments, less their refunds. */
  monthlyRevenue: number;
  /** Received from yearly plans' payments, less their refunds. */
  yearlyRevenue: number;
  subscriptionBreakdown: {
    /** Active subscriptions on each plan. */
    monthly: number;
    yearly: number;
    activeSubscriptions: number;
    cancelledSubscriptions: number;
    /** Beyond the spec: renewals that failed and have not been paid since. */
    pastDueSubscriptions: number;
  };
  /** The last 12 calendar months, oldest first (the chart and its table). */
  months: AdminMonth[];
  /** Five approved professionals with a rating above 0, highest first (spec section 9). */
  topRated: AdminTopRated[];
  /** Beyond the spec: requests for quotes (issue 32, product rules 40–43). */
  quotes: {
    /** Requests the buyers sent (opened their link and pressed Send). */
    requestsSent: number;
    /** Professionals those requests went to, one per professional per request. */
    deliveries: number;
    /** Of those, answered (a quote, a message or 'not for us'). */
    answered: number;
    /** Requests a professional reported as spam. */
    reportedAsSpam: number;
    /** Of those, the ones no admin has reviewed yet (GET /api/admin/quote-reports?reviewed=open). */
    spamAwaitingReview: number;
  };
}

export interface AdminMonth {
  /** 'YYYY-MM' (Europe/London). */
  month: string;
  /** Received that month less refunds made that month, in pounds. */
  revenue: number;
  /** Subscriptions active at the end of that month (or now, for the current month). */
  activeSubscriptions: number;
}

export interface AdminTopRated {
  id: number;
  slug: string;
  companyName: string;
  rating: number;
  reviewCount: number;
}

// ---------------------------------------------------------------------------------------------
// Applications: GET /api/admin/applications, POST /api/admin/applications/{id}/approve|reject

export const APPLICATION_STATUSES = ['pending', 'pending_payment', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** The statuses an admin may decide from (spec section 4). */
export const DECIDABLE_STATUSES: readonly ApplicationStatus[] = ['pending', 'pending_payment'];

export const AdminApplicationsQuery = z.object({
  ...listQuery,
  /** Default: the ones waiting for a decision (pending and pending_payment). */
  status: z.enum([...APPLICATION_STATUSES, 'open', 'all']).default('open'),
});
export type AdminApplicationsQuery = z.infer<typeof AdminApplicationsQuery>;

/** An application as the admin sees it, with its listing fields (core/listing-fields.ts). */
export interface AdminApplication extends ListingFieldValues {
  id: number;
  companyName: string;
  contactName: string;
  email: string;
  phone: string | null;
  website: string | null;
  description: string;
  services: string[];
  location: string;
  region: string;
  postcode: string;
  /** As the directory shows it: 'From £45/hour', 'From £380/day', 'Project based', or null. */
  rate: string | null;
  plan: PlanId;
  status: ApplicationStatus;
  /** When the checkout was paid (null: unpaid, or an update that needed no payment). */
  paidAt: string | null;
  /** The listing it creates or updates, once there is one. */
  professional: { id: number; slug: string; isApproved: boolean } | null;
  rejectionReason: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  createdAt: string;
}

export const RejectApplicationInput = z.object({
  reason: text({ error: 'Please give a reason' })
    .trim()
    .min(3, 'Please give a reason (at least 3 characters)')
    .max(2000, 'The reason must be at most 2000 characters'),
});
export type RejectApplicationInput = z.infer<typeof RejectApplicationInput>;

/** The answer to approve and reject: the application as it now is. */
export interface AdminDecision {
  application: AdminApplication;
}

// ---------------------------------------------------------------------------------------------
// Users: GET /api/admin/users, /api/admin/archived-users, /api/admin/professionals

export const USER_ROLE_FILTERS = ['all', 'customer', 'provider', 'admin'] as const;
export const AdminUsersQuery = z.object({ ...listQuery, role: z.enum(USER_ROLE_FILTERS).default('all') });
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

export interface AdminUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  professional: { id: number; slug: string; companyName: string } | null;
  createdAt: string;
  isArchived: boolean;
  archivedAt: string | null;
  /** Set once the retention job anonymised the account (product rule 14). */
  anonymisedAt: string | null;
  /** Whether the account has two-step verification on (product rule 35). */
  twoStepEnabled: boolean;
}

/**
 * POST /api/admin/users/:id/two-step/turn-off: for someone who lost their phone and their recovery
 * codes, once the team has checked it is them (product rule 35); how they checked goes in the audit log.
 */
export const TurnOffTwoStepInput = z.object({
  reason: text({ error: 'Please say how you checked it is them' })
    .trim()
    .min(10, 'Please say how you checked it is them (at least 10 characters)')
    .max(500, 'At most 500 characters'),
});
export type TurnOffTwoStepInput = z.infer<typeof TurnOffTwoStepInput>;

export const AdminArchivedUsersQuery = z.object(listQuery);
export type AdminArchivedUsersQuery = z.infer<typeof AdminArchivedUsersQuery>;

export const PROFESSIONAL_FILTERS = ['all', 'live', 'awaiting-approval', 'past-due', 'cancelled'] as const;
export const AdminProfessionalsQuery = z.object({ ...listQuery, status: z.enum(PROFESSIONAL_FILTERS).default('all') });
export type AdminProfessionalsQuery = z.infer<typeof AdminProfessionalsQuery>;

export interface AdminProfessional {
  id: number;
  slug: string;
  companyName: string;
  contactName: string;
  email: string;
  region: string;
  services: string[];
  rating: number;
  reviewCount: number;
  isApproved: boolean;
  subscriptionStatus: 'inactive' | 'active' | 'past_due' | 'cancelled';
  subscriptionType: PlanId;
  currentPeriodEnd: string | null;
  createdAt: string;
}

// ---------------------------------------------------------------------------------------------
// Maintenance mode (product rule 12)

/** GET /api/admin/maintenance/status (the spec's `enabled`, plus where the access code comes from). */
export interface MaintenanceStatus {
  enabled: boolean;
  /** 'admin': set on the dashboard (stored hashed); 'environment': MAINTENANCE_ACCESS_CODE; null: none (only admins get in). */
  accessCodeSource: 'admin' | 'environment' | null;
}

export const MaintenanceToggleInput = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });
export type MaintenanceToggleInput = z.infer<typeof MaintenanceToggleInput>;

export const ACCESS_CODE_MIN = 6;
/** POST /api/admin/maintenance/access-code */
export const AccessCodeInput = z.object({
  code: text({ error: 'Please enter an access code' })
    .min(ACCESS_CODE_MIN, `The access code must be at least ${ACCESS_CODE_MIN} characters`)
    .max(200, 'The access code must be at most 200 characters'),
});
export type AccessCodeInput = z.infer<typeof AccessCodeInput>;

/** POST /api/maintenance/unlock (the gate; anyone). */
export const MaintenanceUnlockInput = z.object({
  password: text({ error: MAINTENANCE_MESSAGES.accessCodeRequired }).min(1, MAINTENANCE_MESSAGES.accessCodeRequired).max(200),
});
export type MaintenanceUnlockInput = z.infer<typeof MaintenanceUnlockInput>;

// ---------------------------------------------------------------------------------------------
// Audit log, queues, contact messages, reported reviews

export const AuditLogQuery = z.object({ limit: listQuery.limit, offset: listQuery.offset });

/** The audit log's action names (AuditEntry.action), written by the API and the worker. */
export const AUDIT_ACTIONS = {
  approve: 'application.approve',
  reject: 'application.reject',
  maintenanceOn: 'maintenance.on',
  maintenanceOff: 'maintenance.off',
  accessCode: 'maintenance.access-code',
  contactHandled: 'contact-message.handled',
  reviewHide: 'review.hide',
  reviewRestore: 'review.restore',
  retention: 'retention.anonymise',
  /** The worker refunded and ended a second subscription for one listing (never a second charge). */
  duplicateRefunded: 'payment.duplicate-refunded',
  /** The team turned a user's two-step verification off (product rule 35). */
  twoStepOff: 'user.two-step-off',
  /** The worker's daily check of our billing against Stripe's: what it repaired and flagged. */
  billingReconciliation: 'billing.reconciliation',
  /** An admin agreed a request for quotes reported by a professional is spam, and closed it. */
  quoteSpamConfirmed: 'quote-request.spam-confirmed',
  /** An admin found a request for quotes reported by a professional is not spam; it stays as it was. */
  quoteSpamDismissed: 'quote-request.spam-dismissed',
} as const;

/**
 * What an audit row's `details` holds: at least the sentence people read (AuditEntry.summary),
 * written when the action happens, so the log reads the same after the target changes or goes.
 */
export interface AuditDetails {
  summary: string;
  [key: string]: string | number | boolean | null | number[] | string[];
}

/** The name an anonymised account carries (product rule 14); its reviews stay, without a name. */
export const ANONYMISED_NAME = 'Deleted user';

export interface AuditEntry {
  id: number;
  /** The admin's name, or null for the system (the retention job). */
  actor: string | null;
  /** 'application.approve', 'application.reject', 'maintenance.on', 'maintenance.off',
   *  'maintenance.access-code', 'review.hide', 'review.restore', 'retention.anonymise',
   *  'quote-request.spam-confirmed', … */
  action: string;
  targetType: string;
  targetId: string | null;
  /** A sentence for people: 'Approved Acme IT (application 12)'. */
  summary: string;
  createdAt: string;
}

/** GET /api/admin/queues: one row per queue (Bull Board has the jobs themselves). */
export interface QueueSummary {
  name: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
}

export const ContactMessagesQuery = z.object({ ...listQuery, handled: z.enum(['all', 'open', 'handled']).default('open') });

export interface AdminContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  handledAt: string | null;
  createdAt: string;
}

export const ReviewReportsQuery = z.object({ ...listQuery, state: z.enum(['open', 'resolved', 'all']).default('open') });

/** A reported review with its reports (GET /api/admin/review-reports). */
export interface AdminReportedReview {
  review: {
    id: number;
    professional: { id: number; slug: string; companyName: string };
    authorName: string;
    rating: number;
    title: string;
    comment: string;
    createdAt: string;
    hiddenAt: string | null;
    hiddenReason: string | null;
  };
  reports: { id: number; reporterName: string; reason: string; createdAt: string; resolvedAt: string | null }[];
}

/** POST /api/admin/reviews/{id}/hide and /restore. */
export const ModerateReviewInput = z.object({
  reason: text({ error: 'Please give a reason' }).trim().min(3, 'Please give a reason (at least 3 characters)').max(1000),
});
export type ModerateReviewInput = z.infer<typeof ModerateReviewInput>;

// ---------------------------------------------------------------------------------------------
// Requests for quotes reported as spam (issue 32): GET /api/admin/quote-reports,
// POST /api/admin/quote-reports/{id}/review

/** 'open': no verdict yet (the default); 'reviewed': an admin gave one. */
export const QUOTE_REPORT_FILTERS = ['open', 'reviewed', 'all'] as const;
export const QuoteReportsQuery = z.object({ reviewed: z.enum(QUOTE_REPORT_FILTERS).default('open'), limit: listQuery.limit, offset: listQuery.offset });
export type QuoteReportsQuery = z.infer<typeof QuoteReportsQuery>;

/**
 * A request at least one professional flagged as spam, as an admin reviews it: the whole request
 * with the buyer's name and address (to judge it; blank once retention anonymised it,
 * `anonymisedAt`), who flagged it and when, and the verdict once given.
 */
export interface AdminQuoteReport extends QuoteRequestFacts {
  buyerName: string;
  buyerEmail: string;
  /** Set once retention blanked the buyer's details and the job's description (product rule 41). */
  anonymisedAt: string | null;
  createdAt: string;
  /** When the buyer sent it (confirmed their link). */
  sentAt: string | null;
  /** How many professionals received it. */
  recipients: number;
  /** The professionals who flagged it, first flag first. */
  reports: { professionalId: number; companyName: string; flaggedAt: string }[];
  spamVerdict: QuoteSpamVerdict | null;
  spamReviewedAt: string | null;
}

export const QuoteReportReviewInput = z.object({ verdict: z.enum(QUOTE_SPAM_VERDICTS, { error: 'Please choose spam or not spam' }) });
export type QuoteReportReviewInput = z.infer<typeof QuoteReportReviewInput>;

export const QUOTE_REPORT_TEXTS = {
  notFound: 'Reported request not found',
  alreadyReviewed: 'This report has already been reviewed.',
} as const;

// Every e-mail the product sends (product rule 22), one small function each, keyed by the template
// names of core/jobs.ts. Each declares the data it needs as a zod schema: a job whose data does
// not fit fails at once (retrying cannot fix it).
import { z } from 'zod';
import type { EmailTemplate } from '../../../../core/jobs';
import { renderEmail, type RenderedEmail } from './layout';
import {
  CredentialApprovedData,
  credentialApprovedEmail,
  CredentialExpiredData,
  credentialExpiredEmail,
  CredentialExpiringData,
  credentialExpiringEmail,
  CredentialRejectedData,
  credentialRejectedEmail,
} from './credential-emails';

const name = z.string().min(1).max(200);
const url = z.url();
const text = z.string().max(20_000);

export const PasswordResetData = z.object({ name, resetUrl: url, expiresInMinutes: z.number().int().positive() });
export function passwordResetEmail(d: z.infer<typeof PasswordResetData>): RenderedEmail {
  return renderEmail({
    subject: 'Reset your ITConnect password',
    greeting: `Hello ${d.name},`,
    blocks: [
      { paragraph: 'Someone asked to reset the password of your ITConnect account. If it was you, choose a new password here:' },
      { button: { label: 'Reset password', url: d.resetUrl } },
      { paragraph: `The link works once and expires in ${d.expiresInMinutes} minutes. Setting a new password signs you out everywhere.` },
      { paragraph: 'If you did not ask for this, ignore this e-mail: your password stays as it is.' },
    ],
  });
}

export const ConfirmRegistrationData = z.object({ name, confirmUrl: url, expiresInHours: z.number().int().positive() });
export function confirmRegistrationEmail(d: z.infer<typeof ConfirmRegistrationData>): RenderedEmail {
  return renderEmail({
    subject: 'Confirm your e-mail to finish creating your ITConnect account',
    greeting: `Hello ${d.name},`,
    blocks: [
      { paragraph: 'Thank you for signing up to ITConnect. To finish creating your account, confirm that this is your e-mail address:' },
      { button: { label: 'Create my account', url: d.confirmUrl } },
      { paragraph: `The link works once and expires in ${d.expiresInHours} hours.` },
      { paragraph: 'If you did not sign up, ignore this e-mail: no account is created without it.' },
    ],
  });
}

export const ConfirmApplicationData = z.object({ name, companyName: name, plan: z.string().min(1).max(40), confirmUrl: url, expiresInHours: z.number().int().positive() });
/** The link of a visitor's application (/apply): it proves the address, then the listing is paid for (product rule 24). */
export function confirmApplicationEmail(d: z.infer<typeof ConfirmApplicationData>): RenderedEmail {
  return renderEmail({
    subject: 'Confirm your e-mail to continue your ITConnect application',
    greeting: `Hello ${d.name},`,
    blocks: [
      { paragraph: `Thank you for applying to list ${d.companyName} on ITConnect (${d.plan}). To continue, confirm that this is your e-mail address. You will be asked for the password you chose, then taken to the payment page.` },
      { button: { label: 'Confirm and continue to payment', url: d.confirmUrl } },
      { paragraph: `The link works once and expires in ${d.expiresInHours} hours. Nothing has been charged yet.` },
      { paragraph: 'If you did not apply, ignore this e-mail: no account is created and nothing is charged without it.' },
    ],
  });
}

export const ConfirmEmailChangeData = z.object({ name, confirmUrl: url, expiresInHours: z.number().int().positive() });
/** Sent to the new address of an e-mail change (product rule 32). */
export function confirmEmailChangeEmail(d: z.infer<typeof ConfirmEmailChangeData>): RenderedEmail {
  return renderEmail({
    subject: 'Confirm your new e-mail address for ITConnect',
    greeting: `Hello ${d.name},`,
    blocks: [
      { paragraph: 'You asked to use this address for your ITConnect account. To make the change, confirm it here:' },
      { button: { label: 'Use this e-mail address', url: d.confirmUrl } },
      { paragraph: `The link works once and expires in ${d.expiresInHours} hours. Until then your account keeps its current address.` },
      { paragraph: 'If you did not ask for this, ignore this e-mail: nothing changes without it.' },
    ],
  });
}

export const EmailChangeRequestedData = z.object({ name, newEmail: z.email().max(254), resetUrl: url });
/** Sent to the current address when a change of address is asked for (product rule 32). */
export function emailChangeRequestedEmail(d: z.infer<typeof EmailChangeRequestedData>): RenderedEmail {
  return renderEmail({
    subject: 'Your ITConnect e-mail address is about to change',
    greeting: `Hello ${d.name},`,
    blocks: [
      { paragraph: `Someone signed in to your ITConnect account asked to change its e-mail address to ${d.newEmail}.` },
      { paragraph: 'The change happens only when the link we sent to that address is opened. Until then this address stays in use.' },
      { paragraph: 'If this was not you, change your password now: that signs everyone else out.' },
      { button: { label: 'Reset my password', url: d.resetUrl } },
    ],
  });
}

export const AccountExistsData = z.object({ name, signInUrl: url, resetUrl: url, companyName: name.optional() });
/** To the owner of an address someone signed up or applied (/apply, `companyName`) with. */
export function accountExistsEmail(d: z.infer<typeof AccountExistsData>): RenderedEmail {
  const attempt = d.companyName
    ? `Someone applied to list ${d.companyName} on ITConnect with this e-mail address. You already have an account, so nothing was made: to apply, sign in and send the application from your account.`
    : 'Someone tried to create an ITConnect account with this e-mail address. You already have one, so no new account was made.';
  return renderEmail({
    subject: 'You already have an ITConnect account',
    greeting: `Hello ${d.name},`,
    blocks: [
      { paragraph: attempt },
      { button: { label: 'Sign in', url: d.signInUrl } },
      { paragraph: 'If you have forgotten your password, you can choose a new one:' },
      { button: { label: 'Choose a new password', url: d.resetUrl } },
      { paragraph: 'If it was not you, ignore this e-mail: your account is unchanged.' },
    ],
  });
}

export const ApplicationReceivedData = z.object({ contactName: name, companyName: name });
export function applicationReceivedEmail(d: z.infer<typeof ApplicationReceivedData>): RenderedEmail {
  return renderEmail({
    subject: 'We have received your ITConnect application',
    greeting: `Hello ${d.contactName},`,
    blocks: [
      { paragraph: `Thank you for applying to list ${d.companyName} on ITConnect.` },
      { paragraph: 'Our team reviews every application, usually within 48 hours. We will e-mail you as soon as it has been decided.' },
    ],
  });
}

export const ApplicationPaymentFailedData = z.object({ contactName: name, companyName: name, applyUrl: url });
/** A Direct Debit for an application that the bank refused, days after the checkout (product rule 24). */
export function applicationPaymentFailedEmail(d: z.infer<typeof ApplicationPaymentFailedData>): RenderedEmail {
  return renderEmail({
    subject: 'Your ITConnect payment did not go through',
    greeting: `Hello ${d.contactName},`,
    blocks: [
      { paragraph: `Your bank did not pay the Direct Debit for listing ${d.companyName} on ITConnect, so nothing has been taken and your application is not with our team yet.` },
      { paragraph: 'Your application is saved. To send it, sign in and pay for it again, by card or Direct Debit:' },
      { button: { label: 'Pay for my application', url: d.applyUrl } },
    ],
  });
}

export const PaymentFailedData = z.object({ contactName: name, companyName: name, amount: z.string().min(1).max(20), billingUrl: url });
export function paymentFailedEmail(d: z.infer<typeof PaymentFailedData>): RenderedEmail {
  return renderEmail({
    subject: 'Your ITConnect payment did not go through',
    greeting: `Hello ${d.contactName},`,
    blocks: [
      { paragraph: `We could not take the ${d.amount} payment for the ${d.companyName} listing, so the listing is hidden from the directory for now.` },
      { paragraph: 'Please check or update your card. As soon as a payment goes through, the listing is back.' },
      { button: { label: 'Update your card', url: d.billingUrl } },
    ],
  });
}

export const ApplicationApprovedData = z.object({
  contactName: name,
  companyName: name,
  profileUrl: url,
  /**
   * Set when the approved listing is not live yet because it is not paid for (product rule 26):
   * where to pay (/subscribe for the listing, or My Profile's billing after a failed renewal).
   */
  paymentUrl: url.optional(),
});
export function applicationApprovedEmail(d: z.infer<typeof ApplicationApprovedData>): RenderedEmail {
  if (d.paymentUrl) {
    return renderEmail({
      subject: 'Your ITConnect application has been approved',
      greeting: `Hello ${d.contactName},`,
      blocks: [
        { paragraph: `Good news: your application for ${d.companyName} has been approved.` },
        { paragraph: 'Your listing goes live in the directory as soon as its subscription is paid. Sign in with the e-mail address and password you applied with, then pay here:' },
        { button: { label: 'Pay and go live', url: d.paymentUrl } },
        { paragraph: `Once it is live, your profile is at ${d.profileUrl}` },
      ],
    });
  }
  return renderEmail({
    subject: 'Your ITConnect listing is live',
    greeting: `Hello ${d.contactName},`,
    blocks: [
      { paragraph: `Good news: your application for ${d.companyName} has been approved and your profile is now live in the directory.` },
      { button: { label: 'View your profile', url: d.profileUrl } },
    ],
  });
}

export const ApplicationRejectedData = z.object({
  contactName: name,
  companyName: name,
  reason: text.min(1),
  /** '£28' when what was paid for the application has been refunded (product rule 26). */
  refund: z.string().min(1).max(20).optional(),
  /** The application updated a listing that stays as it was (and its subscription with it). */
  listingUnchanged: z.boolean().optional(),
});
export function applicationRejectedEmail(d: z.infer<typeof ApplicationRejectedData>): RenderedEmail {
  return renderEmail({
    subject: 'Your ITConnect application',
    greeting: `Hello ${d.contactName},`,
    blocks: [
      {
        paragraph: d.listingUnchanged
          ? `Thank you for sending updated details for ${d.companyName}. We are unable to approve the changes at the moment, for this reason:`
          : `Thank you for applying to list ${d.companyName} on ITConnect. We are unable to approve the application at the moment, for this reason:`,
      },
      { quote: d.reason },
      ...(d.refund
        ? [{ paragraph: `As your listing never went live, we have cancelled the subscription and refunded the ${d.refund} you paid in full. Refunds usually reach your card within 5 to 10 working days.` }]
        : []),
      {
        paragraph: d.listingUnchanged
          ? 'Your listing and subscription stay as they were. You are welcome to update your details and send them again.'
          : 'You are welcome to update your application and apply again.',
      },
    ],
  });
}

export const NewMessageData = z.object({ recipientName: name, senderName: name, subject: text.min(1), content: text, messagesUrl: url });
export function newMessageEmail(d: z.infer<typeof NewMessageData>): RenderedEmail {
  return renderEmail({
    subject: `New message on ITConnect: ${d.subject}`,
    greeting: `Hello ${d.recipientName},`,
    blocks: [
      { paragraph: `${d.senderName} sent you a message through ITConnect:` },
      { quote: d.content },
      { button: { label: 'Read and reply', url: d.messagesUrl } },
    ],
  });
}

export const MessageAnsweredData = z.object({ recipientName: name, companyName: name, subject: text.min(1), reply: text, messagesUrl: url });
export function messageAnsweredEmail(d: z.infer<typeof MessageAnsweredData>): RenderedEmail {
  return renderEmail({
    subject: `${d.companyName} replied: ${d.subject}`,
    greeting: `Hello ${d.recipientName},`,
    blocks: [
      { paragraph: `${d.companyName} answered your message:` },
      { quote: d.reply },
      { button: { label: 'View the conversation', url: d.messagesUrl } },
    ],
  });
}

export const NewReviewData = z.object({ contactName: name, reviewerName: name, rating: z.number().int().min(1).max(5), title: text.min(1), profileUrl: url });
export function newReviewEmail(d: z.infer<typeof NewReviewData>): RenderedEmail {
  return renderEmail({
    subject: `New ${d.rating}-star review on ITConnect`,
    greeting: `Hello ${d.contactName},`,
    blocks: [
      { paragraph: `${d.reviewerName} left a ${d.rating}-star review: "${d.title}".` },
      { button: { label: 'Read it and reply', url: d.profileUrl } },
    ],
  });
}

export const SubscriptionCancelledData = z.object({
  contactName: name,
  companyName: name,
  /** '£3' when the cancellation refunded the first payment (product rule 2); absent otherwise. */
  refund: z.string().min(1).max(20).optional(),
});
export function subscriptionCancelledEmail(d: z.infer<typeof SubscriptionCancelledData>): RenderedEmail {
  return renderEmail({
    subject: 'Your ITConnect subscription has been cancelled',
    greeting: `Hello ${d.contactName},`,
    blocks: [
      { paragraph: `The subscription for ${d.companyName} has ended, the listing has been removed from the directory and the account has been closed.` },
      ...(d.refund
        ? [{ paragraph: `Under our 30-day money-back guarantee we have refunded ${d.refund}. Refunds usually reach your card within 5 to 10 working days.` }]
        : []),
      { paragraph: 'Thank you for being part of ITConnect. You are welcome back at any time.' },
    ],
  });
}

export const SubscriptionEndedData = z.object({
  contactName: name,
  companyName: name,
  /** Stripe gave up on an unpaid renewal (rather than a cancellation in Stripe's billing page). */
  isUnpaid: z.boolean(),
  profileUrl: url,
  /** The first payment refunded under the 30-day guarantee ('£3.00'), when it was. */
  refund: z.string().min(1).max(20).optional(),
});
/** A subscription that ended outside the site: the listing is removed, the account stays open (product rule 22). */
export function subscriptionEndedEmail(d: z.infer<typeof SubscriptionEndedData>): RenderedEmail {
  return renderEmail({
    subject: 'Your ITConnect subscription has ended',
    greeting: `Hello ${d.contactName},`,
    blocks: [
      {
        paragraph: d.isUnpaid
          ? `The subscription for ${d.companyName} has ended because its renewal payment could not be taken, so the listing has been removed from the directory.`
          : `The subscription for ${d.companyName} has ended, so the listing has been removed from the directory.`,
      },
      ...(d.refund ? [{ paragraph: `You cancelled within 30 days of your first payment, so we have refunded ${d.refund} in full under our money-back guarantee. Refunds usually reach your card within 5 to 10 working days.` }] : []),
      { paragraph: 'Your ITConnect account stays open and your listing details are kept. No further payments will be taken.' },
      { paragraph: 'To list your business again, sign in and choose Subscribe on My Profile.' },
      { button: { label: 'Go to My Profile', url: d.profileUrl } },
    ],
  });
}

export const SubscriptionRefundedData = z.object({ contactName: name, companyName: name, amount: z.string().min(1).max(20) });
export function subscriptionRefundedEmail(d: z.infer<typeof SubscriptionRefundedData>): RenderedEmail {
  return renderEmail({
    subject: 'Your ITConnect refund',
    greeting: `Hello ${d.contactName},`,
    blocks: [
      { paragraph: `We have refunded ${d.amount} for the ${d.companyName} subscription under our 30-day money-back guarantee.` },
      { paragraph: 'Refunds usually reach your card within 5 to 10 working days.' },
    ],
  });
}

export const PaymentDuplicateRefundedData = z.object({ amount: z.string().min(1).max(20), contactName: name.optional(), companyName: name.optional() });
/** A second subscription for one listing (a checkout paid twice): refunded in full and ended (product rule 24). */
export function paymentDuplicateRefundedEmail(d: z.infer<typeof PaymentDuplicateRefundedData>): RenderedEmail {
  const listing = d.companyName ? `the ${d.companyName} listing` : 'one ITConnect listing';
  return renderEmail({
    subject: 'We have refunded a duplicate ITConnect payment',
    greeting: d.contactName ? `Hello ${d.contactName},` : 'Hello,',
    blocks: [
      { paragraph: `You were charged twice for ${listing}. A listing has only one subscription, so we have cancelled the second one and refunded ${d.amount} in full: no further payments will be taken for it.` },
      { paragraph: 'Refunds usually reach your card within 5 to 10 working days. Nothing else changes.' },
    ],
  });
}

/** `flagged`: one finding per line (job data holds plain values only). */
export const BillingReconciliationFlaggedData = z.object({ summary: z.string().min(1).max(500), flagged: z.string().min(1).max(20_000), auditUrl: url });
/** To ADMIN_EMAIL: the daily check against Stripe found what only a person can settle. */
export function billingReconciliationFlaggedEmail(d: z.infer<typeof BillingReconciliationFlaggedData>): RenderedEmail {
  return renderEmail({
    subject: 'ITConnect billing: the daily check against Stripe needs a person',
    greeting: 'Hello,',
    blocks: [
      { paragraph: `${d.summary}. These could not be repaired from Stripe's records:` },
      ...d.flagged.split('\n').map((line) => ({ paragraph: `• ${line}` })),
      { paragraph: 'The run is in the audit log on the admin dashboard.' },
      { button: { label: 'Open the dashboard', url: d.auditUrl } },
    ],
  });
}

export const ContactMessageData = z.object({
  senderName: name,
  senderEmail: z.email().max(254),
  subject: text.min(1),
  message: text.min(1),
  /** Where an admin reads it on the site. */
  adminUrl: url,
});
/** A message from /contact to the site team (product rule 9), sent to ADMIN_EMAIL. */
export function contactMessageEmail(d: z.infer<typeof ContactMessageData>): RenderedEmail {
  return renderEmail({
    subject: `Contact form: ${d.subject}`,
    greeting: 'Hello,',
    blocks: [
      { paragraph: `${d.senderName} (${d.senderEmail}) wrote through the contact form:` },
      { quote: d.message },
      { paragraph: 'Reply to the sender at the address above.' },
      { button: { label: 'Open the dashboard', url: d.adminUrl } },
    ],
  });
}

export const TwoStepChangedData = z.object({ name, change: z.enum(['on', 'off', 'off-by-team']), resetUrl: url });
/** Sent to the account's address whenever two-step verification is turned on or off (product rule 35). */
export function twoStepChangedEmail(d: z.infer<typeof TwoStepChangedData>): RenderedEmail {
  const what = {
    on: 'Two-step verification is now on for your ITConnect account. Signing in now asks for a code from your authenticator app after your password.',
    off: 'Two-step verification is now off for your ITConnect account. Signing in asks for your password only.',
    'off-by-team':
      'Our team turned off two-step verification for your ITConnect account, as asked, after checking it was you. Signing in asks for your password only until you turn it on again on My Profile.',
  }[d.change];
  return renderEmail({
    subject: d.change === 'on' ? 'Two-step verification is on for your ITConnect account' : 'Two-step verification is off for your ITConnect account',
    greeting: `Hello ${d.name},`,
    blocks: [
      { paragraph: what },
      { paragraph: 'If this was not you, reset your password now: that signs everyone else out. Then tell us through the contact page.' },
      { button: { label: 'Reset my password', url: d.resetUrl } },
    ],
  });
}

export const QuoteRequestLinkData = z.object({
  name,
  service: name,
  /** 'LS1 (on site or remotely)', 'Remote work'. */
  where: name,
  budget: name,
  timescale: name,
  details: text.min(1),
  requestUrl: url,
  expiresInHours: z.number().int().positive(),
  /** A single enquiry: the one professional it is for. */
  enquiryTo: name.nullable().default(null),
});
/** A buyer's private link to their request for quotes or single enquiry (product rule 41): opening it sends the request. */
export function quoteRequestLinkEmail(d: z.infer<typeof QuoteRequestLinkData>): RenderedEmail {
  const what = d.enquiryTo ? 'enquiry' : 'request';
  return renderEmail({
    subject: d.enquiryTo ? `Send your enquiry to ${d.enquiryTo}` : `Send your request for ${d.service} quotes`,
    greeting: `Hello ${d.name},`,
    blocks: [
      {
        paragraph: `${d.enquiryTo ? `You asked ${d.enquiryTo} about ${d.service}` : `You asked ITConnect for quotes for ${d.service}`}: ${d.where}, budget ${d.budget}, ${d.timescale.toLowerCase()}. You wrote:`,
      },
      { quote: d.details },
      { paragraph: `Nothing has been sent yet. Open your ${what} to check it and send it to ${d.enquiryTo ?? 'the matching professionals'}:` },
      { button: { label: `Review and send my ${what}`, url: d.requestUrl } },
      {
        paragraph: `Please send it within ${d.expiresInHours} hours, or it is deleted. Keep this e-mail: the same link later shows who received your request and their replies. It is private: anyone with it can see your request.`,
      },
      { paragraph: 'If you did not ask for quotes, ignore this e-mail: nothing is sent to anyone without it.' },
    ],
  });
}

export const NewQuoteRequestData = z.object({
  recipientName: name,
  buyerFirstName: name,
  service: name,
  where: name,
  budget: name,
  timescale: name,
  details: text.min(1),
  /** 'On site: 3.2 miles from you…': why they received it (product rule 40). */
  why: name,
  quotesUrl: url,
  /** A single enquiry: sent to this professional only. */
  enquiry: z.boolean().default(false),
});
/** A request for quotes or single enquiry a listing received (product rules 40 and 42); no contact details of the buyer. */
export function newQuoteRequestEmail(d: z.infer<typeof NewQuoteRequestData>): RenderedEmail {
  return renderEmail({
    subject: `${d.enquiry ? 'New enquiry' : 'New request for quotes'}: ${d.service}, ${d.where}`,
    greeting: `Hello ${d.recipientName},`,
    blocks: [
      { paragraph: `${d.buyerFirstName} is looking for ${d.service}: ${d.where}, budget ${d.budget}, ${d.timescale.toLowerCase()}. They wrote:` },
      { quote: d.details },
      {
        paragraph: d.enquiry
          ? 'They sent this enquiry to you only, from your profile; enquiries come free with your listing.'
          : `You received it because ${d.why}. It went to at most five professionals; requests come free with your listing.`,
      },
      { button: { label: 'Answer the request', url: d.quotesUrl } },
      { paragraph: 'Send a quote, a message, or say it is not for you. You will see how to contact them once they pick you.' },
    ],
  });
}

export const QuoteChosenData = z.object({
  recipientName: name,
  service: name,
  buyerName: name,
  buyerEmail: z.email().max(254),
  buyerPhone: z.string().max(40).nullable(),
  /** 'By e-mail', 'By phone'. */
  contactPreference: name,
  quotesUrl: url,
});
/** The buyer picked this professional (product rule 43): now, and only now, how to reach them. */
export function quoteChosenEmail(d: z.infer<typeof QuoteChosenData>): RenderedEmail {
  return renderEmail({
    subject: `${d.buyerName} picked you for ${d.service}`,
    greeting: `Hello ${d.recipientName},`,
    blocks: [
      { paragraph: `Good news: ${d.buyerName} picked you for their ${d.service} job on ITConnect. They would like to be contacted ${d.contactPreference.toLowerCase()}.` },
      { paragraph: `E-mail: ${d.buyerEmail}` + (d.buyerPhone ? `. Phone: ${d.buyerPhone}` : '') },
      { button: { label: 'See the request', url: d.quotesUrl } },
      { paragraph: 'ITConnect takes no commission: agree the work and the payment directly with them.' },
    ],
  });
}

export const QuoteNotChosenData = z.object({ recipientName: name, service: name, where: name, buyerFirstName: name });
/** The buyer picked someone else, or no one (product rule 43): a polite note, once. */
export function quoteNotChosenEmail(d: z.infer<typeof QuoteNotChosenData>): RenderedEmail {
  return renderEmail({
    subject: `${d.buyerFirstName} has decided on their ${d.service} request`,
    greeting: `Hello ${d.recipientName},`,
    blocks: [
      { paragraph: `Thank you for answering ${d.buyerFirstName}'s request for ${d.service} (${d.where}). They have decided not to go ahead with you this time.` },
      { paragraph: 'Requests come free with your listing, so nothing was charged. We will send you the next one that matches.' },
    ],
  });
}

export const QuoteAnsweredData = z.object({
  name,
  companyName: name,
  service: name,
  /** '£450 fixed price', 'a message'. */
  answer: name,
  message: z.string().max(20_000).nullable(),
  requestUrl: url,
});
/** A professional answered the buyer's request (product rule 43), with a fresh private link to compare. */
export function quoteAnsweredEmail(d: z.infer<typeof QuoteAnsweredData>): RenderedEmail {
  return renderEmail({
    subject: `${d.companyName} answered your ${d.service} request`,
    greeting: `Hello ${d.name},`,
    blocks: [
      { paragraph: `${d.companyName} answered your request for ${d.service}: ${d.answer}.` },
      ...(d.message ? [{ quote: d.message }] : []),
      { paragraph: 'See every answer side by side, and pick one when you are ready:' },
      { button: { label: 'Compare the answers', url: d.requestUrl } },
      { paragraph: 'The link is private: anyone with it can see your request.' },
    ],
  });
}

const TEMPLATES = {
  'password-reset': [PasswordResetData, passwordResetEmail],
  'confirm-registration': [ConfirmRegistrationData, confirmRegistrationEmail],
  'confirm-application': [ConfirmApplicationData, confirmApplicationEmail],
  'account-exists': [AccountExistsData, accountExistsEmail],
  'application-received': [ApplicationReceivedData, applicationReceivedEmail],
  'application-payment-failed': [ApplicationPaymentFailedData, applicationPaymentFailedEmail],
  'payment-failed': [PaymentFailedData, paymentFailedEmail],
  'application-approved': [ApplicationApprovedData, applicationApprovedEmail],
  'application-rejected': [ApplicationRejectedData, applicationRejectedEmail],
  'new-message': [NewMessageData, newMessageEmail],
  'message-answered': [MessageAnsweredData, messageAnsweredEmail],
  'new-review': [NewReviewData, newReviewEmail],
  'subscription-cancelled': [SubscriptionCancelledData, subscriptionCancelledEmail],
  'subscription-ended': [SubscriptionEndedData, subscriptionEndedEmail],
  'subscription-refunded': [SubscriptionRefundedData, subscriptionRefundedEmail],
  'payment-duplicate-refunded': [PaymentDuplicateRefundedData, paymentDuplicateRefundedEmail],
  'contact-message': [ContactMessageData, contactMessageEmail],
  'confirm-email-change': [ConfirmEmailChangeData, confirmEmailChangeEmail],
  'email-change-requested': [EmailChangeRequestedData, emailChangeRequestedEmail],
  'two-step-changed': [TwoStepChangedData, twoStepChangedEmail],
  'billing-reconciliation-flagged': [BillingReconciliationFlaggedData, billingReconciliationFlaggedEmail],
  'quote-request-link': [QuoteRequestLinkData, quoteRequestLinkEmail],
  'new-quote-request': [NewQuoteRequestData, newQuoteRequestEmail],
  'quote-chosen': [QuoteChosenData, quoteChosenEmail],
  'quote-not-chosen': [QuoteNotChosenData, quoteNotChosenEmail],
  'quote-answered': [QuoteAnsweredData, quoteAnsweredEmail],
  'credential-approved': [CredentialApprovedData, credentialApprovedEmail],
  'credential-rejected': [CredentialRejectedData, credentialRejectedEmail],
  'credential-expiring': [CredentialExpiringData, credentialExpiringEmail],
  'credential-expired': [CredentialExpiredData, credentialExpiredEmail],
} as const satisfies Record<EmailTemplate, readonly [z.ZodType, (data: never) => RenderedEmail]>;

export type TemplateDataResult = { ok: true; email: RenderedEmail } | { ok: false; problems: string[] };

/** Renders one template from a job's data, or names what the data lacks. */
export function renderTemplate(template: EmailTemplate, data: unknown): TemplateDataResult {
  const [schema, render] = TEMPLATES[template] as readonly [z.ZodType, (data: unknown) => RenderedEmail];
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join('.') || '(data)'}: ${i.message}`) };
  }
  return { ok: true, email: render(parsed.data) };
}

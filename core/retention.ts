// How long the product keeps what people send it, where the Privacy Policy promises a period.
// Zod-free: the policy page imports it without the form code.

/** An archived account's personal data is anonymised this long after it was archived (product rule 14). */
export const ANONYMISE_AFTER_DAYS = 30;
/** Payment records are kept this long (HMRC: six years from the end of the tax year; product rule 14). */
export const PAYMENT_RECORDS_YEARS = 6;

/** Contact-form messages are deleted this long after they were sent, by the daily retention job (product rule 29). */
export const CONTACT_RETENTION_YEARS = 2;
export const CONTACT_RETENTION_DAYS = CONTACT_RETENTION_YEARS * 365;

/**
 * Requests for quotes (product rule 41): one never sent is deleted when its link expires (48
 * hours); a sent one closes QUOTE_OPEN_DAYS after it was sent, and the buyer's name, e-mail, phone
 * and description are deleted this long after it closed, leaving the service, district and dates
 * for the figures. Run by the daily retention job.
 */
export const QUOTE_RETENTION_DAYS = 365;

/**
 * Evidence of credentials (product rule 45, decision 0041), deleted by the worker's daily
 * watch-credentials run: a file never attached to a submission after this many days; the files of
 * a rejected or withdrawn credential this long after the decision; those of an expired one this
 * long after it expired. A file whose listing is gone or anonymised goes at once.
 */
export const EVIDENCE_UNATTACHED_DAYS = 1;
export const EVIDENCE_AFTER_DECISION_DAYS = 30;
export const EVIDENCE_AFTER_EXPIRY_DAYS = 90;

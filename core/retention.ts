// How long the product keeps what people send it, where the Privacy Policy promises a period.
// Zod-free: the policy page imports it without the form code.

/** Contact-form messages are deleted this long after they were sent (product rule 29). */
export const CONTACT_RETENTION_YEARS = 2;
export const CONTACT_RETENTION_DAYS = CONTACT_RETENTION_YEARS * 365;

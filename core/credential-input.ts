// What a professional sends to ask for a check (POST /api/professionals/my-profile/credentials)
// and what an admin sends to decide one, checked the same way in the form and the API
// (core/credentials.ts has the kinds and their texts). The expiry is compared with the UK date
// the caller passes, so a test can name its day.
import { z } from 'zod';
import {
  CERTIFICATION_VENDORS,
  CREDENTIAL_KIND_SPECS,
  CREDENTIAL_KINDS,
  EVIDENCE_NAME_PATTERN,
  MAX_EVIDENCE_FILES,
  MAX_EXPIRY_YEARS,
  normaliseCompanyNumber,
  normaliseIcoNumber,
  type CredentialKind,
} from './credentials';
import { queryInteger } from './query-number';
import { text } from './text';

const required = (label: string, max: number) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** The largest cover a form takes, in pounds (£100 million). */
export const MAX_COVER_POUNDS = 100_000_000;

const insurance = z.object({
  insurer: required('Insurer', 120),
  coverPounds: z.coerce
    .number({ error: 'Enter the amount of cover in pounds, e.g. 1000000' })
    .int('Enter the amount of cover in whole pounds')
    .min(1, 'Enter the amount of cover in pounds, e.g. 1000000')
    .max(MAX_COVER_POUNDS, 'Enter the amount of cover in pounds, e.g. 1000000'),
});

const certificate = z.object({
  certificateNumber: required('Certificate number', 60).regex(/^[A-Za-z0-9][A-Za-z0-9 /-]*$/, 'Enter the certificate number as it is printed'),
});

/** Each kind's details, by kind. */
export const CREDENTIAL_DETAILS_INPUTS = {
  companies_house: z.object({
    companyNumber: required('Company number', 12)
      .refine((v) => normaliseCompanyNumber(v) !== null, 'Enter an 8-character company number, e.g. 01234567 or SC123456')
      .transform((v) => normaliseCompanyNumber(v)!),
    registeredName: required('Registered name', 160),
  }),
  professional_indemnity: insurance,
  public_liability: insurance,
  cyber_essentials: certificate,
  cyber_essentials_plus: certificate,
  ico_registration: z.object({
    registrationNumber: required('Registration number', 12)
      .refine((v) => normaliseIcoNumber(v) !== null, 'Enter the ICO registration number, e.g. ZA123456')
      .transform((v) => normaliseIcoNumber(v)!),
  }),
  vendor_certification: z.object({
    vendor: z.enum(CERTIFICATION_VENDORS, { error: 'Choose the vendor' }),
    certification: required('Certification', 120),
    holderName: required('Holder’s name', 120),
  }),
} satisfies Record<CredentialKind, z.ZodType>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function addYears(isoDate: string, years: number): string {
  return `${Number(isoDate.slice(0, 4)) + years}${isoDate.slice(4)}`;
}

/** A real calendar date (2026-02-30 is not). */
function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * A submission: its kind, that kind's details, the expiry day (YYYY-MM-DD) where the kind has one,
 * and the names of evidence files uploaded first (PUT …/credentials/evidence). `todayUk` is the
 * UK date the expiry must come after.
 */
export function credentialSubmission(todayUk: string) {
  return z
    .object({
      kind: z.enum(CREDENTIAL_KINDS, { error: 'Choose what to have checked' }),
      details: z.record(z.string(), z.unknown(), { error: 'Details are required' }),
      expiresOn: z
        .string()
        .trim()
        .nullish()
        .transform((v) => v || null)
        .refine((v) => v === null || isCalendarDate(v), 'Enter the date as day, month and year'),
      evidence: z
        .array(z.string().regex(EVIDENCE_NAME_PATTERN, 'Upload the file again'))
        .max(MAX_EVIDENCE_FILES, `Attach at most ${MAX_EVIDENCE_FILES} files`)
        .default([])
        .transform((names) => [...new Set(names)]),
    })
    .superRefine((value, ctx) => {
      const spec = CREDENTIAL_KIND_SPECS[value.kind];
      const details = CREDENTIAL_DETAILS_INPUTS[value.kind].safeParse(value.details);
      if (!details.success) {
        for (const issue of details.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['details', ...issue.path.map(String)] });
      }
      if (spec.expiry === 'required' && value.expiresOn === null) ctx.addIssue({ code: 'custom', message: 'Enter the date it expires', path: ['expiresOn'] });
      if (spec.expiry === 'none' && value.expiresOn !== null) ctx.addIssue({ code: 'custom', message: 'This check does not expire', path: ['expiresOn'] });
      if (value.expiresOn !== null && value.expiresOn <= todayUk) ctx.addIssue({ code: 'custom', message: 'The expiry date must be in the future', path: ['expiresOn'] });
      if (value.expiresOn !== null && value.expiresOn > addYears(todayUk, MAX_EXPIRY_YEARS))
        ctx.addIssue({ code: 'custom', message: `The expiry date must be within ${MAX_EXPIRY_YEARS} years`, path: ['expiresOn'] });
      if (spec.evidenceRequired && value.evidence.length === 0) ctx.addIssue({ code: 'custom', message: 'Attach the certificate or other evidence', path: ['evidence'] });
    })
    .transform((value) => ({ ...value, details: CREDENTIAL_DETAILS_INPUTS[value.kind].parse(value.details) }));
}
export type CredentialSubmission = z.output<ReturnType<typeof credentialSubmission>>;

export const MAX_REJECTION_REASON = 1000;

/** An admin's rejection: the reason the professional is e-mailed. */
export const CredentialRejection = z.object({
  reason: required('Reason', MAX_REJECTION_REASON),
});

/** The statuses the admin queue lists by (?status=; 'all' is every one). */
export const ADMIN_CREDENTIAL_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'withdrawn', 'all'] as const;

/** GET /api/admin/credentials: ?status=pending (the default), limit/offset. */
export const AdminCredentialsQuery = z.object({
  status: z.enum(ADMIN_CREDENTIAL_STATUSES, { error: `status is one of ${ADMIN_CREDENTIAL_STATUSES.join(', ')}` }).default('pending'),
  limit: queryInteger('limit', { min: 1, max: 100, fallback: 20 }),
  offset: queryInteger('offset', { min: 0, max: 1_000_000, fallback: 0 }),
});
export type AdminCredentialsQuery = z.infer<typeof AdminCredentialsQuery>;

/** PUT …/my-profile/evidence?name=: the file's own name (cleaned and cut to 200 characters when kept). */
export const EvidenceUploadQuery = z.object({ name: text().max(1000, 'The file name is too long').optional() });

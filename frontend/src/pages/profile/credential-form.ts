// The 'Ask for a check' form of /profile (product rule 45): each kind's fields, and its values
// checked by the same zod input the API uses (core/credential-input.ts credentialSubmission), with
// each message keyed by its field ('details.insurer', 'expiresOn', 'evidence') to sit beside it.
import { formatCheckDate, ukIsoDate } from '../../../../core/credential-badges';
import { credentialSubmission, type CredentialSubmission } from '../../../../core/credential-input';
import {
  checkSummary,
  CREDENTIAL_KIND_SPECS,
  CREDENTIAL_KINDS,
  EVIDENCE_TYPES,
  MAX_EVIDENCE_BYTES,
  type CredentialKind,
  type MyCredential,
  type PublicCheck,
} from '../../../../core/credentials';
import type { FieldErrors } from '../../components/forms/form-validation';

export interface DetailField {
  key: string;
  label: string;
  input: 'text' | 'pounds' | 'vendor';
  hint?: string;
}

const INSURANCE_FIELDS: DetailField[] = [
  { key: 'insurer', label: 'Insurer', input: 'text' },
  { key: 'coverPounds', label: 'Amount of cover (£)', input: 'pounds', hint: 'In whole pounds, e.g. 1000000' },
];
const CERTIFICATE_FIELDS: DetailField[] = [{ key: 'certificateNumber', label: 'Certificate number', input: 'text' }];

/** The fields each kind asks for (core/credentials.ts CredentialDetailsByKind). */
export const DETAIL_FIELDS: Readonly<Record<CredentialKind, DetailField[]>> = {
  companies_house: [
    { key: 'companyNumber', label: 'Company number', input: 'text', hint: '8 characters, e.g. 01234567 or SC123456' },
    { key: 'registeredName', label: 'Registered name', input: 'text', hint: 'As it is on the Companies House register' },
  ],
  professional_indemnity: INSURANCE_FIELDS,
  public_liability: INSURANCE_FIELDS,
  cyber_essentials_plus: CERTIFICATE_FIELDS,
  cyber_essentials: CERTIFICATE_FIELDS,
  ico_registration: [{ key: 'registrationNumber', label: 'Registration number', input: 'text', hint: 'It starts with Z, e.g. ZA123456' }],
  vendor_certification: [
    { key: 'vendor', label: 'Vendor', input: 'vendor' },
    { key: 'certification', label: 'Certification', input: 'text', hint: 'Its name as the certificate gives it' },
    { key: 'holderName', label: 'Holder’s name', input: 'text', hint: 'The person who holds it' },
  ],
};

export const KIND_OPTIONS = CREDENTIAL_KINDS.map((kind) => ({ kind, name: CREDENTIAL_KIND_SPECS[kind].name }));

export interface CredentialFormValues {
  kind: CredentialKind | '';
  details: Record<string, string>;
  expiresOn: string;
  /** The stored names of the evidence files uploaded so far. */
  evidence: string[];
}

/** Each message at its field's path joined with dots ('details.insurer'), the first one per field. */
export function validateCredentialForm(
  values: CredentialFormValues,
  todayUk: string = ukIsoDate(),
): { ok: true; data: CredentialSubmission } | { ok: false; errors: FieldErrors } {
  const spec = values.kind ? CREDENTIAL_KIND_SPECS[values.kind] : null;
  const result = credentialSubmission(todayUk).safeParse({
    kind: values.kind || undefined,
    details: values.details,
    expiresOn: spec && spec.expiry !== 'none' ? values.expiresOn : null,
    evidence: values.evidence,
  });
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (errors[key] === undefined) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

/** Why a chosen file cannot be evidence before it is sent (the API sniffs the bytes as well), or null. */
export function evidenceFileProblem(file: { name: string; type: string; size: number }): string | null {
  if (file.size > MAX_EVIDENCE_BYTES) return `${file.name} is larger than ${MAX_EVIDENCE_BYTES / 1024 / 1024} MB`;
  if (file.type && !(EVIDENCE_TYPES as readonly string[]).includes(file.type)) return `${file.name} is not a PDF, PNG or JPEG file`;
  return null;
}

/** 'Waiting for review', 'Approved, checked 12 Nov 2026', 'Not approved: …', 'Expired', 'Withdrawn'. */
export function credentialStatusText(credential: Pick<MyCredential, 'status' | 'reviewedAt' | 'rejectionReason'>): string {
  switch (credential.status) {
    case 'pending':
      return 'Waiting for review';
    case 'approved':
      return credential.reviewedAt ? `Approved, checked ${formatCheckDate(ukIsoDate(Date.parse(credential.reviewedAt)))}` : 'Approved';
    case 'rejected':
      return credential.rejectionReason ? `Not approved: ${credential.rejectionReason}` : 'Not approved';
    case 'expired':
      return 'Expired';
    case 'withdrawn':
      return 'Withdrawn';
  }
}

/** What was given for it, as the profile will show it once approved ('Hiscox, £1,000,000 cover'). */
export function credentialSummary(credential: Pick<MyCredential, 'id' | 'kind' | 'details' | 'expiresOn'>): string {
  return checkSummary({ ...credential, checkedOn: '' } as PublicCheck);
}

/** Whether its owner may withdraw it: while it waits or is in force. */
export function canWithdraw(credential: Pick<MyCredential, 'status'>): boolean {
  return credential.status === 'pending' || credential.status === 'approved';
}

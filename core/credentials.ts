// Checks a professional can earn (issue 34, product rule 45, decision 0041): each kind, what a
// professional gives for it, what its badge says and what the 'What we check' page says it means
// and does not. Submitted with evidence from /profile, approved or rejected by an admin, lapsing
// on its expiry day. An approved check in force is copied onto the listing (the listing's
// `verifiedChecks`, a PublicCheck each) by the database, so every reader of a listing has them.
// Zod-free: the profile and 'What we check' read it; the inputs are in core/credential-input.ts;
// what cards need (badge words, checks in force) is in core/credential-badges.ts.

import { CREDENTIAL_BADGE_WORDS } from './credential-badges';
import type { CredentialDetails, CredentialDetailsByKind, CredentialKind, PublicCheck } from './credential-kinds';

export { CERTIFICATION_VENDORS, CREDENTIAL_KINDS } from './credential-kinds';
export type { CertificationVendor, CredentialDetails, CredentialDetailsByKind, CredentialKind, PublicCheck } from './credential-kinds';

export const CREDENTIAL_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'withdrawn'] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];

/** Whether a kind asks for an expiry date: 'required', 'optional' (a certification may not lapse) or 'none'. */
export type ExpiryRule = 'required' | 'optional' | 'none';

export interface CredentialKindSpec {
  kind: CredentialKind;
  /** Its name in forms, the admin queue and e-mails ('Professional indemnity insurance'). */
  name: string;
  /** The badge's words on cards and the profile ('Insured: professional indemnity'). */
  badge: string;
  /** The directory's filter it counts for, if any (core/directory-params.ts). */
  filter?: 'insured' | 'cyberEssentials' | 'companyRegistered';
  expiry: ExpiryRule;
  /** Whether a submission must carry at least one evidence file (a public register's number is its own evidence). */
  evidenceRequired: boolean;
  /** What the professional is asked for, under the kind's choice on /profile. */
  ask: string;
  /** 'What we check': exactly what an admin checked before approving. */
  weCheck: string;
  /** 'What we check': what the badge does not mean. */
  itDoesNotMean: string;
}

export const CREDENTIAL_KIND_SPECS: Readonly<Record<CredentialKind, CredentialKindSpec>> = {
  companies_house: {
    kind: 'companies_house',
    name: 'Companies House registration',
    badge: CREDENTIAL_BADGE_WORDS.companies_house,
    filter: 'companyRegistered',
    expiry: 'none',
    evidenceRequired: false,
    ask: 'Your company number and the name registered at Companies House.',
    weCheck:
      'The company number is on the Companies House register, the company is active, and the registered name is the name on this listing (or the professional showed us why they differ).',
    itDoesNotMean: 'It says nothing of the company’s finances, its accounts or the quality of its work, and Companies House does not endorse anyone.',
  },
  professional_indemnity: {
    kind: 'professional_indemnity',
    name: 'Professional indemnity insurance',
    badge: CREDENTIAL_BADGE_WORDS.professional_indemnity,
    filter: 'insured',
    expiry: 'required',
    evidenceRequired: true,
    ask: 'Your insurer, the amount of cover, the date the policy ends and the certificate or schedule of insurance.',
    weCheck:
      'A current certificate or schedule of insurance names this business, the insurer and the cover shown, and the policy runs until the date shown. The badge goes on the day the policy ends unless a renewal has been checked.',
    itDoesNotMean: 'It does not mean any particular claim would be paid: that is for the insurer and the policy’s terms.',
  },
  public_liability: {
    kind: 'public_liability',
    name: 'Public liability insurance',
    badge: CREDENTIAL_BADGE_WORDS.public_liability,
    filter: 'insured',
    expiry: 'required',
    evidenceRequired: true,
    ask: 'Your insurer, the amount of cover, the date the policy ends and the certificate or schedule of insurance.',
    weCheck:
      'A current certificate or schedule of insurance names this business, the insurer and the cover shown, and the policy runs until the date shown. The badge goes on the day the policy ends unless a renewal has been checked.',
    itDoesNotMean: 'It does not mean any particular claim would be paid: that is for the insurer and the policy’s terms.',
  },
  cyber_essentials_plus: {
    kind: 'cyber_essentials_plus',
    name: 'Cyber Essentials Plus',
    badge: CREDENTIAL_BADGE_WORDS.cyber_essentials_plus,
    filter: 'cyberEssentials',
    expiry: 'required',
    evidenceRequired: true,
    ask: 'The certificate number, the date it expires and the certificate.',
    weCheck:
      'The certificate names this business and its number, and it is in date. Cyber Essentials Plus adds a hands-on technical audit by an independent assessor to the Cyber Essentials self-assessment.',
    itDoesNotMean: 'It covers the business’s own IT, not the work it does for you, and it is no guarantee against every attack.',
  },
  cyber_essentials: {
    kind: 'cyber_essentials',
    name: 'Cyber Essentials',
    badge: CREDENTIAL_BADGE_WORDS.cyber_essentials,
    filter: 'cyberEssentials',
    expiry: 'required',
    evidenceRequired: true,
    ask: 'The certificate number, the date it expires and the certificate.',
    weCheck:
      'The certificate names this business and its number, and it is in date. Cyber Essentials is the UK government-backed scheme of basic security controls, certified each year.',
    itDoesNotMean: 'It covers the business’s own IT, not the work it does for you, and it is no guarantee against every attack.',
  },
  ico_registration: {
    kind: 'ico_registration',
    name: 'ICO registration',
    badge: CREDENTIAL_BADGE_WORDS.ico_registration,
    expiry: 'required',
    evidenceRequired: false,
    ask: 'Your registration number (it starts with Z) and the date the registration expires.',
    weCheck: 'The number is on the Information Commissioner’s Office register of data protection fee payers, in this business’s name, until the date shown.',
    itDoesNotMean: 'Registration is a fee the law asks of most businesses handling personal data; it is not an audit of how they handle it.',
  },
  vendor_certification: {
    kind: 'vendor_certification',
    name: 'Vendor certification',
    badge: CREDENTIAL_BADGE_WORDS.vendor_certification,
    expiry: 'optional',
    evidenceRequired: true,
    ask: 'The vendor, the certification’s name, the person who holds it, the certificate or a link to the vendor’s record, and the date it expires if it does.',
    weCheck: 'The certificate or the vendor’s record names the person and the certification shown, and it is in date.',
    itDoesNotMean: 'It shows what one named person passed; it does not mean everyone at the business holds it, or that the vendor endorses the business.',
  },
};

/**
 * The general badge: what is true of every live listing, and only that (issue 34); what it means
 * is core/rating.ts VERIFIED_PROFESSIONAL_EXPLANATION (product rule 31).
 */
export const LISTED_BADGE = {
  label: 'Verified Professional',
  doesNotMean:
    'We have not checked its qualifications, insurance or work by this badge alone: the checks we make are the separate badges below, each with the date we checked it.',
} as const;


// ---- evidence files ----------------------------------------------------------------------------

/** What an evidence file may be: sniffed from its bytes, never from its name. */
export const EVIDENCE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];
export const MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;
/** Files one submission may carry. */
export const MAX_EVIDENCE_FILES = 3;
/** An evidence file's stored name: 32 random hex characters (never the uploader's file name). */
export const EVIDENCE_NAME_PATTERN = /^[0-9a-f]{32}$/;

// ---- expiry ------------------------------------------------------------------------------------

/** Days before the expiry day the professional is e-mailed a reminder (once each). */
export const EXPIRY_REMINDER_DAYS = [30, 7] as const;
/** The latest expiry a submission may give, in years from today. */
export const MAX_EXPIRY_YEARS = 5;

// isInForce and checksInForce are in core/credential-badges.ts (cards need them without this file's texts).
export { checksInForce, isInForce } from './credential-badges';

// ---- texts -------------------------------------------------------------------------------------

export { badgeText } from './credential-badges';

/** The line under a badge on the profile: what was checked ('Hiscox, £1,000,000 cover'). */
export function checkSummary(check: PublicCheck): string {
  switch (check.kind) {
    case 'companies_house':
      return `${check.details.registeredName}, company number ${check.details.companyNumber}`;
    case 'professional_indemnity':
    case 'public_liability':
      return `${check.details.insurer}, £${check.details.coverPounds.toLocaleString('en-GB')} cover`;
    case 'cyber_essentials':
    case 'cyber_essentials_plus':
      return `Certificate ${check.details.certificateNumber}`;
    case 'ico_registration':
      return `Registration number ${check.details.registrationNumber}`;
    case 'vendor_certification':
      return `${check.details.certification}, held by ${check.details.holderName}`;
  }
}

/** Where anyone can check it themselves, when a public register has a page for it. */
export function publicRegisterUrl(check: PublicCheck): string | null {
  if (check.kind === 'companies_house') return `https://find-and-update.company-information.service.gov.uk/company/${encodeURIComponent(check.details.companyNumber)}`;
  if (check.kind === 'ico_registration') return `https://ico.org.uk/ESDWebPages/Entry/${encodeURIComponent(check.details.registrationNumber)}`;
  return null;
}

// ---- Companies House ---------------------------------------------------------------------------

/**
 * A company number as Companies House writes it: 8 characters, either 8 digits (England and
 * Wales; shorter ones are padded with zeros) or a 2-letter prefix and 6 digits (SC Scotland, NI
 * Northern Ireland, OC an LLP, …). Null when it cannot be one.
 */
export function normaliseCompanyNumber(raw: string): string | null {
  const compact = raw.replace(/\s+/g, '').toUpperCase();
  if (/^\d{1,8}$/.test(compact)) return compact.padStart(8, '0');
  if (/^[A-Z]{2}\d{6}$/.test(compact) || /^R0\d{6}$/.test(compact)) return compact;
  return null;
}

/** A company name reduced to what Companies House treats as the same name ('Ltd' is 'Limited', '&' is 'and', case and punctuation aside). */
export function comparableCompanyName(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\b(limited|ltd)\b/g, 'ltd')
    .replace(/\bpublic limited company\b/g, 'plc')
    .replace(/\b(limited liability partnership|llp)\b/g, 'llp')
    .replace(/^the /, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether the registered name is the listing's (the admin queue shows the result beside both names). */
export function companyNamesMatch(registeredName: string, listingName: string): boolean {
  const a = comparableCompanyName(registeredName);
  const b = comparableCompanyName(listingName);
  const bare = (s: string) => s.replace(/ (ltd|plc|llp)$/, '');
  return a === b || bare(a) === bare(b);
}

/** An ICO registration number: Z and 7 letters or digits (most are Z, a letter or digit, then 6 digits). */
export function normaliseIcoNumber(raw: string): string | null {
  const compact = raw.replace(/\s+/g, '').toUpperCase();
  return /^Z[A-Z0-9]\d{6}$/.test(compact) ? compact : null;
}

// ---- the HTTP contract -------------------------------------------------------------------------

/** Paths under /api (the routers register them; the SPA calls them). */
export const CREDENTIAL_PATHS = {
  /** GET: the signed-in provider's credentials (MyCredential[]), newest first; POST: submit one (CredentialSubmission) → 201 MyCredential. */
  mine: '/professionals/my-profile/credentials',
  /** POST: withdraw one of one's own (pending or approved) → MyCredential. */
  withdraw: '/professionals/my-profile/credentials/:id/withdraw',
  /** PUT (raw bytes; ?name= the file's name): upload an evidence file before submitting → 201 EvidenceFileInfo. */
  uploadEvidence: '/professionals/my-profile/evidence',
  /** GET: an evidence file's bytes, to its owner and to admins only; 404 to anyone else. */
  evidence: '/evidence/:name',
  /** GET: admins' queue (AdminCredential[]; ?status=pending by default, X-Total-Count). */
  adminList: '/admin/credentials',
  /** POST: approve → AdminCredential. */
  adminApprove: '/admin/credentials/:id/approve',
  /** POST { reason }: reject → AdminCredential. */
  adminReject: '/admin/credentials/:id/reject',
} as const;

export interface EvidenceFileInfo {
  name: string;
  /** The uploader's file name, cleaned. */
  originalName: string;
  contentType: EvidenceType;
  size: number;
}

/** A credential as its owner sees it on /profile. */
export interface MyCredential {
  id: number;
  kind: CredentialKind;
  status: CredentialStatus;
  details: CredentialDetails;
  expiresOn: string | null;
  submittedAt: string;
  reviewedAt: string | null;
  rejectionReason: string | null;
  endedAt: string | null;
  evidence: EvidenceFileInfo[];
}

/** A credential in the admin queue: its owner's listing, and for a company what the names say. */
export interface AdminCredential extends MyCredential {
  professional: { id: number; slug: string; companyName: string; isLive: boolean };
  /** For companies_house: whether the registered name matches the listing's (companyNamesMatch); null otherwise. */
  namesMatch: boolean | null;
  reviewedBy: string | null;
}

// ---- the server's words and days (issue 34) ------------------------------------------------------

/** Audit-log actions of credentials: an admin's decisions, the owner's withdrawal, the worker's expiry (actor null). */
export const CREDENTIAL_AUDIT_ACTIONS = {
  approve: 'credential.approve',
  reject: 'credential.reject',
  withdraw: 'credential.withdraw',
  expired: 'credential.expired',
  evidenceDeleted: 'credential.evidence-deleted',
} as const;

/** A credential named in e-mails and the audit log: its kind's name, a certification's own name too. */
export function credentialName(kind: CredentialKind, details: CredentialDetails): string {
  const spec = CREDENTIAL_KIND_SPECS[kind];
  if (kind === 'vendor_certification') {
    const cert = details as CredentialDetailsByKind['vendor_certification'];
    return `${spec.name}: ${cert.vendor === 'Other' ? '' : `${cert.vendor} `}${cert.certification} (${cert.holderName})`;
  }
  return spec.name;
}

export { ukIsoDate } from './credential-badges';

/** `isoDate` (YYYY-MM-DD) plus `days`. */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

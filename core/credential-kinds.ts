// The kinds of check and what a listing carries of each (issue 34, product rule 45): the base both
// core/credentials.ts (texts, inputs' shapes, the HTTP contract) and core/credential-badges.ts
// (what cards need) build on. Types and two lists only, zod-free.

/** In the order a profile lists them (the database's trigger keeps the same order). */
export const CREDENTIAL_KINDS = [
  'companies_house',
  'professional_indemnity',
  'public_liability',
  'cyber_essentials_plus',
  'cyber_essentials',
  'ico_registration',
  'vendor_certification',
] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

/** Vendors of certifications a professional may name (then the certification's own name). */
export const CERTIFICATION_VENDORS = [
  'Microsoft',
  'Cisco',
  'CompTIA',
  'AWS',
  'Google Cloud',
  'Apple',
  'VMware',
  'Red Hat',
  'Linux Foundation',
  'Fortinet',
  'Palo Alto Networks',
  'Juniper',
  'ISC2',
  'ISACA',
  'EC-Council',
  'PeopleCert (ITIL, PRINCE2)',
  'BCS',
  'Other',
] as const;
export type CertificationVendor = (typeof CERTIFICATION_VENDORS)[number];

/** What a professional gives for each kind (all of it may be shown once approved). */
export interface CredentialDetailsByKind {
  companies_house: { companyNumber: string; registeredName: string };
  professional_indemnity: { insurer: string; coverPounds: number };
  public_liability: { insurer: string; coverPounds: number };
  cyber_essentials: { certificateNumber: string };
  cyber_essentials_plus: { certificateNumber: string };
  ico_registration: { registrationNumber: string };
  vendor_certification: { vendor: CertificationVendor; certification: string; holderName: string };
}
export type CredentialDetails = CredentialDetailsByKind[CredentialKind];

/** An approved check in force, as a listing carries it (professionals.verified_checks). */
export type PublicCheck = {
  [K in CredentialKind]: {
    id: number;
    kind: K;
    /** The UK date an admin approved it (YYYY-MM-DD): 'Checked 12 Nov 2026'. */
    checkedOn: string;
    /** The UK date it lapses (YYYY-MM-DD), or null when it does not. */
    expiresOn: string | null;
    details: CredentialDetailsByKind[K];
  };
}[CredentialKind];

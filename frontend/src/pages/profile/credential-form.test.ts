import { describe, expect, it } from 'vitest';
import { canWithdraw, credentialStatusText, evidenceFileProblem, validateCredentialForm, type CredentialFormValues } from './credential-form';

const TODAY = '2026-11-29';
const NAME = 'a'.repeat(32);

function form(values: Partial<CredentialFormValues>): CredentialFormValues {
  return { kind: '', details: {}, expiresOn: '', evidence: [], ...values };
}

describe('the Ask for a check form', () => {
  it('asks for a kind first', () => {
    const result = validateCredentialForm(form({}), TODAY);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.kind).toBe('Choose what to have checked');
  });

  it('puts each message beside its field: insurance needs insurer, cover, expiry and evidence', () => {
    const result = validateCredentialForm(form({ kind: 'professional_indemnity', details: { insurer: '', coverPounds: 'lots' } }), TODAY);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors['details.insurer']).toBe('Insurer is required');
    expect(result.errors['details.coverPounds']).toBe('Enter the amount of cover in pounds, e.g. 1000000');
    expect(result.errors.expiresOn).toBe('Enter the date it expires');
    expect(result.errors.evidence).toBe('Attach the certificate or other evidence');
  });

  it('rejects an expiry today or in the past, and a company number that cannot be one', () => {
    const past = validateCredentialForm(form({ kind: 'ico_registration', details: { registrationNumber: 'ZA123456' }, expiresOn: TODAY }), TODAY);
    expect(!past.ok && past.errors.expiresOn).toBe('The expiry date must be in the future');
    const company = validateCredentialForm(form({ kind: 'companies_house', details: { companyNumber: 'ABC', registeredName: 'Acme Ltd' } }), TODAY);
    expect(!company.ok && company.errors['details.companyNumber']).toMatch(/8-character company number/);
  });

  it('sends what the API takes: a company needs no expiry nor evidence, numbers normalised', () => {
    const result = validateCredentialForm(
      form({ kind: 'companies_house', details: { companyNumber: '1234567', registeredName: 'Acme Ltd' }, expiresOn: '2027-01-01' }),
      TODAY,
    );
    expect(result).toEqual({
      ok: true,
      data: { kind: 'companies_house', details: { companyNumber: '01234567', registeredName: 'Acme Ltd' }, expiresOn: null, evidence: [] },
    });
    const cert = validateCredentialForm(
      form({ kind: 'vendor_certification', details: { vendor: 'Microsoft', certification: 'AZ-104', holderName: 'Ann' }, evidence: [NAME, NAME] }),
      TODAY,
    );
    expect(cert.ok && cert.data.evidence).toEqual([NAME]);
    const noVendor = validateCredentialForm(form({ kind: 'vendor_certification', details: { vendor: '', certification: 'AZ-104', holderName: 'Ann' }, evidence: [NAME] }), TODAY);
    expect(!noVendor.ok && noVendor.errors['details.vendor']).toBe('Choose the vendor');
  });

  it('turns away a file too big or of another type before sending it', () => {
    expect(evidenceFileProblem({ name: 'a.pdf', type: 'application/pdf', size: 11 * 1024 * 1024 })).toBe('a.pdf is larger than 10 MB');
    expect(evidenceFileProblem({ name: 'a.docx', type: 'application/msword', size: 100 })).toBe('a.docx is not a PDF, PNG or JPEG file');
    expect(evidenceFileProblem({ name: 'a.png', type: 'image/png', size: 100 })).toBeNull();
  });
});

describe('a credential’s status in words', () => {
  it('says each status', () => {
    expect(credentialStatusText({ status: 'pending', reviewedAt: null, rejectionReason: null })).toBe('Waiting for review');
    expect(credentialStatusText({ status: 'approved', reviewedAt: '2026-11-12T23:30:00Z', rejectionReason: null })).toBe('Approved, checked 12 Nov 2026');
    expect(credentialStatusText({ status: 'approved', reviewedAt: '2026-07-12T23:30:00Z', rejectionReason: null })).toBe('Approved, checked 13 Jul 2026');
    expect(credentialStatusText({ status: 'rejected', reviewedAt: '2026-11-12T10:00:00Z', rejectionReason: 'The certificate has expired' })).toBe(
      'Not approved: The certificate has expired',
    );
    expect(credentialStatusText({ status: 'expired', reviewedAt: null, rejectionReason: null })).toBe('Expired');
    expect(credentialStatusText({ status: 'withdrawn', reviewedAt: null, rejectionReason: null })).toBe('Withdrawn');
    expect(canWithdraw({ status: 'approved' })).toBe(true);
    expect(canWithdraw({ status: 'rejected' })).toBe(false);
  });
});

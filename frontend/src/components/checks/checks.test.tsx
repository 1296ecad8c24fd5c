import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { badgeText, checksInForce, formatCheckDate, ukIsoDate } from '../../../../core/credential-badges';
import { CREDENTIAL_KIND_SPECS, type PublicCheck } from '../../../../core/credentials';
import { makeProfessional } from '../../testing/professional';
import { stripTags } from '../../testing/render-page';
import { ProfessionalCard } from '../professional-card/professional-card';
import { CardChecks } from './card-checks';
import { ProfileChecks } from './profile-checks';

const TODAY = '2026-11-29';

const company: PublicCheck = {
  id: 1,
  kind: 'companies_house',
  checkedOn: '2026-11-12',
  expiresOn: null,
  details: { companyNumber: '01234567', registeredName: 'Acme Web Studio Ltd' },
};
const indemnity: PublicCheck = {
  id: 2,
  kind: 'professional_indemnity',
  checkedOn: '2026-10-01',
  expiresOn: '2027-03-31',
  details: { insurer: 'Hiscox', coverPounds: 1_000_000 },
};
const lapsedToday: PublicCheck = {
  id: 3,
  kind: 'cyber_essentials',
  checkedOn: '2025-11-29',
  expiresOn: TODAY,
  details: { certificateNumber: 'CE-123' },
};
const ico: PublicCheck = { id: 4, kind: 'ico_registration', checkedOn: '2026-01-05', expiresOn: '2027-01-05', details: { registrationNumber: 'ZA123456' } };
const vendor: PublicCheck = {
  id: 5,
  kind: 'vendor_certification',
  checkedOn: '2026-02-03',
  expiresOn: null,
  details: { vendor: 'Microsoft', certification: 'Azure Administrator', holderName: 'Ann Acme' },
};

function html(node: React.ReactNode): string {
  return renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
}

describe('credential badges (core)', () => {
  it('drops a check on its expiry day, keeps one that does not lapse', () => {
    expect(checksInForce([company, indemnity, lapsedToday], TODAY).map((c) => c.id)).toEqual([1, 2]);
    expect(checksInForce([lapsedToday], '2026-11-28').map((c) => c.id)).toEqual([3]);
    expect(checksInForce(null, TODAY)).toEqual([]);
  });

  it('writes dates as d MMM yyyy and names a certification by its vendor', () => {
    expect(formatCheckDate('2026-11-12')).toBe('12 Nov 2026');
    expect(formatCheckDate('2027-01-05')).toBe('5 Jan 2027');
    expect(badgeText(vendor)).toBe('Microsoft certified');
    expect(badgeText({ ...vendor, details: { ...vendor.details, vendor: 'Other' } } as PublicCheck)).toBe('Certified');
    expect(badgeText(company)).toBe(CREDENTIAL_KIND_SPECS.companies_house.badge);
  });

  it('knows the UK day across midnight in summer and winter', () => {
    expect(ukIsoDate(Date.UTC(2026, 6, 1, 23, 30))).toBe('2026-07-02');
    expect(ukIsoDate(Date.UTC(2026, 11, 1, 23, 30))).toBe('2026-12-01');
  });
});

describe('CardChecks', () => {
  it('shows each check in force with its date and a link to what it means, never a lapsed one', () => {
    const markup = html(<CardChecks checks={[company, lapsedToday, indemnity]} todayUk={TODAY} />);
    const text = stripTags(markup);
    expect(text).toContain('Registered company');
    expect(text).toContain('Checked 12 Nov 2026');
    expect(text).toContain('Professional indemnity insured');
    expect(text).not.toContain('Cyber Essentials');
    expect(markup).toContain('href="/what-we-check#companies_house"');
    expect(markup).not.toContain('#cyber_essentials');
  });

  it('shows three and counts the rest', () => {
    const text = stripTags(html(<CardChecks checks={[company, indemnity, ico, vendor]} todayUk={TODAY} />));
    expect(text).toContain('ICO registered');
    expect(text).not.toContain('Microsoft certified');
    expect(text).toContain('+1 more');
  });

  it('renders nothing without checks in force', () => {
    expect(html(<CardChecks checks={[lapsedToday]} todayUk={TODAY} />)).toBe('');
    expect(html(<CardChecks checks={[]} todayUk={TODAY} />)).toBe('');
  });

  it('sits on the professional card', () => {
    const text = stripTags(html(<ProfessionalCard professional={makeProfessional({ verifiedChecks: [vendor] })} />));
    expect(text).toContain('Microsoft certified');
    expect(text).toContain('Checked 3 Feb 2026');
  });
});

describe('ProfileChecks', () => {
  it('lists what was checked, when, until when, and the public register', () => {
    const markup = html(<ProfileChecks checks={[company, indemnity, lapsedToday, ico]} todayUk={TODAY} />);
    const text = stripTags(markup);
    expect(text).toContain('Checks');
    expect(text).toContain('Acme Web Studio Ltd, company number 01234567');
    expect(text).toContain('Hiscox, £1,000,000 cover');
    expect(text).toContain('Valid until 31 Mar 2027');
    expect(text).not.toContain('CE-123');
    expect(markup).toContain('https://find-and-update.company-information.service.gov.uk/company/01234567');
    expect(markup).toContain('https://ico.org.uk/ESDWebPages/Entry/ZA123456');
    expect(markup).toContain('href="/what-we-check#professional_indemnity"');
  });

  it('is absent when nothing is in force', () => {
    expect(html(<ProfileChecks checks={[lapsedToday]} todayUk={TODAY} />)).toBe('');
  });
});

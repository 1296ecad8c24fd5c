// The credentials' e-mails render from the data the API and the worker send, and refuse data that
// does not fit (a job with such data fails at once rather than sending nonsense).
import { describe, expect, it } from 'vitest';
import { renderTemplate } from './templates';

const base = { contactName: 'Priya Shah', companyName: 'Harbour Lane IT Ltd', checkName: 'Professional indemnity insurance', profileUrl: 'https://itconnect.example/profile' };

describe('credential e-mails', () => {
  it('approved: names the check and its expiry day', () => {
    const out = renderTemplate('credential-approved', { ...base, expiresOn: '2027-03-31' });
    expect(out.ok && out.email.subject).toBe('Checked: Professional indemnity insurance');
    expect(out.ok && out.email.text).toContain('31 March 2027');
  });
  it('rejected: quotes the reason, escaped in HTML', () => {
    const out = renderTemplate('credential-rejected', { ...base, reason: 'The schedule names <b>another</b> business.' });
    expect(out.ok && out.email.text).toContain('> The schedule names <b>another</b> business.');
    expect(out.ok && out.email.html).toContain('&lt;b&gt;another&lt;/b&gt;');
  });
  it('expiring and expired: the day, and how many days are left', () => {
    const expiring = renderTemplate('credential-expiring', { ...base, expiresOn: '2026-12-25', daysLeft: 7 });
    expect(expiring.ok && expiring.email.subject).toBe('Your Professional indemnity insurance expires on 25 December 2026');
    expect(expiring.ok && expiring.email.text).toContain('in 7 days');
    const expired = renderTemplate('credential-expired', { ...base, expiresOn: '2026-12-25' });
    expect(expired.ok && expired.email.text).toContain('expired on 25 December 2026');
  });
  it('refuses data that does not fit', () => {
    expect(renderTemplate('credential-expiring', { ...base, expiresOn: 'soon', daysLeft: 0 }).ok).toBe(false);
    expect(renderTemplate('credential-rejected', { ...base, reason: '' }).ok).toBe(false);
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NotTakingClientsNote, ProfileFactRows } from './profile-facts';

describe('the profile facts (issue 34)', () => {
  it('say years in business and languages only when given', () => {
    const html = renderToStaticMarkup(<ProfileFactRows professional={{ foundedYear: 2012, languages: ['English', 'Welsh'] }} currentYear={2026} />);
    expect(html).toContain('<dt class="font-medium text-gray-900">Years in business</dt><dd>In business since 2012 (14 years)</dd>');
    expect(html).toContain('<dd>English, Welsh</dd>');
    expect(renderToStaticMarkup(<ProfileFactRows professional={{ foundedYear: null, languages: [] }} currentYear={2026} />)).toBe('');
  });

  it('say plainly when new clients are not taken on, and nothing when they are', () => {
    expect(renderToStaticMarkup(<NotTakingClientsNote professional={{ acceptingNewClients: false, companyName: 'Acme IT' }} />)).toContain(
      'Acme IT is not taking on new clients at the moment.',
    );
    expect(renderToStaticMarkup(<NotTakingClientsNote professional={{ acceptingNewClients: true, companyName: 'Acme IT' }} />)).toBe('');
  });
});

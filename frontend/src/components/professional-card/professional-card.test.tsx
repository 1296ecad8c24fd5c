import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ProfessionalListItem } from '../../../../core/directory';
import { makeProfessional } from '../../testing/professional';
import { stripTags } from '../../testing/render-page';
import { distanceText, initialsOf, priceLine, profileHref, reviewCountText, visibleServices } from './format-professional';
import { ProfessionalCard, ProfessionalCardSkeleton } from './professional-card';

function render(professional: ProfessionalListItem, headingLevel?: 2 | 3): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ProfessionalCard professional={professional} headingLevel={headingLevel} />
    </MemoryRouter>,
  );
}

describe('format helpers', () => {
  it('takes initials from the first two words of the company name', () => {
    expect(initialsOf('Acme Web Studio')).toBe('AW');
    expect(initialsOf('  techfix  ')).toBe('T');
    expect(initialsOf('bits & bytes ltd')).toBe('B&');
    expect(initialsOf('')).toBe('?');
  });

  it('shows the price per hour or per day, nothing without a rate', () => {
    expect(priceLine('45', 'hourly')).toBe('From £45/hour');
    expect(priceLine('37.50', null)).toBe('From £37.50/hour');
    expect(priceLine('350', 'daily')).toBe('From £350/day');
    expect(priceLine(null, 'hourly')).toBeNull();
  });

  it('keeps two services and counts the rest', () => {
    expect(visibleServices(['A', 'B', 'C', 'D'])).toEqual({ shown: ['A', 'B'], more: 2 });
    expect(visibleServices(['A'])).toEqual({ shown: ['A'], more: 0 });
  });

  it('formats counts, distances and the profile address', () => {
    expect(reviewCountText(1)).toBe('1 review');
    expect(reviewCountText(1200)).toBe('1,200 reviews');
    expect(distanceText(3.25)).toBe('3.3 miles away');
    expect(profileHref('acme-web-studio')).toBe('/professionals/acme-web-studio');
    expect(profileHref('acme-web-studio', 'M1 1AE')).toBe('/professionals/acme-web-studio?near=M1+1AE');
  });
});

describe('ProfessionalCard', () => {
  it('shows the card content and links to the profile by slug', () => {
    const html = render(makeProfessional());
    const text = stripTags(html);
    expect(html).toContain('<h3');
    expect(text).toContain('AW');
    expect(text).toContain('Acme Web Studio');
    expect(text).toContain('Manchester');
    expect(text).toContain('4.5');
    expect(text).toContain('(12 reviews)');
    expect(text).toContain('Web Design');
    expect(text).toContain('Web Development');
    expect(text).not.toContain('SEO & SEM');
    expect(text).toContain('+2 more');
    expect(text).toContain('From £45/hour');
    expect(html).toContain('href="/professionals/acme-web-studio"');
    expect(text).toContain('View Profile');
  });

  it('uses the heading level asked for, and shows distance only when present', () => {
    expect(render(makeProfessional(), 2)).toContain('<h2');
    expect(stripTags(render(makeProfessional()))).not.toContain('away');
    expect(stripTags(render(makeProfessional({ distanceMiles: 2.4 })))).toContain('2.4 miles away');
  });

  it('shows no price when there is no rate', () => {
    expect(stripTags(render(makeProfessional({ hourlyRate: null, rateType: null, isProjectBased: true })))).not.toContain(
      'From £',
    );
  });

  it('has a skeleton hidden from assistive technology', () => {
    expect(renderToStaticMarkup(<ProfessionalCardSkeleton />)).toContain('aria-hidden="true"');
  });
});

describe('the rating on a card (product rule 31)', () => {
  it('says New — no reviews yet without reviews, never 0.0 (0 reviews)', () => {
    const text = stripTags(render(makeProfessional({ rating: 0, reviewCount: 0 })));
    expect(text).toContain('New — no reviews yet');
    expect(text).not.toContain('0.0');
    expect(text).not.toContain('0 reviews');
  });

  it('names the rating for assistive technology without visually hidden text', () => {
    const html = render(makeProfessional({ rating: 4.5, reviewCount: 12 }));
    expect(html).toContain('role="img" aria-label="Rated 4.5 out of 5"');
    expect(stripTags(html)).toContain('(12 reviews)');
  });
});

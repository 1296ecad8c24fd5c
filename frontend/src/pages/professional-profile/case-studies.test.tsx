import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CaseStudies } from './case-studies';

describe('the case studies on a profile (issue 34)', () => {
  it('show each with its client, words and lazy photos with their alt text; none: nothing', () => {
    const html = renderToStaticMarkup(
      <CaseStudies
        companyName="Acme IT"
        caseStudies={[
          { id: 'abcdefgh12', title: 'Office Wi-Fi', clientKind: 'A dental practice', summary: 'Three access points.', photos: [{ key: '0123456789abcdef01234567', alt: 'Ceiling access point', width: 1200, height: 900 }] },
        ]}
      />,
    );
    expect(html).toContain('Case studies from Acme IT');
    expect(html).toContain('<h3 id="case-study-abcdefgh12" class="text-lg font-semibold text-gray-900">Office Wi-Fi</h3>');
    expect(html).toContain('A dental practice');
    expect(html).toMatch(/<img [^>]*alt="Ceiling access point"[^>]*loading="lazy"/);
    expect(renderToStaticMarkup(<CaseStudies companyName="Acme IT" caseStudies={[]} />)).toBe('');
  });
});

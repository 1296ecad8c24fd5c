// The case studies editor as drawn from a given answer (SWR's fallback data): each case study a
// fieldset with labelled fields, its photos with their alt text and labelled buttons; a new one
// cannot take photos until saved; at the limit, no 'Add a case study'.
import { renderToStaticMarkup } from 'react-dom/server';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { MAX_CASE_STUDIES, type CaseStudy } from '../../../../core/case-studies';
import { CASE_STUDY_PATHS } from '../../../../core/case-study-input';
import { CaseStudiesSection } from './case-studies-section';

function render(answer: CaseStudy[] | undefined): string {
  const fallback = answer === undefined ? {} : { [CASE_STUDY_PATHS.list]: answer };
  return renderToStaticMarkup(
    <SWRConfig value={{ provider: () => new Map(), fallback, fetcher: () => new Promise(() => undefined) }}>
      <CaseStudiesSection />
    </SWRConfig>,
  );
}

const study = (i: number, photos: CaseStudy['photos'] = []): CaseStudy => ({ id: `study${i}abcd`, title: `Study ${i}`, clientKind: 'A small charity', summary: 'Work done.', photos });

describe('CaseStudiesSection', () => {
  it('draws each case study as a labelled fieldset with its photos, and offers to add more', () => {
    const html = render([study(1, [{ key: '0123456789abcdef01234567', alt: 'New cabinet', width: 1200, height: 900 }]), study(2)]);
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>Case study 1: Study 1<\/legend>/);
    expect(html).toMatch(/<label[^>]*>Title<\/label>/);
    expect(html).toMatch(/<label[^>]*>Kind of client<\/label>/);
    expect(html).toMatch(/alt="New cabinet"[^>]*loading="lazy"|loading="lazy"[^>]*alt="New cabinet"/);
    expect(html).toContain('Photo 1 description (alt text)');
    expect(html).toContain('Delete photo 1');
    expect(html).toContain('Remove case study 2');
    expect(html).toContain('Add a case study');
    expect(html).toContain('Photos (1 of 3)');
  });

  it('offers no new case study at the limit, and shows the loading state before the answer', () => {
    const full = render(Array.from({ length: MAX_CASE_STUDIES }, (_, i) => study(i)));
    expect(full).not.toContain('Add a case study');
    expect(full).toContain(`You have ${MAX_CASE_STUDIES} case studies`);
    expect(render(undefined)).toContain('Loading your case studies');
  });
});

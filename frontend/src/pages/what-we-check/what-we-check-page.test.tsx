import { describe, expect, it } from 'vitest';
import { CREDENTIAL_KIND_SPECS, CREDENTIAL_KINDS, LISTED_BADGE } from '../../../../core/credentials';
import { VERIFIED_PROFESSIONAL_EXPLANATION } from '../../../../core/rating';
import { PAGES } from '../../../../core/pages';
import { prerenderPage } from '../../prerender';
import { stripTags } from '../../testing/render-page';

describe('/what-we-check', () => {
  it('has one section per badge, named by its anchor, with what it means and does not', async () => {
    const html = await prerenderPage(PAGES.whatWeCheck.path);
    const text = stripTags(html);
    expect(html).toContain('id="listed"');
    expect(text).toContain(LISTED_BADGE.label);
    for (const point of VERIFIED_PROFESSIONAL_EXPLANATION) expect(text).toContain(point);
    for (const kind of CREDENTIAL_KINDS) {
      expect(html).toContain(`id="${kind}"`);
      expect(text).toContain(CREDENTIAL_KIND_SPECS[kind].weCheck);
      expect(text).toContain(CREDENTIAL_KIND_SPECS[kind].itDoesNotMean);
    }
    expect(text).toContain('30 days and again 7 days before');
  });
});

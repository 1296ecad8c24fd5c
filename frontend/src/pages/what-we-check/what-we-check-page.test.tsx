import { describe, expect, it } from 'vitest';
import { CREDENTIAL_KIND_SPECS, CREDENTIAL_KINDS, LISTED_BADGE } from '../../../../core/credentials';
import { PAGES } from '../../../../core/pages';
import { prerenderPage } from '../../prerender';
import { stripTags } from '../../testing/render-page';

describe('/what-we-check', () => {
  it('has one section per badge, named by its anchor, with what it means and does not', async () => {
    const html = await prerenderPage(PAGES.whatWeCheck.path);
    const text = stripTags(html);
    expect(html).toContain('id="listed"');
    expect(text).toContain(LISTED_BADGE.label);
    expect(text).toContain(LISTED_BADGE.means);
    for (const kind of CREDENTIAL_KINDS) {
      expect(html).toContain(`id="${kind}"`);
      expect(text).toContain(CREDENTIAL_KIND_SPECS[kind].weCheck);
      expect(text).toContain(CREDENTIAL_KIND_SPECS[kind].itDoesNotMean);
    }
    expect(text).toContain('30 days and again 7 days before');
  });
});

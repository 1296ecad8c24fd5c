import { describe, expect, it } from 'vitest';
import { statFigures } from './stats-band';

describe('statFigures', () => {
  it('shows the live figures, rounded down above 100', () => {
    expect(statFigures({ verifiedProfessionals: 1234, publishedReviews: 60, recommendPercent: 83, regionsCovered: 35 })).toEqual([
      { value: '1,200+', label: 'verified professionals' },
      { value: '60', label: 'published reviews' },
      { value: '83%', label: 'of reviewers recommend' },
      { value: '35', label: 'regions covered' },
    ]);
  });

  it('leaves out a figure that does not exist yet instead of inventing one', () => {
    const labels = statFigures({ verifiedProfessionals: 0, publishedReviews: 0, recommendPercent: null, regionsCovered: 0 }).map(
      (f) => f.label,
    );
    expect(labels).toEqual(['verified professionals', 'published reviews', 'regions covered']);
  });
});

// The live statistics band (product rule 6): real figures only, rounded down above 100 by
// formatStatCount. A figure that is null (no reviews yet) is left out, never invented.
import type { HomeSummary } from '../../../../core/directory';
import { formatStatCount } from '../../../../core/stat-count';
import { pageWidthClass } from '../../components/styles';

interface StatsBandProps {
  stats: HomeSummary['stats'] | undefined;
  isLoading: boolean;
  hasFailed: boolean;
}

interface Figure {
  value: string;
  label: string;
}

export function statFigures(stats: HomeSummary['stats']): Figure[] {
  const figures: Figure[] = [
    { value: formatStatCount(stats.verifiedProfessionals), label: 'verified professionals' },
    { value: formatStatCount(stats.publishedReviews), label: 'published reviews' },
  ];
  if (stats.recommendPercent !== null) {
    figures.push({ value: `${stats.recommendPercent}%`, label: 'of reviewers recommend' });
  }
  figures.push({ value: formatStatCount(stats.regionsCovered), label: 'regions covered' });
  return figures;
}

export function StatsBand({ stats, isLoading, hasFailed }: StatsBandProps) {
  return (
    <section aria-labelledby="home-stats-heading" className="bg-blue-800 text-white">
      <div className={`${pageWidthClass} py-12`}>
        <h2 id="home-stats-heading" className="sr-only">
          ITConnect in numbers
        </h2>
        {stats ? (
          <dl className="grid grid-cols-2 gap-8 text-center md:grid-cols-4">
            {statFigures(stats).map(({ value, label }) => (
              <div key={label} className="flex flex-col-reverse">
                <dt className="mt-1 text-sm text-blue-100">{label}</dt>
                <dd className="text-3xl font-bold">{value}</dd>
              </div>
            ))}
          </dl>
        ) : hasFailed ? (
          <p className="min-h-16 text-center text-blue-100">Our live figures could not be loaded.</p>
        ) : isLoading ? (
          <div role="status" className="grid min-h-16 grid-cols-2 gap-8 md:grid-cols-4">
            <span className="sr-only">Loading figures…</span>
            {[0, 1, 2, 3].map((i) => (
              <div key={i} aria-hidden="true" className="mx-auto h-16 w-32 animate-pulse rounded bg-blue-700" />
            ))}
          </div>
        ) : null}
      </div>
    </section>
  );
}

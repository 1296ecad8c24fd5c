// 'Top Rated IT Professionals': up to 3 cards (the API picks live professionals with a rating and
// reviews, best first); three card-shaped skeletons while loading; the spec's empty text with the
// total number of professionals.
import { Link } from 'react-router-dom';
import type { ProfessionalListItem } from '../../../../core/directory';
import { ProfessionalCard, ProfessionalCardSkeleton } from '../../components/professional-card/professional-card';
import { displayHeadingClass, linkClass, pageWidthClass } from '../../components/styles';
import { formatCount } from '../../../../core/counts';

interface TopRatedSectionProps {
  professionals: ProfessionalListItem[] | undefined;
  totalProfessionals: number | undefined;
  isLoading: boolean;
  hasFailed: boolean;
}

const SKELETON_COUNT = 3;

function Body({ professionals, totalProfessionals, isLoading, hasFailed }: TopRatedSectionProps) {
  if (hasFailed) {
    return (
      <p role="alert" className="mt-8 text-center text-gray-700">
        Top rated professionals could not be loaded. Please try again later.
      </p>
    );
  }
  if (isLoading || !professionals) {
    return (
      <div role="status" className="mt-10 grid gap-6 md:grid-cols-3">
        <span className="sr-only">Loading top rated professionals…</span>
        {Array.from({ length: SKELETON_COUNT }, (_, i) => (
          <div key={i} className="min-h-56">
            <ProfessionalCardSkeleton />
          </div>
        ))}
      </div>
    );
  }
  if (professionals.length === 0) {
    const total = totalProfessionals ?? 0;
    return (
      <div className="mt-8 text-center text-gray-700">
        <p>No top-rated professionals available at the moment.</p>
        <p className="mt-2 text-sm">
          {formatCount(total)} {total === 1 ? 'professional is' : 'professionals are'} listed in the
          directory.
        </p>
      </div>
    );
  }
  return (
    <ul className="mt-10 grid gap-6 md:grid-cols-3">
      {professionals.map((professional) => (
        <li key={professional.id} className="min-h-56">
          <ProfessionalCard professional={professional} />
        </li>
      ))}
    </ul>
  );
}

export function TopRatedSection(props: TopRatedSectionProps) {
  return (
    <section aria-labelledby="home-top-rated-heading" className={`${pageWidthClass} pb-16`}>
      <h2 id="home-top-rated-heading" className={`${displayHeadingClass} text-center`}>
        Top Rated IT Professionals
      </h2>
      <Body {...props} />
      <p className="mt-8 text-center">
        <Link to="/professionals" className={linkClass}>
          See all professionals
        </Link>
      </p>
    </section>
  );
}

// 'Browse by Service Category': the 8 tiles of core/services, each linking with the service
// list's name (product rule 18) and showing the live count from /api/home.
import { Link } from 'react-router-dom';
import type { HomeSummary } from '../../../../core/directory';
import { CATEGORY_TILES } from '../../../../core/services';
import { serviceHref } from '../../components/search-query';
import { displayHeadingClass, pageWidthClass } from '../../components/styles';
import { professionalsText } from '../../../../core/counts';

interface CategorySectionProps {
  categories: HomeSummary['categories'] | undefined;
  isLoading: boolean;
  hasFailed: boolean;
}

export function CategorySection({ categories, isLoading, hasFailed }: CategorySectionProps) {
  const counts = new Map(categories?.map((c) => [c.service, c.count]));
  return (
    <section aria-labelledby="home-categories-heading" className={`${pageWidthClass} py-16`}>
      <h2 id="home-categories-heading" className={`${displayHeadingClass} text-center`}>
        Browse by Service Category
      </h2>
      {hasFailed ? (
        <p role="alert" className="mt-4 text-center text-sm text-red-700">
          The number of professionals per category could not be loaded.
        </p>
      ) : null}
      <ul className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-4">
        {CATEGORY_TILES.map(({ label, service }) => {
          const count = counts.get(service);
          return (
            <li key={service}>
              <Link
                to={serviceHref(service)}
                className="flex h-full min-h-28 flex-col justify-between rounded-lg border border-gray-200 bg-white p-5 shadow-sm hover:border-blue-600 hover:shadow-md"
              >
                <span className="text-lg font-semibold text-gray-900">{label}</span>
                <span className="mt-2 block h-5 text-sm text-gray-700">
                  {count !== undefined ? (
                    professionalsText(count)
                  ) : isLoading ? (
                    <span aria-hidden="true" className="inline-block h-4 w-24 animate-pulse rounded bg-gray-200" />
                  ) : null}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import { Link } from 'react-router-dom';
import { PAGES } from '../../../../core/pages';
import { QUOTE_RECIPIENTS_MAX } from '../../../../core/quotes-limits';
import { SearchForm } from '../../components/search-form/search-form';
import { linkClass, pageWidthClass } from '../../components/styles';

export function HeroSection() {
  return (
    <section aria-labelledby="home-hero-heading" className="bg-gradient-to-b from-blue-50 to-white">
      <div className={`${pageWidthClass} py-16 text-center sm:py-20`}>
        <h1 id="home-hero-heading" className="text-4xl font-bold tracking-tight text-gray-900 sm:text-5xl">
          Connect for free with verified IT professionals
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-gray-700">
          Find trusted web designers, developers, support engineers and IT consultants across the United Kingdom.
        </p>
        <div className="mx-auto mt-8 max-w-3xl">
          <SearchForm layout="compact" className="rounded-xl bg-white p-4 text-left shadow-md" />
        </div>
        <p className="mt-6 text-gray-700">
          Rather not search?{' '}
          <Link to={PAGES.getQuotes.path} className={linkClass}>
            Describe your job once and get quotes from up to {QUOTE_RECIPIENTS_MAX} professionals
          </Link>
        </p>
      </div>
    </section>
  );
}

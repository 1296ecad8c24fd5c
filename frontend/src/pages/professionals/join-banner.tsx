import { Link } from 'react-router-dom';
import { onBluePrimaryButtonClass, onBlueSecondaryButtonClass, pageWidthClass } from '../../components/styles';

/** The directory's closing call to professionals (spec: bottom banner). */
export function JoinBanner() {
  return (
    <section aria-labelledby="join-banner-heading" className="bg-blue-800 text-white">
      <div className={`${pageWidthClass} flex flex-col gap-6 py-12 md:flex-row md:items-center md:justify-between`}>
        <div>
          <h2 id="join-banner-heading" className="text-2xl font-bold">
            Are you an IT Professional?
          </h2>
          <p className="mt-2 text-blue-50">Join our directory and connect with clients across the UK...</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/apply" className={onBluePrimaryButtonClass}>
            Join us today
          </Link>
          <Link
            to="/about"
            className={onBlueSecondaryButtonClass}
          >
            Learn more about ITConnect
          </Link>
        </div>
      </div>
    </section>
  );
}

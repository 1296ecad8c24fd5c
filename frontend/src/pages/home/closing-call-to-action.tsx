import { Link } from 'react-router-dom';
import { PAGES } from '../../../../core/pages';
import { onBluePrimaryButtonClass, onBlueSecondaryButtonClass, pageWidthClass } from '../../components/styles';


export function ClosingCallToAction() {
  return (
    <section aria-labelledby="home-cta-heading" className="bg-blue-700 text-white">
      <div className={`${pageWidthClass} grid gap-12 py-16 md:grid-cols-2`}>
        <div>
          <h2 id="home-cta-heading" className="text-2xl font-bold">
            Ready to find the right IT professional?
          </h2>
          <p className="mt-3 text-blue-100">Browse verified professionals near you, for free.</p>
          <div className="mt-6 flex flex-wrap gap-4">
            <Link to="/professionals" className={onBluePrimaryButtonClass}>
              Browse All Services
            </Link>
            <Link to="/professionals" className={onBlueSecondaryButtonClass}>
              View All Professionals
            </Link>
            <Link to={PAGES.getQuotes.path} className={onBlueSecondaryButtonClass}>
              Get Quotes
            </Link>
          </div>
        </div>
        <div>
          <h2 className="text-2xl font-bold">Are you an IT professional?</h2>
          <p className="mt-3 text-blue-100">Join the directory and connect with clients across the UK.</p>
          <div className="mt-6 flex flex-wrap gap-4">
            <Link to="/apply" className={onBluePrimaryButtonClass}>
              List Your Business
            </Link>
            <Link to="/about" className={onBlueSecondaryButtonClass}>
              Learn more about ITConnect
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

import { Link } from 'react-router-dom';
import { pageWidthClass } from '../../components/styles';

const primary = 'rounded-md bg-white px-5 py-3 text-sm font-semibold text-blue-800 hover:bg-blue-50';
const secondary = 'rounded-md border border-white px-5 py-3 text-sm font-semibold text-white hover:bg-blue-800';

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
            <Link to="/professionals" className={primary}>
              Browse All Services
            </Link>
            <Link to="/professionals" className={secondary}>
              View All Professionals
            </Link>
          </div>
        </div>
        <div>
          <h2 className="text-2xl font-bold">Are you an IT professional?</h2>
          <p className="mt-3 text-blue-100">Join the directory and connect with clients across the UK.</p>
          <div className="mt-6 flex flex-wrap gap-4">
            <Link to="/apply" className={primary}>
              List Your Business
            </Link>
            <Link to="/about" className={secondary}>
              Learn More
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

// What ITConnect is, for customers and for professionals. No invented figures: prices come from
// core/plans, and the named services and cities from the shared lists.
import { Link } from 'react-router-dom';
import { PAGES } from '../../../../core/pages';
import { MONEY_BACK_DAYS, PLANS, YEARLY_SAVING_PERCENT, formatPounds } from '../../../../core/plans';
import { QUOTE_RECIPIENTS_MAX } from '../../../../core/quotes-limits';
import { StaticPage } from '../../components/static-page';
import { locationHref, serviceHref } from '../../components/search-query';
import { largePrimaryButtonClass, largeSecondaryButtonClass } from '../../components/styles';
import { ABOUT_CITIES, ABOUT_SERVICES } from './about-content';

// no-underline: .prose-page underlines every link, and these are buttons.
const buttonPrimary = `${largePrimaryButtonClass} no-underline`;
const buttonSecondary = `${largeSecondaryButtonClass} no-underline`;

export function AboutPage() {
  const monthly = formatPounds(PLANS.monthly.pricePence);
  const yearly = formatPounds(PLANS.yearly.pricePence);

  return (
    <StaticPage
      title="About Us"
      heading="About ITConnect"
      lead={
        <p>
          ITConnect is a UK directory of IT professionals and IT companies. We connect businesses and households that
          need IT help with the people who can provide it, across the United Kingdom.
        </p>
      }
    >
      <h2>For businesses and households</h2>
      <p>
        Whether you need a new website, help with a slow PC, a secure office network or advice on moving to the
        cloud, ITConnect helps you find someone local who does exactly that.
      </p>
      <ul>
        <li>
          <strong>Free to use.</strong> Browse and search the directory without an account and without paying anything.
        </li>
        <li>
          <strong>Find the right fit.</strong> Filter by service, location, minimum rating and hourly price, and see
          the results as a list or on a map.
        </li>
        <li>
          <strong>Read real reviews.</strong> Customers rate and review the professionals they have worked with. Create
          a free account to leave your own.
        </li>
        <li>
          <strong>Deal directly.</strong> Every profile shows how to contact the professional. You agree the work and
          the price with them; ITConnect takes no commission.
        </li>
        <li>
          <strong>Or ask several at once.</strong> Describe your job once and up to {QUOTE_RECIPIENTS_MAX} matching
          professionals receive it, with no account needed; compare their answers and pick one.{' '}
          <Link to={PAGES.getQuotes.path}>Get quotes</Link>.
        </li>
      </ul>
      <p className="mt-6 mb-10">
        <Link to="/professionals" className={buttonPrimary}>
          Browse professionals
        </Link>
      </p>

      <h2>For IT professionals</h2>
      <p>
        ITConnect is a simple way for freelancers and IT companies to be found by clients who are already looking for
        their services.
      </p>
      <ul>
        <li>
          <strong>One flat fee, no commission.</strong> List your business for {monthly} a month, or {yearly} a year
          (save {YEARLY_SAVING_PERCENT}%). Whatever work you win through the directory, we take no cut of it.
        </li>
        <li>
          <strong>Requests for quotes come free.</strong> When a buyer describes a job you offer in your area, you
          receive it and can answer with a price. No credits, no fee per lead: it comes with the listing, and requests
          are shared out fairly, never sold by position.
        </li>
        <li>
          <strong>No lock-in.</strong> There are no setup fees and you can cancel at any time. If you cancel within{' '}
          {MONEY_BACK_DAYS} days of your first payment, we refund that payment in full.
        </li>
        <li>
          <strong>A profile that works for you.</strong> Describe your business, list up to ten services, show your
          service area and rates, and link your website and social profiles.
        </li>
        <li>
          <strong>Reviewed listings.</strong> We review every application before the listing goes live, so customers
          can trust what they find.
        </li>
      </ul>
      <p className="mt-6 mb-10 flex flex-wrap gap-4">
        <Link to="/apply" className={buttonPrimary}>
          Join as a professional
        </Link>
        <Link to="/professionals" className={buttonSecondary}>
          See the directory
        </Link>
      </p>

      <h2>Services you can search for</h2>
      <p>Professionals on ITConnect offer a wide range of IT services, including:</p>
      <ul className="grid gap-x-8 sm:grid-cols-2">
        {ABOUT_SERVICES.map((service) => (
          <li key={service}>
            <Link to={serviceHref(service)}>{service}</Link>
          </li>
        ))}
      </ul>

      <h2>Across the United Kingdom</h2>
      <p>
        You can search anywhere in England, Scotland, Wales and Northern Ireland, by city, region or county. Start with
        one of these cities:
      </p>
      <ul className="grid gap-x-8 sm:grid-cols-2">
        {ABOUT_CITIES.map((city) => (
          <li key={city}>
            <Link to={locationHref(city)}>{city}</Link>
          </li>
        ))}
      </ul>

      <h2>How we keep the directory trustworthy</h2>
      <ul>
        <li>Every listing is reviewed and approved by our team before it appears in the directory.</li>
        <li>Only signed-in customers can leave reviews, one per professional, and professionals cannot review themselves.</li>
        <li>Professionals can reply publicly to reviews, and anyone signed in can report a review that breaks the rules.</li>
      </ul>
      <p>
        Questions? <Link to="/contact">Contact us</Link>, or read our <Link to="/terms-of-service">Terms of Service</Link>{' '}
        and <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
    </StaticPage>
  );
}

// The site footer: Services, Useful Links and Connect columns (targets per product rule 11), the legal
// links, the copyright line and the geodata attribution the outcode data's licence requires.
import { Link } from 'react-router-dom';
import { CATEGORY_TILES } from '../../../../core/services';
import { GEODATA_ATTRIBUTION } from '../../../../core/site-config';
import { useSiteConfig } from '../../api/use-site-config';
import { LogoMark, SocialIcon } from '../icons';
import { serviceHref } from '../search-query';
import { socialLinks } from '../social-links';
import { pageWidthClass } from '../styles';
import { Tooltip } from '../tooltip';

const USEFUL_LINKS = [
  { label: 'About Us', to: '/about' },
  { label: 'Browse Professionals', to: '/professionals' },
  { label: 'Locations', to: '/locations' },
  { label: 'Join as a professional', to: '/apply' },
  { label: 'Contact', to: '/contact' },
] as const;

const LEGAL_LINKS = [
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Cookie Policy', to: '/cookie-policy' },
  { label: 'Terms of Service', to: '/terms-of-service' },
  { label: 'Review Policy', to: '/review-policy' },
  { label: 'What we check', to: '/what-we-check' },
] as const;

const headingClass = 'text-sm font-semibold tracking-wide text-white uppercase';
const footerLinkClass = 'text-sm text-gray-300 hover:text-white hover:underline';

export function Footer() {
  const { config } = useSiteConfig();
  const social = socialLinks(config);

  return (
    <footer className="mt-auto bg-gray-900 text-gray-300">
      <div className={`${pageWidthClass} grid gap-10 py-12 md:grid-cols-2 lg:grid-cols-4`}>
        <div>
          <Link to="/" aria-label="ITConnect home" className="inline-flex items-center gap-2 rounded-md">
            <LogoMark />
            <span className="text-xl font-bold text-white">ITConnect</span>
          </Link>
          <p className="mt-4 text-sm leading-6">
            ITConnect connects businesses with trusted IT professionals across the United Kingdom.
          </p>
        </div>

        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className={headingClass}>
            Services
          </h2>
          <LinkList className="mt-4 space-y-2" links={CATEGORY_TILES.map(({ service }) => ({ label: service, to: serviceHref(service) }))} />
        </nav>

        <nav aria-labelledby="footer-useful-links">
          <h2 id="footer-useful-links" className={headingClass}>
            Useful Links
          </h2>
          <LinkList className="mt-4 space-y-2" links={USEFUL_LINKS} />
        </nav>

        <section aria-labelledby="footer-connect">
          <h2 id="footer-connect" className={headingClass}>
            Connect
          </h2>
          {social.length > 0 ? (
            <ul className="mt-4 flex gap-3">
              {social.map(({ platform, label, url }) => (
                <li key={platform}>
                  <Tooltip label={`ITConnect on ${label} (opens in a new tab)`}>
                    <a
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`ITConnect on ${label} (opens in a new tab)`}
                      className="flex h-10 w-10 items-center justify-center rounded-full bg-gray-800 text-gray-200 hover:bg-blue-700 hover:text-white"
                    >
                      <SocialIcon platform={platform} />
                    </a>
                  </Tooltip>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-4 text-sm leading-6">
            Questions or feedback?{' '}
            <Link to="/contact" className="text-white underline underline-offset-2 hover:text-blue-200">
              Get in touch
            </Link>
            .
          </p>
        </section>
      </div>

      <div className="border-t border-gray-800">
        <div className={`${pageWidthClass} flex flex-col gap-4 py-6 md:flex-row md:items-center md:justify-between`}>
          <p className="text-sm">© {new Date().getFullYear()} ITConnect. All rights reserved.</p>
          <nav aria-label="Legal">
            <LinkList className="flex flex-wrap gap-x-6 gap-y-2" links={LEGAL_LINKS} />
          </nav>
        </div>
        <p className={`${pageWidthClass} pb-6 text-xs leading-5 text-gray-400`}>{GEODATA_ATTRIBUTION}</p>
      </div>
    </footer>
  );
}

function LinkList({ className, links }: { className: string; links: readonly { label: string; to: string }[] }) {
  return (
    <ul className={className}>
      {links.map(({ label, to }) => (
        <li key={to}>
          <Link to={to} className={footerLinkClass}>
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

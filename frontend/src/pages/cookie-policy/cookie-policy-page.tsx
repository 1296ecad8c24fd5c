// Cookie Policy. Must match what the product actually stores: the essential session cookie
// `__Host-sid` (plain `sid` in development over http), the maintenance unlock cookie (product rule 12) and the consent record in local storage. Add any
// non-essential cookie here before it ships (and gate it on useCookieConsent()).
import { Link } from 'react-router-dom';
import { COOKIE_CONSENT_STORAGE_KEY } from '../../../../core/site-config';
import { useCookieConsent } from '../../components/cookie-consent';
import { StaticPage } from '../../components/static-page';
import { secondaryButtonClass } from '../../components/styles';
import { TableScroller } from '../../components/table-scroller';

function CookieChoice() {
  const { choice, reset } = useCookieConsent();
  const current =
    choice === 'accepted'
      ? 'You have accepted non-essential cookies.'
      : choice === 'declined'
        ? 'You have declined non-essential cookies.'
        : 'You have not made a choice yet: the cookie banner at the bottom of the page asks you.';
  return (
    <div className="my-6 rounded-lg border border-gray-300 bg-gray-50 p-4">
      <p className="mb-3">{current}</p>
      {choice ? (
        <button
          type="button"
          onClick={reset}
          className={secondaryButtonClass}
        >
          Change cookie settings
        </button>
      ) : null}
    </div>
  );
}

export function CookiePolicyPage() {
  return (
    <StaticPage
      title="Cookie Policy"
      heading="Cookie Policy"
      showEffectiveDate
      lead={<p>This policy explains the cookies and similar technologies ITConnect uses, and the choice you have.</p>}
    >
      <h2>1. What cookies are</h2>
      <p>
        Cookies are small text files a website stores in your browser. Local storage is a similar browser feature that
        lets a website remember a setting on your device. Some are essential for a site to work; others, such as
        analytics or advertising cookies, are non-essential and need your consent.
      </p>

      <h2>2. What we use</h2>
      <TableScroller label="Cookies and storage we use">
        <table className="mb-0 min-w-xl">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Purpose</th>
              <th scope="col">Expires</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                <code>__Host-sid</code>
              </td>
              <td>Essential cookie (HttpOnly)</td>
              <td>
                Keeps you signed in and protects your session. It holds only a random identifier, and page scripts cannot
                read it.
              </td>
              <td>After 7 days of inactivity, 30 days after you sign in, or when you sign out</td>
            </tr>
            <tr>
              <td>Maintenance access</td>
              <td>Essential cookie</td>
              <td>
                Set only if you enter a beta tester access code while the site is in maintenance mode, so you can keep
                using the site.
              </td>
              <td>After 7 days</td>
            </tr>
            <tr>
              <td>
                <code>{COOKIE_CONSENT_STORAGE_KEY}</code>
              </td>
              <td>Local storage</td>
              <td>Remembers whether you accepted or declined non-essential cookies, so we don't ask again.</td>
              <td>When you clear your browser's storage or change your choice</td>
            </tr>
          </tbody>
        </table>
      </TableScroller>
      <p>
        Authentication cookies like <code>__Host-sid</code> expire after 7 days of inactivity. Essential cookies don't need
        your consent because the site cannot work without them.
      </p>

      <h2>3. Non-essential cookies and your choice</h2>
      <p>
        You can accept or decline non-essential cookies in the banner shown on your first visit. Nothing non-essential
        is set before you accept. At present ITConnect uses no non-essential cookies at all; if we add any (for
        example, analytics), we will list them here and set them only if you have accepted.
      </p>
      <CookieChoice />

      <h2>4. Other websites</h2>
      <p>
        When you pay for a subscription you complete the payment on the website of our payment provider, Stripe, which
        uses its own cookies as described in its own cookie policy. Links to other websites, such as a professional's
        own site, are governed by those sites' policies.
      </p>

      <h2>5. Managing cookies in your browser</h2>
      <p>
        Most browsers let you see, block and delete cookies in their settings. If you block the <code>__Host-sid</code> cookie
        you can still browse the directory, but you won't be able to sign in.
      </p>

      <h2>6. More information</h2>
      <p>
        Our <Link to="/privacy-policy">Privacy Policy</Link> explains how we handle personal data. For questions,{' '}
        <Link to="/contact">contact us</Link>.
      </p>
    </StaticPage>
  );
}

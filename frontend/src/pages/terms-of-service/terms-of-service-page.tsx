// Terms of Service: exactly 14 numbered sections (spec section 2). The refund wording is
// product rule 2; prices come from core/plans, never literals.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MONEY_BACK_DAYS, PLANS, formatPounds } from '../../../../core/plans';
import { StaticPage } from '../../components/static-page';

const monthly = formatPounds(PLANS.monthly.pricePence);
const yearly = formatPounds(PLANS.yearly.pricePence);

/** Product rule 2, word for word. */
export const REFUND_SENTENCE = `Fees are non-refundable except under the ${MONEY_BACK_DAYS}-day money-back guarantee or as required by law.`;

export const TERMS_SECTIONS: readonly { title: string; body: ReactNode }[] = [
  {
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms govern your use of ITConnect, a directory that connects businesses and households with IT
          professionals in the United Kingdom (“ITConnect”, “we”, “us”). By using the website, creating an account or
          listing a business, you agree to them. If you do not agree, please do not use ITConnect.
        </p>
        <p>
          We may update these terms. We will publish the new version here with a new effective date and tell account
          holders by email about significant changes before they apply.
        </p>
      </>
    ),
  },
  {
    title: 'Accounts',
    body: (
      <>
        <p>
          Browsing the directory is free and needs no account. To leave reviews you need a free customer account; to be
          listed you need a professional account. You must give accurate information, keep your password secret and
          tell us if you think someone else has used your account.
        </p>
        <p>
          You can delete your account at any time from My Profile. Deleting an account archives it: it is deactivated at
          once and handled as our <Link to="/privacy-policy">Privacy Policy</Link> describes.
        </p>
      </>
    ),
  },
  {
    title: 'Using the directory',
    body: (
      <p>
        Listings are written by the professionals themselves. We review applications before they go live, but we do
        not supervise or guarantee any professional's work, qualifications or availability. Before hiring anyone, make
        the checks you would normally make, such as asking for references, insurance and a written quote.
      </p>
    ),
  },
  {
    title: 'Professional listings',
    body: (
      <>
        <p>
          Listing a business on ITConnect needs an active subscription of {monthly}/month (or {yearly}/year). We review
          every application before it goes live and may decline an application or remove a listing that breaks these
          terms.
        </p>
        <p>
          You are responsible for your listing: it must be accurate and up to date, describe services you really offer,
          and you must hold any qualifications, insurance and permissions your work legally requires.
        </p>
      </>
    ),
  },
  {
    title: 'Subscription fees and payment',
    body: (
      <p>
        The subscription costs {monthly} per month (Pay Monthly) or {yearly} per year (Pay Annually), paid in advance by
        card through our payment provider, Stripe. There are no setup fees. Your subscription renews automatically at
        the end of each period until you cancel. If we change our prices we will tell you before the change applies, and
        you can cancel before it does.
      </p>
    ),
  },
  {
    title: 'Cancellation',
    body: (
      <p>
        You can cancel your subscription at any time from My Profile. Cancelling ends your plan at once and removes your
        listing from the directory; your account is archived and you are signed out. You will not be charged again.
      </p>
    ),
  },
  {
    title: 'Refunds',
    body: (
      <>
        <p>
          <strong>{REFUND_SENTENCE}</strong>
        </p>
        <p>
          Under our {MONEY_BACK_DAYS}-day money-back guarantee, if you cancel within {MONEY_BACK_DAYS} days of your first
          payment, we refund that payment in full, automatically, to the card you paid with. Nothing in these terms
          affects your statutory rights.
        </p>
      </>
    ),
  },
  {
    title: 'No commission',
    body: (
      <p>
        ITConnect charges no commission on deals. Any agreement for work is made directly between the customer and the
        professional, who agree the price, scope and payment between themselves. We are not a party to that agreement
        and are not responsible for its performance or for payments under it.
      </p>
    ),
  },
  {
    title: 'Reviews',
    body: (
      <p>
        Signed-in customers may leave one review per professional, based on their own genuine experience, with a rating
        from 1 to 5. Professionals may not review themselves and may post one public reply to each review. Reviews must
        be honest and lawful; anyone signed in can report a review, and we may hide a review that breaks these terms,
        giving a reason.
      </p>
    ),
  },
  {
    title: 'Acceptable use',
    body: (
      <p>
        You must not use ITConnect to break the law, to publish anything false, misleading, defamatory or offensive, to
        send spam, to impersonate anyone, to copy or scrape the directory in bulk, or to interfere with the security or
        working of the website. We may suspend or close accounts that do.
      </p>
    ),
  },
  {
    title: 'Content and intellectual property',
    body: (
      <p>
        You keep ownership of the content you add, such as your listing and your reviews, and you give us a
        licence to publish it on ITConnect for as long as it is there. You confirm you have the right to share it. The
        ITConnect website, name and design belong to us.
      </p>
    ),
  },
  {
    title: 'Liability',
    body: (
      <>
        <p>
          Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for
          anything else that cannot be limited by law. We are not responsible for the services professionals provide,
          or for losses that were not foreseeable.
        </p>
        <p>
          If you use ITConnect for your business, our total liability to you is limited to the subscription fees you
          paid us in the twelve months before the claim arose.
        </p>
      </>
    ),
  },
  {
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the law of England and Wales. Subject to section 14, the courts of England and Wales
        have jurisdiction; if you are a consumer living in Scotland or Northern Ireland, you may also bring proceedings
        in your local courts.
      </p>
    ),
  },
  {
    title: 'Disputes and arbitration',
    body: (
      <>
        <p>
          If you have a complaint, please <Link to="/contact">contact us</Link> first so we can try to resolve it.
        </p>
        <p>
          Any dispute between ITConnect and a professional using ITConnect for their business that we cannot resolve
          together shall be finally resolved by arbitration in England under the Arbitration Act 1996, before a single
          arbitrator. If you are a consumer, arbitration applies only if you agree to it after the dispute has arisen;
          it does not take away your right to go to court.
        </p>
      </>
    ),
  },
];

export function TermsOfServicePage() {
  return (
    <StaticPage
      title="Terms of Service"
      heading="Terms of Service"
      showEffectiveDate
      lead={<p>Please read these terms carefully. They explain how you may use ITConnect and how listings work.</p>}
    >
      <ol className="list-none pl-0">
        {TERMS_SECTIONS.map(({ title, body }, index) => (
          <li key={title} id={`section-${index + 1}`}>
            <h2>
              {index + 1}. {title}
            </h2>
            {body}
          </li>
        ))}
      </ol>
      <p className="mt-8 text-sm text-gray-600">
        Questions about these terms? <Link to="/contact">Contact us</Link>.
      </p>
    </StaticPage>
  );
}

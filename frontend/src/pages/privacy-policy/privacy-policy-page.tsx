// Privacy Policy (UK GDPR). Retention follows product rule 14: archived accounts are anonymised after
// 30 days (the worker's daily anonymise-archived-accounts job) unless a payment record must be kept;
// payment records 6 years (HMRC); messages as long as the account, contact-form messages 2 years.
// "Download my data" lives on My Profile.
import { Link } from 'react-router-dom';
import { QUOTE_CONFIRM_TTL_HOURS, QUOTE_OPEN_DAYS, QUOTE_RECIPIENTS_MAX } from '../../../../core/quotes-limits';
import {
  ANONYMISE_AFTER_DAYS,
  CONTACT_RETENTION_YEARS,
  EVIDENCE_AFTER_DECISION_DAYS,
  EVIDENCE_AFTER_EXPIRY_DAYS,
  EVIDENCE_UNATTACHED_DAYS,
  PAYMENT_RECORDS_YEARS,
  QUOTE_RETENTION_DAYS,
} from '../../../../core/retention';
import { StaticPage } from '../../components/static-page';

export function PrivacyPolicyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      heading="Privacy Policy"
      showEffectiveDate
      lead={
        <p>
          This policy explains what personal data ITConnect collects, why we collect it, how long we keep it and the
          rights you have under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.
        </p>
      }
    >
      <h2>1. Who we are</h2>
      <p>
        ITConnect (“we”, “us”) runs this website, a directory that connects businesses and households with IT
        professionals in the United Kingdom. We are the controller of the personal data described here. You can reach us
        about anything in this policy through our <Link to="/contact">contact page</Link>.
      </p>

      <h2>2. What we collect</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your name, email address, password (stored only as a secure one-way hash,
          never in readable form), account type and the dates your account was created or archived.
        </li>
        <li>
          <strong>Professional listings and applications:</strong> company name, contact name, business email, phone
          number, website, description, services, service area, region, postcode, rates, number of employees, business
          type and social media links. We work out an approximate map position from the postcode. A professional may
          also give the year their business began, the languages they work in, case studies with photos, and checks
          for us to make: company number, insurance, Cyber Essentials, ICO registration and certifications (with the
          names of the people who hold them), with certificates and other evidence as files.
        </li>
        <li>
          <strong>Subscriptions and payments:</strong> your plan, its status, the identifiers our payment provider
          (Stripe) gives your customer record and subscription, and the amounts and dates of payments and refunds. You
          enter your card details with Stripe; we never see or store your card number.
        </li>
        <li>
          <strong>Reviews and reports:</strong> the reviews you write (rating, title, comment, project type and whether
          you would recommend the professional), replies from professionals, and reports about reviews.
        </li>
        <li>
          <strong>Messages:</strong> what you send to a professional through their profile, their answers, and what you
          send us through our contact form.
        </li>
        <li>
          <strong>Requests for quotes and enquiries sent without an account:</strong> the service you need, the district of your postcode (we never keep the
          full postcode), whether the work can be done remotely, what you wrote, your budget band and timescale, your
          name, email address, phone number if you give one and how you prefer to be contacted; the professionals&apos;
          answers and which one you picked.
        </li>
        <li>
          <strong>Technical data:</strong> the session cookie that keeps you signed in, and your IP address and request
          details in our server logs and rate-limiting counters, which we use to keep the service secure. Our captcha
          is a proof-of-work check that runs in your browser; it involves no third-party tracking.
        </li>
      </ul>

      <h2>3. Why we use it and our lawful bases</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Purpose</th>
            <th scope="col">Lawful basis</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Creating and running your account and signing you in</td>
            <td>Contract</td>
          </tr>
          <tr>
            <td>Publishing a professional listing, taking subscription payments and making refunds</td>
            <td>Contract</td>
          </tr>
          <tr>
            <td>Passing messages between customers and professionals, and emails about your account or listing</td>
            <td>Contract</td>
          </tr>
          <tr>
            <td>Publishing and moderating reviews so customers get honest, useful information</td>
            <td>Legitimate interests</td>
          </tr>
          <tr>
            <td>Sending your request for quotes to matching professionals and passing on their answers, at your request</td>
            <td>Contract</td>
          </tr>
          <tr>
            <td>Answering enquiries sent through our contact form</td>
            <td>Legitimate interests</td>
          </tr>
          <tr>
            <td>Keeping the service secure and preventing fraud, spam and abuse (logs, rate limits, captcha)</td>
            <td>Legitimate interests</td>
          </tr>
          <tr>
            <td>Keeping payment records for tax and accounting</td>
            <td>Legal obligation</td>
          </tr>
          <tr>
            <td>Any non-essential cookies (we use none today; see our Cookie Policy)</td>
            <td>Consent</td>
          </tr>
        </tbody>
      </table>

      <h2>4. Who can see it and who we share it with</h2>
      <ul>
        <li>
          <strong>The public:</strong> an approved professional listing, including the contact details on it, is public
          by design, and so are published reviews and replies.
        </li>
        <li>
          <strong>Professionals who receive your request for quotes</strong> (at most {QUOTE_RECIPIENTS_MAX}, chosen by
          service and area, never by payment), or the one professional you send an enquiry to: they see your first
          name, your postcode district and the job as you described it. Your name, email address and phone number go
          only to the one you pick, when you pick them.
        </li>
        <li>
          <strong>Evidence of checks</strong> (certificates and other files a professional sends) is seen only by that
          professional and our team. Once we have approved a check, what it says (for example the insurer and the
          amount of cover, or a certification and the name of its holder) is shown on the listing.
        </li>
        <li>
          <strong>Service providers who act for us:</strong> Stripe (payments), our email delivery provider and our
          hosting provider. They may use your data only to provide their service to us.
        </li>
        <li>
          <strong>Map tiles:</strong> the map is drawn from images your browser requests from a map tile server, which
          therefore receives your IP address.
        </li>
        <li>
          <strong>Where the law requires it:</strong> for example, to comply with a court order.
        </li>
      </ul>
      <p>We do not sell your personal data and we do not use it for advertising.</p>

      <h2>5. International transfers</h2>
      <p>
        Some of our service providers may process data outside the UK. When they do, we rely on UK adequacy
        regulations or on safeguards approved under UK law, such as the International Data Transfer Agreement.
      </p>

      <h2>6. How long we keep it</h2>
      <ul>
        <li>Account and listing data: for as long as your account is active.</li>
        <li>
          Archived accounts: when you delete your account or cancel your subscription, your account is archived at once:
          you can no longer sign in and your listing is removed from the directory.{' '}
          {ANONYMISE_AFTER_DAYS} days after archiving we anonymise your personal data, unless a payment record must be
          kept: your name, email address, password, contact details and the text of messages you sent are erased or
          replaced, your listing leaves the directory for good, and your reviews stay published without your name. This happens automatically, every day, for every account archived
          more than {ANONYMISE_AFTER_DAYS} days earlier.
        </li>
        <li>
          Payment records: the amount, date and plan of each payment and refund, and the business name on the invoice,
          are kept for {PAYMENT_RECORDS_YEARS} years after the end of the tax year they belong to, as UK tax law requires
          (HM Revenue &amp; Customs). We keep nothing else about you for this purpose, and never your card details.
        </li>
        <li>
          Messages between customers and professionals: for as long as the accounts exist. When an account is
          anonymised, the subject and text of the messages it sent are removed; the other person keeps their own side of
          the conversation.
        </li>
        <li>
          Messages sent to us through our contact form: {CONTACT_RETENTION_YEARS} years from when you send them, so that
          we can follow up on your enquiry, and then deleted.
        </li>
        <li>
          Requests for quotes: a request you do not send within {QUOTE_CONFIRM_TTL_HOURS} hours of asking is deleted. A
          sent request takes answers for {QUOTE_OPEN_DAYS} days and then closes; {QUOTE_RETENTION_DAYS} days after
          it closes, your name, email address, phone number and description are deleted, leaving only the service,
          the district and the dates for our statistics.
        </li>
        <li>
          Evidence of checks: a file never attached to a check is deleted after {EVIDENCE_UNATTACHED_DAYS} day; the
          files of a check we did not approve, or that its professional withdrew, {EVIDENCE_AFTER_DECISION_DAYS} days
          later; those of an expired check {EVIDENCE_AFTER_EXPIRY_DAYS} days after it expired; and all of them as soon
          as the listing is deleted or anonymised, with the checks themselves.
        </li>
        <li>Sessions: the session cookie expires after 7 days of inactivity, or when you sign out.</li>
        <li>Password reset links: valid for one hour and usable once.</li>
      </ul>

      <h2>7. Your rights</h2>
      <p>Under UK GDPR you have the right to:</p>
      <ul>
        <li>
          <strong>Access</strong> the personal data we hold about you;
        </li>
        <li>
          <strong>Rectify</strong> data that is wrong or incomplete;
        </li>
        <li>
          <strong>Erase</strong> your data (the “right to be forgotten”);
        </li>
        <li>
          <strong>Restrict</strong> how we use your data;
        </li>
        <li>
          <strong>Data portability</strong>: receive your data in a structured, machine-readable format;
        </li>
        <li>
          <strong>Object</strong> to our use of your data where we rely on legitimate interests;
        </li>
        <li>withdraw your consent at any time, where we rely on consent.</li>
      </ul>
      <p>
        Many of these you can do yourself on <Link to="/profile">My Profile</Link>: <strong>Download my data</strong>{' '}
        gives you a file (JSON) of everything we hold about you, you can correct your details there, and you can delete
        your account. For anything else, <Link to="/contact">contact us</Link>. We answer within one month.
      </p>

      <h2>8. Complaints</h2>
      <p>
        If you are unhappy with how we handle your data, please tell us first so we can try to put it right. You also
        have the right to complain to the Information Commissioner's Office (ICO), the UK's data protection regulator:{' '}
        <a href="https://ico.org.uk/make-a-complaint/" rel="noopener noreferrer">
          ico.org.uk/make-a-complaint
        </a>
        .
      </p>

      <h2>9. Children</h2>
      <p>ITConnect is meant for adults and businesses and is not aimed at children.</p>

      <h2>10. Changes to this policy</h2>
      <p>
        If we change this policy, we will publish the new version here with a new effective date, and tell account
        holders by email about any significant change.
      </p>

      <h2>11. Messages and contact-form messages</h2>
      <p>
        Messages you exchange with a professional through ITConnect are seen only by you and that professional. We keep them for as long
        as your account exists, and they are part of what <strong>Download my data</strong> gives you. Messages you send us through our
        contact form are kept for {CONTACT_RETENTION_YEARS} years from when you send them, and then deleted.
      </p>
    </StaticPage>
  );
}

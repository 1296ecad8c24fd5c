// 'Contact {companyName}' on a profile (product rules 8 and 27): signed-in users send a subject and
// a message, with the captcha; the professional reads it in their inbox and the answer arrives in
// the sender's 'My messages' (and by e-mail). Anonymous visitors may send a single enquiry without
// an account, confirmed by e-mail like a request for quotes (product rule 41), or sign in; the
// professional on their own listing gets a link to their inbox. The typical reply time and the
// share of requests for quotes answered show once there are enough of them to mean something.
// Anyone but the professional may also ask them and up to four similar ones for quotes.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { replyTimeText } from '../../../../core/messages';
import { PAGES } from '../../../../core/pages';
import { QUOTE_SIMILAR_MAX, quoteReplyRateText } from '../../../../core/quotes-limits';
import type { ProfessionalListItem } from '../../../../core/directory';
import { useCurrentUser } from '../../api/use-current-user';
import { linkClass, panelClass, sectionHeadingClass } from '../../components/styles';
import { FormLoading } from './form-loading';

const MessageForm = lazy(async () => ({ default: (await import('./message-form')).MessageForm }));

/** /get-quotes for this professional, with their first service chosen: with up to four similar ones, or (only) them alone. */
function getQuotesHref(professional: ProfessionalListItem, only = false): string {
  const query = new URLSearchParams({ professional: String(professional.id) });
  if (professional.services[0]) query.set('service', professional.services[0]);
  if (only) query.set('only', '1');
  return `${PAGES.getQuotes.path}?${query.toString()}`;
}

export function ContactProfessional({ professional }: { professional: ProfessionalListItem }) {
  const { companyName, replyTimeMinutes } = professional;
  const replyRate = quoteReplyRateText(professional.quoteRequestsAnswered, professional.quoteRequestsSettled);
  const { user, isLoading } = useCurrentUser();
  const headingId = 'profile-message';
  return (
    <section aria-labelledby={headingId} className={panelClass}>
      <h2 id={headingId} className={sectionHeadingClass}>
        Contact {companyName}
      </h2>
      {replyTimeMinutes !== null ? (
        <p className="mt-2 text-sm text-gray-700">
          Typically replies <strong className="font-semibold text-gray-900">{replyTimeText(replyTimeMinutes)}</strong>
        </p>
      ) : null}
      {replyRate ? <p className="mt-2 text-sm text-gray-700">{replyRate}</p> : null}
      <div className="mt-4">
        {isLoading && !user ? (
          <p role="status" className="text-sm text-gray-700">
            Loading…
          </p>
        ) : !user ? (
          <div className="space-y-2 text-sm text-gray-800">
            <p>
              <Link to={getQuotesHref(professional, true)} className={linkClass}>
                Send {companyName} an enquiry
              </Link>
              . No account needed: we e-mail you a link to confirm it, and their answer arrives there.
            </p>
            <p>
              Have an account?{' '}
              <Link to="/login" className={linkClass}>
                Sign in
              </Link>{' '}
              to message them through ITConnect. No account yet?{' '}
              <Link to="/register" className={linkClass}>
                Create one for free
              </Link>
              .
            </p>
          </div>
        ) : user.professionalId === professional.id ? (
          <p className="text-sm text-gray-800">
            This is your listing. Messages from customers arrive in your{' '}
            <Link to="/profile?box=inbox#messages" className={linkClass}>
              inbox on My Profile
            </Link>
            .
          </p>
        ) : (
          <Suspense fallback={<FormLoading />}>
            <MessageForm professional={professional} />
          </Suspense>
        )}
      </div>
      {user?.professionalId === professional.id ? null : (
        <p className="mt-4 border-t border-gray-200 pt-4 text-sm text-gray-800">
          Comparing prices?{' '}
          <Link to={getQuotesHref(professional)} className={linkClass}>
            Ask {companyName} for a quote, and also ask up to {QUOTE_SIMILAR_MAX} similar professionals
          </Link>
          . No account needed.
        </p>
      )}
    </section>
  );
}

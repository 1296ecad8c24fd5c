// 'My requests for quotes' on /profile (issue 32, product rule 41): what a signed-in visitor asked
// for, while signed in or from their account's address, with how far each has gone. 'Open' asks
// the API for a new private link of the request (its hash stored) and goes to its page, where the
// answers are compared and one is picked.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { PAGES } from '../../../../core/pages';
import { whereText, type MyQuoteRequest } from '../../../../core/quotes';
import { formatUkDate } from '../../../../core/uk-date';
import { errorMessageFor, getJson, postJson } from '../../api/client';
import { linkClass, panelClass, secondaryButtonClass, sectionHeadingClass, smallButtonClass } from '../../components/styles';
import { showToast } from '../../components/toast';

function progressText(r: MyQuoteRequest): string {
  if (r.status === 'unconfirmed') return 'Not sent yet: open it to send it';
  if (r.picked) return `You picked ${r.picked}`;
  if (r.recipients === 0) return 'No professional matched';
  const answers = `${r.answers} of ${r.recipients} answered`;
  return r.status === 'closed' ? `Closed · ${answers}` : answers;
}

export function MyQuoteRequestsSection() {
  const { data, error, isLoading, mutate } = useSWR('/api/quote-requests/mine', (path: string) => getJson<MyQuoteRequest[]>(path));
  const [opening, setOpening] = useState<number | null>(null);
  const navigate = useNavigate();

  async function open(id: number) {
    setOpening(id);
    try {
      const link = await postJson<{ token: string }>(`/api/quote-requests/${id}/link`, {});
      if (link) void navigate(`${PAGES.quoteRequest.path}?token=${encodeURIComponent(link.token)}`);
    } catch (err) {
      showToast({ title: 'Could not open the request', description: errorMessageFor(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setOpening(null);
    }
  }

  return (
    <section aria-labelledby="my-quote-requests-heading" className={panelClass}>
      <h2 id="my-quote-requests-heading" className={sectionHeadingClass}>
        My requests for quotes
      </h2>
      {error ? (
        <div role="alert" className="mt-4 text-sm text-gray-800">
          Your requests could not be loaded.{' '}
          <button type="button" className={secondaryButtonClass} onClick={() => void mutate()}>
            Try again
          </button>
        </div>
      ) : isLoading || !data ? (
        <p role="status" className="mt-4 text-sm text-gray-700">
          Loading your requests…
        </p>
      ) : data.length === 0 ? (
        <p className="mt-4 text-sm text-gray-700">
          You have not asked for quotes yet.{' '}
          <Link to={PAGES.getQuotes.path} className={linkClass}>
            Describe a job once and hear back from up to 5 professionals
          </Link>
          .
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-200">
          {data.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium text-gray-900">
                  {r.service} · {whereText(r.postcodeDistrict, r.remoteOk)}
                </p>
                <p className="text-sm text-gray-700">
                  Asked {formatUkDate(r.createdAt)} · {progressText(r)}
                </p>
              </div>
              <button type="button" className={smallButtonClass} onClick={() => void open(r.id)} disabled={opening === r.id} aria-busy={opening === r.id}>
                {opening === r.id ? 'Opening…' : 'Open'}
                <span className="sr-only">
                  {' '}
                  {r.service}, {formatUkDate(r.createdAt)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

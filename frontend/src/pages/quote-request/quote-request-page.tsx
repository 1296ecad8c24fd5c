// /quotes/request?token=… (issue 32, product rules 41 and 43): the buyer's private link. Before
// it is sent, the request as written and 'Send my request' (a press, never the visit: mail
// scanners open links); after, who received it and why, their answers side by side (price, rating,
// how they reach the buyer, reply time), and the buyer's decision: one who answered, or none.
// The token travels in request bodies only (POST /api/quote-requests/view, /send, /pick).
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { replyTimeText } from '../../../../core/messages';
import { PAGES } from '../../../../core/pages';
import {
  BUDGET_BAND_LABELS,
  QUOTE_RECIPIENTS_MAX,
  QUOTE_TEXTS,
  quotePriceText,
  reachText,
  TIMESCALE_LABELS,
  whereText,
  type QuoteRecipientView,
  type QuoteRequestView,
} from '../../../../core/quotes';
import { ApiRequestError, errorMessageFor, postJson } from '../../api/client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { profileHref } from '../../components/professional-card/format-professional';
import { RatingText } from '../../components/professional-card/rating-text';
import { linkClass, pageWidthClass, panelClass, primaryButtonClass, secondaryButtonClass, sectionHeadingClass } from '../../components/styles';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/use-document-title';

function answerText(r: QuoteRecipientView): string {
  if (!r.reply) return 'No answer yet';
  if (r.reply.kind === 'decline') return 'Not for them';
  if (r.reply.kind === 'message') return 'Sent a message';
  return quotePriceText(r.reply.pricePence, r.reply.priceUnit);
}

function RequestSummary({ request }: { request: QuoteRequestView }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-medium text-gray-700">Service</dt>
        <dd className="text-gray-900">{request.service}</dd>
      </div>
      <div>
        <dt className="font-medium text-gray-700">Where</dt>
        <dd className="text-gray-900">{whereText(request.postcodeDistrict, request.remoteOk)}</dd>
      </div>
      <div>
        <dt className="font-medium text-gray-700">Budget</dt>
        <dd className="text-gray-900">{BUDGET_BAND_LABELS[request.budget]}</dd>
      </div>
      <div>
        <dt className="font-medium text-gray-700">When</dt>
        <dd className="text-gray-900">{TIMESCALE_LABELS[request.timescale]}</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="font-medium text-gray-700">What you need</dt>
        <dd className="whitespace-pre-line text-gray-900">{request.details}</dd>
      </div>
    </dl>
  );
}

function RecipientCard({ recipient, canPick, onPick }: { recipient: QuoteRecipientView; canPick: boolean; onPick: () => void }) {
  const { professional, reply } = recipient;
  const pickable = canPick && (reply?.kind === 'quote' || reply?.kind === 'message');
  return (
    <li className={`${panelClass} flex flex-col gap-2`}>
      <h3 className="text-lg font-semibold text-gray-900">
        <Link to={profileHref(professional.slug)} className={linkClass}>
          {professional.companyName}
        </Link>
        {recipient.outcome === 'chosen' ? <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900">Your pick</span> : null}
      </h3>
      <RatingText rating={professional.rating} reviewCount={professional.reviewCount} />
      <p className="text-sm text-gray-700">{reachText(recipient.reach)}</p>
      <p className="text-base font-semibold text-gray-900">{answerText(recipient)}</p>
      {reply?.message ? <p className="whitespace-pre-line text-sm text-gray-800">“{reply.message}”</p> : null}
      {recipient.replyMinutes !== null ? <p className="text-xs text-gray-700">Answered {replyTimeText(recipient.replyMinutes)}</p> : null}
      {pickable ? (
        <button type="button" className={`${primaryButtonClass} mt-2 self-start`} onClick={onPick}>
          Pick {professional.companyName}
        </button>
      ) : null}
    </li>
  );
}

export function QuoteRequestPage() {
  useDocumentTitle(PAGES.quoteRequest.title);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { data, error, isLoading, mutate } = useSWR(token ? ['/api/quote-requests/view', token] : null, ([path, t]) => postJson<QuoteRequestView>(path, { token: t }), {
    revalidateOnFocus: true,
  });
  const [isSending, setSending] = useState(false);
  const [picking, setPicking] = useState<{ id: number | null; name: string } | null>(null);
  const [isPicking, setIsPicking] = useState(false);
  const [pickError, setPickError] = useState<string | null>(null);

  async function sendRequest() {
    setSending(true);
    try {
      const sent = await postJson<QuoteRequestView>('/api/quote-requests/send', { token });
      if (sent) await mutate(sent, { revalidate: false });
    } catch (err) {
      showToast({ title: 'Request not sent', description: errorMessageFor(err, 'Your request could not be sent. Please try again.'), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  async function confirmPick() {
    if (!picking) return;
    setIsPicking(true);
    setPickError(null);
    try {
      const decided = await postJson<QuoteRequestView>('/api/quote-requests/pick', { token, professionalId: picking.id });
      if (decided) await mutate(decided, { revalidate: false });
      setPicking(null);
    } catch (err) {
      setPickError(errorMessageFor(err, 'Your choice could not be saved. Please try again.'));
    } finally {
      setIsPicking(false);
    }
  }

  let body;
  if (!token || (error instanceof ApiRequestError && error.status === 404)) {
    body = (
      <p role="alert" className="text-gray-800">
        {QUOTE_TEXTS.linkInvalid}{' '}
        <Link to={PAGES.getQuotes.path} className={linkClass}>
          Ask for quotes
        </Link>
      </p>
    );
  } else if (error) {
    body = (
      <p role="alert" className="text-gray-800">
        Your request could not be loaded. Please reload the page or try again later.
      </p>
    );
  } else if (isLoading || !data) {
    body = <p role="status">Loading your request…</p>;
  } else if (data.status === 'unconfirmed') {
    body = (
      <section aria-labelledby="quote-check" className={panelClass}>
        <h2 id="quote-check" className={sectionHeadingClass}>
          {data.askedOnly ? 'Check your enquiry, then send it' : 'Check your request, then send it'}
        </h2>
        <div className="mt-4">
          <RequestSummary request={data} />
        </div>
        <p className="mt-4 text-sm text-gray-700">
          {data.askedOnly
            ? `It goes to ${data.askedCompany ?? 'the professional you asked'} only.`
            : `It goes to up to ${QUOTE_RECIPIENTS_MAX} professionals who offer ${data.service} and reach you.`}{' '}
          Nothing has been sent yet.
        </p>
        <button type="button" className={`${primaryButtonClass} mt-4`} onClick={() => void sendRequest()} disabled={isSending} aria-busy={isSending}>
          {isSending ? 'Sending…' : data.askedOnly ? 'Send my enquiry' : 'Send my request'}
        </button>
      </section>
    );
  } else {
    const decided = data.recipients.some((r) => r.outcome !== null);
    const chosen = data.recipients.find((r) => r.outcome === 'chosen');
    const canPick = data.status === 'open' && !decided;
    body = (
      <>
        <section aria-labelledby="quote-sent" className={panelClass}>
          <h2 id="quote-sent" className={sectionHeadingClass}>
            {data.askedOnly ? 'Your enquiry has been sent' : QUOTE_TEXTS.sentTitle}
          </h2>
          <p role="status" className="mt-2 text-sm text-gray-800">
            {data.recipients.length === 0
              ? data.askedOnly
                ? QUOTE_TEXTS.enquiryNotSent
                : QUOTE_TEXTS.noneMatched
              : chosen
                ? `You picked ${chosen.professional.companyName}. They have your contact details and will be in touch; the others have been told.`
                : decided
                  ? 'You decided not to go ahead with any of them; they have been told.'
                  : data.askedOnly
                    ? `It went to ${data.recipients[0]!.professional.companyName}. Their answer appears here; keep the e-mail with this link.`
                    : `It went to ${data.recipients.length} professional${data.recipients.length === 1 ? '' : 's'}. Their answers appear here; keep the e-mail with this link.`}
          </p>
          <div className="mt-4">
            <RequestSummary request={data} />
          </div>
        </section>
        {data.recipients.length > 0 ? (
          <section aria-labelledby="quote-answers" className="mt-8">
            <h2 id="quote-answers" className={sectionHeadingClass}>
              Who received it, and their answers
            </h2>
            <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
              {data.recipients.map((r) => (
                <RecipientCard
                  key={r.professional.id}
                  recipient={r}
                  canPick={canPick}
                  onPick={() => setPicking({ id: r.professional.id, name: r.professional.companyName })}
                />
              ))}
            </ul>
            {canPick ? (
              <button type="button" className={`${secondaryButtonClass} mt-6`} onClick={() => setPicking({ id: null, name: '' })}>
                None of them
              </button>
            ) : null}
          </section>
        ) : null}
        <ConfirmDialog
          isOpen={picking !== null}
          title={picking?.id === null ? 'Go ahead with none of them?' : `Pick ${picking?.name ?? ''}?`}
          confirmLabel={picking?.id === null ? 'None of them' : 'Pick them'}
          busyLabel="Saving…"
          isBusy={isPicking}
          tone="primary"
          error={pickError}
          onConfirm={() => void confirmPick()}
          onCancel={() => {
            setPicking(null);
            setPickError(null);
          }}
        >
          {picking?.id === null
            ? 'Everyone who answered is told politely. The request closes.'
            : 'They receive your name, e-mail and phone number to get in touch. The others who answered are told politely, and the request closes.'}
        </ConfirmDialog>
      </>
    );
  }

  return (
    <div className={`${pageWidthClass} py-10`}>
      <h1 className="text-3xl font-bold text-gray-900">{data?.askedOnly ? 'Your enquiry' : 'Your request for quotes'}</h1>
      <div className="mt-6">{body}</div>
    </div>
  );
}

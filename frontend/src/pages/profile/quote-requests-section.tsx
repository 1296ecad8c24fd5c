// Requests for quotes on /profile (issue 32, product rules 42 and 43), for a provider: every request
// their listing received, newest first, with as much of the buyer as they may see (first name and
// district; the contact details only once the buyer picked them), and one answer each: a quote (a
// price per hour, per day or fixed, with an optional message), a message, or 'Not for us'. A
// request can be reported as spam. E-mail links arrive with ?quote=<id>#quote-requests.
import { useEffect, useId, useState } from 'react';
import useSWR from 'swr';
import {
  BUDGET_BAND_LABELS,
  CONTACT_PREFERENCE_LABELS,
  QUOTE_PRICE_UNIT_LABELS,
  QUOTE_PRICE_UNITS,
  QUOTE_REPLY_LIMITS,
  QUOTE_REPLY_TEXTS,
  QuoteReplyInput,
  quotePriceText,
  reachReasonForProfessional,
  TIMESCALE_LABELS,
  whereText,
  type QuotePriceUnit,
  type ReceivedQuoteRequest,
} from '../../../../core/quotes';
import { formatUkDate } from '../../../../core/uk-date';
import { penceOfPounds } from '../../../../core/counts';
import { errorMessageFor, getJson, postJson } from '../../api/client';
import { SelectField, TextAreaField, TextField } from '../../components/forms/form-fields';
import { validate, type FieldErrors } from '../../components/forms/form-validation';
import { linkClass, panelClass, primaryButtonClass, secondaryButtonClass, sectionHeadingClass, smallButtonClass } from '../../components/styles';
import { showToast } from '../../components/toast';

const RECEIVED_KEY = '/api/quotes/received';
type ReplyKind = 'quote' | 'message' | 'decline';

function ReplyForm({ request, onReplied }: { request: ReceivedQuoteRequest; onReplied: (updated: ReceivedQuoteRequest) => void }) {
  const [kind, setKind] = useState<ReplyKind>('quote');
  const [price, setPrice] = useState('');
  const [unit, setUnit] = useState<QuotePriceUnit | ''>('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isBusy, setBusy] = useState(false);
  const name = useId();

  async function send() {
    const body =
      kind === 'quote'
        ? { kind, pricePence: penceOfPounds(price) ?? Number.NaN, priceUnit: unit, ...(message.trim() ? { message } : {}) }
        : kind === 'message'
          ? { kind, message }
          : { kind };
    const result = validate(QuoteReplyInput, body);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const updated = await postJson<ReceivedQuoteRequest>(`/api/quotes/${request.id}/reply`, result.data);
      if (updated) onReplied(updated);
      showToast({ title: 'Answer sent', description: 'The buyer sees it beside the other answers.' });
    } catch (error) {
      showToast({ title: 'Answer not sent', description: errorMessageFor(error, 'Your answer could not be sent. Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="mt-4 space-y-4"
      aria-label={`Answer the request from ${request.buyerFirstName}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">Your answer</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {(
            [
              ['quote', 'A quote'],
              ['message', 'A message'],
              ['decline', 'Not for us'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm text-gray-800">
              <input type="radio" name={name} value={value} checked={kind === value} onChange={() => setKind(value)} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'quote' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Price (£)" name="price" inputMode="decimal" value={price} onValueChange={setPrice} error={errors.pricePence} />
          <SelectField label="Per" name="priceUnit" value={unit} onValueChange={(v) => setUnit(v as QuotePriceUnit | '')} error={errors.priceUnit}>
            <option value="">Choose</option>
            {QUOTE_PRICE_UNITS.map((u) => (
              <option key={u} value={u}>
                {QUOTE_PRICE_UNIT_LABELS[u]}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      {kind !== 'decline' ? (
        <TextAreaField
          label={kind === 'quote' ? 'Message (optional)' : 'Message'}
          name="message"
          rows={4}
          value={message}
          onValueChange={setMessage}
          error={errors.message}
          maxLength={QUOTE_REPLY_LIMITS.messageMax}
          hint="What the price includes, questions, when you could start. No contact details: the buyer gets yours when they pick you."
        />
      ) : null}
      <button type="submit" className={primaryButtonClass} disabled={isBusy} aria-busy={isBusy}>
        {isBusy ? 'Sending…' : kind === 'decline' ? 'Send: not for us' : 'Send answer'}
      </button>
    </form>
  );
}

function ReplyShown({ request }: { request: ReceivedQuoteRequest }) {
  const reply = request.reply!;
  const what =
    reply.kind === 'quote'
      ? `You quoted ${quotePriceText(reply.pricePence, reply.priceUnit)}`
      : reply.kind === 'message'
        ? 'You sent a message'
        : 'You said it is not for you';
  return (
    <div className="mt-4 rounded-md bg-gray-50 p-3 text-sm text-gray-800">
      <p className="font-medium">
        {what} on {formatUkDate(reply.repliedAt)}.
      </p>
      {reply.message ? <p className="mt-1 whitespace-pre-line">“{reply.message}”</p> : null}
    </div>
  );
}

function ReceivedRequest({ request, isOpen, onReplied }: { request: ReceivedQuoteRequest; isOpen: boolean; onReplied: (r: ReceivedQuoteRequest) => void }) {
  const [isFlagging, setFlagging] = useState(false);
  const headingId = useId();

  async function flag() {
    setFlagging(true);
    try {
      const answer = await postJson<{ message: string }>(`/api/quotes/${request.id}/spam`, {});
      onReplied({ ...request, flaggedSpam: true });
      showToast({ title: 'Reported', description: answer?.message ?? QUOTE_REPLY_TEXTS.flagged });
    } catch (error) {
      showToast({ title: 'Not reported', description: errorMessageFor(error, 'The report could not be sent. Please try again.'), variant: 'destructive' });
    } finally {
      setFlagging(false);
    }
  }

  return (
    <li id={`quote-${request.id}`} aria-labelledby={headingId} className="rounded-lg border border-gray-200 p-4">
      <h3 id={headingId} className="font-semibold text-gray-900">
        {request.service} · {whereText(request.postcodeDistrict, request.remoteOk)}
      </h3>
      <p className="mt-1 text-sm text-gray-700">
        From {request.buyerFirstName}, {formatUkDate(request.sentAt)} · budget {BUDGET_BAND_LABELS[request.budget]} · {TIMESCALE_LABELS[request.timescale].toLowerCase()}
      </p>
      <p className="mt-1 text-xs text-gray-700">You received it because {reachReasonForProfessional(request.reach, request.service)}.</p>
      <p className="mt-3 whitespace-pre-line text-sm text-gray-900">{request.details}</p>
      {request.buyer ? (
        <div role="note" className="mt-4 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          <p className="font-semibold">{request.buyer.name} picked you. They prefer to be contacted {CONTACT_PREFERENCE_LABELS[request.buyer.contactPreference].toLowerCase()}.</p>
          <p className="mt-1">
            E-mail:{' '}
            <a href={`mailto:${request.buyer.email}`} className={linkClass}>
              {request.buyer.email}
            </a>
            {request.buyer.phone ? <> · Phone: {request.buyer.phone}</> : null}
          </p>
        </div>
      ) : request.outcome === 'not_chosen' ? (
        <p className="mt-4 text-sm text-gray-700">The buyer went ahead with someone else.</p>
      ) : null}
      {request.reply ? <ReplyShown request={request} /> : isOpen ? <ReplyForm request={request} onReplied={onReplied} /> : <p className="mt-4 text-sm text-gray-700">This request is closed.</p>}
      {request.flaggedSpam ? (
        <p className="mt-3 text-xs text-gray-700">You reported this request as spam.</p>
      ) : (
        <button type="button" className={`${smallButtonClass} mt-3`} onClick={() => void flag()} disabled={isFlagging}>
          Report as spam
        </button>
      )}
    </li>
  );
}

export function QuoteRequestsSection() {
  const { data, error, isLoading, mutate } = useSWR(RECEIVED_KEY, (path: string) => getJson<ReceivedQuoteRequest[]>(path));

  // Arriving from an e-mail link (#quote-requests): bring the section into view.
  useEffect(() => {
    if (window.location.hash === '#quote-requests') document.getElementById('quote-requests')?.scrollIntoView();
  }, []);

  const replace = (updated: ReceivedQuoteRequest) => void mutate((list) => list?.map((r) => (r.id === updated.id ? updated : r)), { revalidate: false });

  return (
    <section id="quote-requests" aria-labelledby="quote-requests-heading" className={`${panelClass} scroll-mt-header`}>
      <h2 id="quote-requests-heading" className={sectionHeadingClass}>
        Requests for quotes
      </h2>
      <p className="mt-1 text-sm text-gray-700">Buyers who describe a job that matches your services and area. They come free with your listing.</p>
      {error ? (
        <div role="alert" className="mt-4 text-sm text-gray-800">
          Your requests for quotes could not be loaded.{' '}
          <button type="button" className={secondaryButtonClass} onClick={() => void mutate()}>
            Try again
          </button>
        </div>
      ) : isLoading || !data ? (
        <p role="status" className="mt-4 text-sm text-gray-700">
          Loading requests for quotes…
        </p>
      ) : data.length === 0 ? (
        <p className="mt-4 text-sm text-gray-700">No requests yet. When a buyer asks for quotes for one of your services in your area, it appears here and we e-mail you.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {data.map((request) => (
            <ReceivedRequest key={request.id} request={request} isOpen={request.status === 'open'} onReplied={replace} />
          ))}
        </ul>
      )}
    </section>
  );
}

// /get-quotes (issue 32, product rules 40 and 41): a buyer describes a job once and up to five
// matching professionals receive it. No account: the API stores the request and e-mails a private
// link, and nothing is sent until the buyer opens it. The address may carry what the visitor
// already chose: ?service= and ?postcode= (from the directory), ?professional=<id> (from a profile:
// that professional and, unless the visitor unticks it, up to four similar ones; with &only=1, a
// single enquiry to them alone, the box unticked). A signed-in visitor's name and e-mail are filled in.
import { useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PAGES } from '../../../../core/pages';
import {
  BUDGET_BAND_LABELS,
  BUDGET_BANDS,
  CONTACT_PREFERENCE_LABELS,
  CONTACT_PREFERENCES,
  QUOTE_LIMITS,
  QUOTE_RECIPIENTS_MAX,
  QUOTE_SIMILAR_MAX,
  QUOTE_TEXTS,
  QuoteRequestInput,
  TIMESCALE_LABELS,
  TIMESCALES,
  type BudgetBand,
  type ContactPreference,
  type QuoteRequestFormValues,
  type Timescale,
} from '../../../../core/quotes';
import { isService, SERVICES } from '../../../../core/services';
import { postJson } from '../../api/client';
import { useProfessional } from '../../api/use-professional';
import { Captcha } from '../../components/captcha/captcha';
import { AuthCard, AuthForm, CardFooterLink, EmailField, OptionList, SelectField, TextAreaField, TextField } from '../../components/forms/form-fields';
import { useCaptchaForm } from '../../components/forms/use-captcha-form';
import { useSignedInSender } from '../../components/forms/use-signed-in-sender';
import { labelTextClass, linkClass } from '../../components/styles';
import { useDocumentTitle } from '../../components/use-document-title';

const REQUEST_NOT_SENT = { title: 'Request not sent', description: 'Your request could not be sent. Please try again.' };

function Checkbox({ name, checked, onChange, children }: { name: string; checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input id={id} type="checkbox" name={name} checked={checked} onChange={(event) => onChange(event.target.checked)} className="mt-1 h-4 w-4" />
      <label htmlFor={id} className={labelTextClass}>
        {children}
      </label>
    </div>
  );
}

export function GetQuotesPage() {
  useDocumentTitle(PAGES.getQuotes.title);
  const [params] = useSearchParams();
  const askedId = /^\d{1,10}$/.test(params.get('professional') ?? '') ? params.get('professional')! : undefined;
  const { professional: asked } = useProfessional(askedId);
  const initialService = params.get('service') ?? '';
  const [service, setService] = useState(isService(initialService) ? initialService : '');
  const [postcode, setPostcode] = useState(params.get('postcode') ?? '');
  const [remoteOk, setRemoteOk] = useState(false);
  const [details, setDetails] = useState('');
  const [budget, setBudget] = useState<BudgetBand | ''>('');
  const [timescale, setTimescale] = useState<Timescale | ''>('');
  const [contactPreference, setContactPreference] = useState<ContactPreference>('email');
  const { name, setName, email, setEmail } = useSignedInSender();
  const [phone, setPhone] = useState('');
  const [askSimilar, setAskSimilar] = useState(params.get('only') !== '1');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const { errors, isSubmitting, submit, formRef, captchaProps } = useCaptchaForm({
    schema: QuoteRequestInput,
    send: async (input) => {
      await postJson('/api/quote-requests', input);
      setSentTo(input.email);
    },
    onFailure: REQUEST_NOT_SENT,
  });

  if (sentTo !== null) {
    return (
      <AuthCard title={QUOTE_TEXTS.checkEmailTitle}>
        <div role="status" className="space-y-2 text-sm text-gray-800">
          <p>{QUOTE_TEXTS.checkEmail}</p>
          <p>
            We sent it to <strong>{sentTo}</strong>. Not there after a few minutes? Look in your spam folder.
          </p>
        </div>
        <CardFooterLink to="/professionals">Browse the directory meanwhile</CardFooterLink>
      </AuthCard>
    );
  }

  const askedListed = asked && askedId ? asked : null;
  const enquiry = askedListed !== null && !askSimilar;
  return (
    <AuthCard
      title={enquiry ? `Send ${askedListed.companyName} an enquiry` : 'Get quotes'}
      intro={
        <>
          <p>
            {enquiry
              ? 'Describe what you need and they answer through ITConnect. It is free and you need no account.'
              : `Describe your job once and up to ${QUOTE_RECIPIENTS_MAX} matching professionals receive it. It is free, you need no account, and professionals pay no fee per request.`}
          </p>
          {askedListed ? (
            <p className="mt-2" role="note">
              {enquiry ? (
                <>
                  Your enquiry goes to <strong>{askedListed.companyName}</strong> only.
                </>
              ) : (
                <>
                  Your request goes to <strong>{askedListed.companyName}</strong> and up to {QUOTE_SIMILAR_MAX} similar professionals.
                </>
              )}
            </p>
          ) : null}
        </>
      }
    >
      <div ref={formRef}>
        <AuthForm
          label={enquiry ? 'Send an enquiry' : 'Ask for quotes'}
          submitLabel="Continue"
          busyLabel="Sending…"
          isSubmitting={isSubmitting}
          onSubmit={() =>
            submit({
              service,
              postcode,
              remoteOk,
              details,
              budget,
              timescale,
              contactPreference,
              name,
              email,
              phone,
              ...(askedListed ? { professionalId: askedListed.id, askedOnly: !askSimilar } : {}),
              // The selects' empty choice is refused by the schema with its message.
            } as QuoteRequestFormValues)
          }
        >
          <SelectField label="Service" name="service" value={service} onValueChange={setService} error={errors.service}>
            <OptionList placeholder="Choose a service" values={askedListed ? askedListed.services : SERVICES} />
          </SelectField>
          <TextField
            label="Your postcode"
            name="postcode"
            autoComplete="postal-code"
            value={postcode}
            onValueChange={setPostcode}
            error={errors.postcode}
            hint="Professionals see only its district (LS1 for LS1 4DY). Leave it empty for remote work."
            maxLength={16}
          />
          <Checkbox name="remoteOk" checked={remoteOk} onChange={setRemoteOk}>
            The work can be done remotely (professionals anywhere in the UK who work remotely can then reply)
          </Checkbox>
          <TextAreaField
            label="What do you need?"
            name="details"
            rows={6}
            value={details}
            onValueChange={setDetails}
            error={errors.details}
            maxLength={QUOTE_LIMITS.detailsMax}
            hint="The job, the equipment or systems involved, anything a professional needs to quote. Please leave out contact details."
          />
          <SelectField label="Budget" name="budget" value={budget} onValueChange={(v) => setBudget(v as BudgetBand | '')} error={errors.budget}>
            <option value="">Choose a budget</option>
            {BUDGET_BANDS.map((band) => (
              <option key={band} value={band}>
                {BUDGET_BAND_LABELS[band]}
              </option>
            ))}
          </SelectField>
          <SelectField label="When do you need it?" name="timescale" value={timescale} onValueChange={(v) => setTimescale(v as Timescale | '')} error={errors.timescale}>
            <option value="">Choose when</option>
            {TIMESCALES.map((t) => (
              <option key={t} value={t}>
                {TIMESCALE_LABELS[t]}
              </option>
            ))}
          </SelectField>
          <TextField label="Your name" name="name" autoComplete="name" value={name} onValueChange={setName} error={errors.name} maxLength={QUOTE_LIMITS.nameMax} />
          <EmailField value={email} onValueChange={setEmail} error={errors.email} />
          <SelectField
            label="How would you like to be contacted?"
            name="contactPreference"
            value={contactPreference}
            onValueChange={(v) => setContactPreference(v as ContactPreference)}
            error={errors.contactPreference}
          >
            {CONTACT_PREFERENCES.map((p) => (
              <option key={p} value={p}>
                {CONTACT_PREFERENCE_LABELS[p]}
              </option>
            ))}
          </SelectField>
          <TextField
            label={contactPreference === 'phone' ? 'Phone number' : 'Phone number (optional)'}
            name="phone"
            type="tel"
            autoComplete="tel"
            value={phone}
            onValueChange={setPhone}
            error={errors.phone}
            maxLength={QUOTE_LIMITS.phoneMax}
          />
          {askedListed ? (
            <Checkbox name="askSimilar" checked={askSimilar} onChange={setAskSimilar}>
              Also ask up to {QUOTE_SIMILAR_MAX} similar professionals for quotes
            </Checkbox>
          ) : null}
          <p className="text-xs text-gray-700">
            Professionals see your first name, your postcode district and what you wrote. Your e-mail and phone number go only to the professional
            you pick. We delete your details a year after the request closes. See our{' '}
            <Link to="/privacy-policy" className={linkClass}>
              Privacy Policy
            </Link>
            .
          </p>
          <Captcha {...captchaProps} />
        </AuthForm>
      </div>
    </AuthCard>
  );
}

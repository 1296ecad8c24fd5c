// /contact (product rule 9): a message to the ITConnect team: name, email, subject, message and the
// captcha. The API stores it and the worker e-mails it to the team, who answer by e-mail. A
// signed-in visitor's name and address are filled in. To reach a professional, their profile has
// its own form; the page says so.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CONTACT_LIMITS, CONTACT_TEXTS, ContactInput } from '../../../../core/contact';
import { PAGES } from '../../../../core/pages';
import { CONTACT_RETENTION_YEARS } from '../../../../core/retention';
import { postJson } from '../../api/client';
import { Captcha } from '../../components/captcha/captcha';
import { AuthCard, AuthForm, CardFooterLink, EmailField, TextAreaField, TextField } from '../../components/forms/form-fields';
import { MESSAGE_NOT_SENT, useCaptchaForm } from '../../components/forms/use-captcha-form';
import { useSignedInSender } from '../../components/forms/use-signed-in-sender';
import { linkClass } from '../../components/styles';
import { useDocumentTitle } from '../../components/use-document-title';

export function ContactPage() {
  useDocumentTitle(PAGES.contact.title);
  const { name, setName, email, setEmail } = useSignedInSender();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const { errors, isSubmitting, submit, formRef, captchaProps } = useCaptchaForm({
    schema: ContactInput,
    send: async (input) => {
      await postJson('/api/contact', input);
      setSentTo(input.email);
    },
    onFailure: MESSAGE_NOT_SENT,
  });

  if (sentTo !== null) {
    return (
      <AuthCard title={CONTACT_TEXTS.sentTitle}>
        <p role="status" className="text-sm text-gray-800">
          {CONTACT_TEXTS.sent} We will write to {sentTo}.
        </p>
        <CardFooterLink to="/">Back to the home page</CardFooterLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Contact us"
      intro={
        <>
          <p>Questions about ITConnect, your account or a listing, or feedback? Send the ITConnect team a message and we will reply by e-mail.</p>
          <p className="mt-2">
            Looking for IT help? Contact a professional from their profile in the{' '}
            <Link to="/professionals" className={linkClass}>
              directory
            </Link>
            . To report a review, use “Report review” under it; our{' '}
            <Link to="/review-policy" className={linkClass}>
              review policy
            </Link>{' '}
            explains how we moderate.
          </p>
        </>
      }
    >
      <div ref={formRef}>
        <AuthForm label="Contact the ITConnect team" submitLabel="Send message" busyLabel="Sending…" isSubmitting={isSubmitting} onSubmit={() => submit({ name, email, subject, message })}>
          <TextField label="Name" name="name" autoComplete="name" value={name} onValueChange={setName} error={errors.name} maxLength={CONTACT_LIMITS.nameMax} />
          <EmailField value={email} onValueChange={setEmail} error={errors.email} />
          <TextField label="Subject" name="subject" value={subject} onValueChange={setSubject} error={errors.subject} maxLength={CONTACT_LIMITS.subjectMax} />
          <TextAreaField label="Message" name="message" rows={6} value={message} onValueChange={setMessage} error={errors.message} maxLength={CONTACT_LIMITS.messageMax} />
          <p className="text-xs text-gray-700">
            We keep messages sent through this form for {CONTACT_RETENTION_YEARS} years, then delete them. See our{' '}
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

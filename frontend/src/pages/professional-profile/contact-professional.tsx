// 'Contact {companyName}' on a profile (product rules 8 and 27): signed-in users send a subject and
// a message, with the captcha; the professional reads it in their inbox and the answer arrives in
// the sender's 'My messages' (and by e-mail). Anonymous visitors get a sign-in link, and the
// professional on their own listing a link to their inbox. The typical reply time shows once the
// professional has answered enough messages for it to mean something.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGE_LIMITS, NewMessageInput, replyTimeText } from '../../../../core/messages';
import type { ProfessionalListItem } from '../../../../core/directory';
import { useCurrentUser } from '../../api/use-current-user';
import { contactProfessional } from '../../api/use-messages';
import { Captcha } from '../../components/captcha/captcha';
import { TextAreaField, TextField } from '../../components/forms/form-fields';
import { MESSAGE_NOT_SENT, useCaptchaForm } from '../../components/forms/use-captcha-form';
import { linkClass, panelClass, primaryButtonClass, secondaryButtonClass, sectionHeadingClass } from '../../components/styles';
import { showToast } from '../../components/toast';

export function ContactProfessional({ professional }: { professional: ProfessionalListItem }) {
  const { companyName, replyTimeMinutes } = professional;
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
      <div className="mt-4">
        {isLoading && !user ? (
          <p role="status" className="text-sm text-gray-700">
            Loading…
          </p>
        ) : !user ? (
          <p className="text-sm text-gray-800">
            <Link to="/login" className={linkClass}>
              Sign in
            </Link>{' '}
            to send {companyName} a message through ITConnect. No account yet?{' '}
            <Link to="/register" className={linkClass}>
              Create one for free
            </Link>
            .
          </p>
        ) : user.professionalId === professional.id ? (
          <p className="text-sm text-gray-800">
            This is your listing. Messages from customers arrive in your{' '}
            <Link to="/profile?box=inbox#messages" className={linkClass}>
              inbox on My Profile
            </Link>
            .
          </p>
        ) : (
          <MessageForm professional={professional} />
        )}
      </div>
    </section>
  );
}

function MessageForm({ professional }: { professional: ProfessionalListItem }) {
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [sentThreadId, setSentThreadId] = useState<number | null>(null);
  const { errors, isSubmitting, submit, formRef, captchaProps } = useCaptchaForm({
    schema: NewMessageInput,
    send: async (message) => {
      const answer = await contactProfessional(professional.id, message);
      if (!answer) throw new Error('no answer');
      setSentThreadId(answer.thread.id);
      setSubject('');
      setContent('');
      showToast({ title: 'Message sent', description: `Your message to ${professional.companyName} has been sent.` });
    },
    onFailure: MESSAGE_NOT_SENT,
  });

  if (sentThreadId !== null) {
    return (
      <div role="status" className="space-y-3 text-sm text-gray-800">
        <p className="font-medium text-gray-900">Your message has been sent.</p>
        <p>
          {professional.companyName} will answer through ITConnect. We will e-mail you when they reply, and you can follow the conversation in{' '}
          <Link to={`/profile?box=sent&thread=${sentThreadId}#messages`} className={linkClass}>
            My messages
          </Link>
          .
        </p>
        <button type="button" className={secondaryButtonClass} onClick={() => setSentThreadId(null)}>
          Send another message
        </button>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={`Message to ${professional.companyName}`}
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit({ subject, content });
      }}
    >
      <TextField label="Subject" name="subject" value={subject} onValueChange={setSubject} error={errors.subject} maxLength={MESSAGE_LIMITS.subjectMax} />
      <TextAreaField
        label="Message"
        name="content"
        rows={5}
        value={content}
        onValueChange={setContent}
        error={errors.content}
        maxLength={MESSAGE_LIMITS.contentMax}
        hint="Describe what you need. Your name is shown to the professional; your e-mail address is not."
      />
      <Captcha {...captchaProps} />
      <button type="submit" className={`${primaryButtonClass} w-full`} disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}

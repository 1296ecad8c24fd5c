// The 'Contact {companyName}' form of a profile (product rules 8 and 27): a subject and a message,
// with the captcha; after sending, where the answer will arrive. Loaded only when shown
// (contact-professional.tsx, form-loading.tsx).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGE_LIMITS } from '../../../../core/messages';
import { NewMessageInput } from '../../../../core/message-inputs';
import type { ProfessionalListItem } from '../../../../core/directory';
import { contactProfessional } from '../../api/use-messages';
import { Captcha } from '../../components/captcha/captcha';
import { TextAreaField, TextField } from '../../components/forms/form-fields';
import { MESSAGE_NOT_SENT, useCaptchaForm } from '../../components/forms/use-captcha-form';
import { linkClass, primaryButtonClass, secondaryButtonClass } from '../../components/styles';
import { showToast } from '../../components/toast';

export function MessageForm({ professional }: { professional: ProfessionalListItem }) {
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

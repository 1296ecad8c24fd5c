// One thread on /profile, for one of its two parties: every message, oldest first, and a reply
// form. Opening it marks what the other party sent as read; 'Mark as unread' puts the newest of
// those back to unread and returns to the list. Everything stored is rendered as text.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGE_LIMITS, type ThreadDetail } from '../../../../core/messages';
import { ThreadReplyInput } from '../../../../core/message-inputs';
import { errorMessageFor } from '../../api/client';
import { markThread, replyToThread, useThread, type MessageBox } from '../../api/use-messages';
import { focusFirstInvalid } from '../../components/forms/focus-invalid';
import { TextAreaField } from '../../components/forms/form-fields';
import { apiFieldErrors, failureToast, validate } from '../../components/forms/form-validation';
import { linkClass, primaryButtonClass, secondaryButtonClass } from '../../components/styles';
import { showToast } from '../../components/toast';
import { formatMessageTime } from './message-dates';

interface ThreadViewProps {
  threadId: number;
  box: MessageBox;
  onBack: () => void;
  /** The thread's read state or messages changed: the lists reload. */
  onChanged: () => void;
}

const hasUnreadIncoming = (thread: ThreadDetail) => thread.messages.some((m) => !m.isFromViewer && !m.isRead);

export function ThreadView({ threadId, box, onBack, onChanged }: ThreadViewProps) {
  const { thread, error, isLoading, mutate } = useThread(threadId);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, [thread?.id]);

  // Opened: what the other party sent is now read (once per state of the thread).
  const markedRef = useRef('');
  useEffect(() => {
    if (!thread || !hasUnreadIncoming(thread)) return;
    const state = `${thread.id}:${thread.messages.length}`;
    if (markedRef.current === state) return;
    markedRef.current = state;
    markThread(thread.id, true).then(
      (updated) => {
        if (updated) void mutate(updated, { revalidate: false });
        onChanged();
      },
      () => undefined,
    );
  }, [thread, mutate, onChanged]);

  const back = (
    <button type="button" className={secondaryButtonClass} onClick={onBack}>
      Back to messages
    </button>
  );

  if (error !== undefined && !thread) {
    return (
      <div role="alert" className="mt-4 space-y-3 text-gray-800">
        <p>{errorMessageFor(error, 'This conversation could not be loaded.')}</p>
        {back}
      </div>
    );
  }
  if (isLoading || !thread) {
    return (
      <p role="status" className="mt-4 text-gray-700">
        Loading the conversation…
      </p>
    );
  }

  const counterpart = thread.viewerRole === 'sender' ? thread.professional.companyName : thread.senderName;
  async function onMarkUnread() {
    try {
      await markThread(threadId, false);
      onChanged();
      onBack();
    } catch (err) {
      showToast(failureToast(err, { title: 'Not changed', description: 'The conversation could not be marked as unread.' }));
    }
  }

  return (
    <div className="mt-4 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {back}
        {thread.messages.some((m) => !m.isFromViewer) ? (
          <button type="button" className={secondaryButtonClass} onClick={() => void onMarkUnread()}>
            Mark as unread
          </button>
        ) : null}
      </div>
      <div>
        <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-gray-900 outline-none">
          {thread.subject}
        </h3>
        <p className="text-sm text-gray-700">
          {box === 'inbox' ? 'From' : 'With'} {counterpart}
          {thread.viewerRole === 'sender' ? (
            <>
              {' · '}
              <Link to={`/professionals/${thread.professional.slug}`} className={linkClass}>
                View profile
              </Link>
            </>
          ) : null}
        </p>
      </div>
      <ol aria-label="Messages in this conversation" className="space-y-3">
        {thread.messages.map((message) => (
          <li
            key={message.id}
            className={`rounded-md border p-4 ${message.isFromViewer ? 'border-blue-200 bg-blue-50 sm:ml-12' : 'border-gray-200 bg-white sm:mr-12'}`}
          >
            <p className="text-sm text-gray-700">
              <span className="font-semibold text-gray-900">{message.isFromViewer ? 'You' : message.authorName}</span> ·{' '}
              <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
            </p>
            <p className="mt-2 whitespace-pre-line break-words text-gray-900">{message.content}</p>
          </li>
        ))}
      </ol>
      <ReplyForm
        thread={thread}
        counterpart={counterpart}
        onSent={(updated) => {
          void mutate(updated, { revalidate: false });
          onChanged();
        }}
      />
    </div>
  );
}

function ReplyForm({ thread, counterpart, onSent }: { thread: ThreadDetail; counterpart: string; onSent: (thread: ThreadDetail) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isSending, setSending] = useState(false);

  async function onSubmit() {
    const result = validate(ThreadReplyInput, { content });
    if (!result.ok) {
      setError(result.errors.content);
      focusFirstInvalid(formRef.current);
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      const answer = await replyToThread(thread.id, result.data.content);
      if (answer) {
        setContent('');
        showToast({ title: 'Reply sent', description: answer.message });
        onSent(answer.thread);
      }
    } catch (err) {
      const fieldError = apiFieldErrors(err).content;
      if (fieldError) setError(fieldError);
      else showToast(failureToast(err, { title: 'Reply not sent', description: 'Your reply could not be sent. Please try again.' }));
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Your reply"
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <TextAreaField
        label={`Reply to ${counterpart}`}
        name="content"
        rows={4}
        value={content}
        onValueChange={setContent}
        error={error}
        maxLength={MESSAGE_LIMITS.contentMax}
        hint="We will e-mail them that you replied."
      />
      <button type="submit" className={primaryButtonClass} disabled={isSending}>
        {isSending ? 'Sending…' : 'Send reply'}
      </button>
    </form>
  );
}

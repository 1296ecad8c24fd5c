// Messages on /profile (product rules 8 and 27): for providers the inbox of their listing (unread
// counts, read and unread threads), for everyone 'My messages' (the threads they started with
// professionals and the answers). Opening a thread shows it whole with a reply form; the address
// says which (?box=inbox|sent&thread=ID), so the links in the e-mails open it directly.
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ThreadSummary } from '../../../../core/messages';
import { useThreads, type MessageBox } from '../../api/use-messages';
import { panelClass, secondaryButtonClass, sectionHeadingClass } from '../../components/styles';
import { formatMessageDate } from './message-dates';
import { ThreadView } from './thread-view';

const BOX_TEXT: Record<MessageBox, { title: string; empty: string; failed: string }> = {
  inbox: {
    title: 'Inbox',
    empty: 'When customers contact you from your profile, their messages appear here.',
    failed: 'Your inbox could not be loaded.',
  },
  sent: {
    title: 'My messages',
    empty: 'Messages you send to professionals from their profiles appear here, with their replies.',
    failed: 'Your messages could not be loaded.',
  },
};

export function MessagesSection({ isProvider }: { isProvider: boolean }) {
  const [params, setParams] = useSearchParams();
  const inbox = useThreads('inbox', isProvider);
  const sent = useThreads('sent');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const rawThread = params.get('thread');
  const threadId = rawThread && /^\d{1,10}$/.test(rawThread) ? Number(rawThread) : null;
  const box: MessageBox = params.get('box') === 'inbox' && isProvider ? 'inbox' : 'sent';

  // Arriving from an e-mail link (#messages): bring the section into view.
  useEffect(() => {
    if (window.location.hash === '#messages') document.getElementById('messages')?.scrollIntoView();
  }, []);

  function closeThread() {
    setParams({}, { replace: false });
    window.setTimeout(() => headingRef.current?.focus(), 0);
  }

  return (
    <section id="messages" aria-labelledby="messages-heading" className={`${panelClass} scroll-mt-header`}>
      <h2 id="messages-heading" ref={headingRef} tabIndex={-1} className={`${sectionHeadingClass} outline-none`}>
        Messages
      </h2>
      {threadId !== null ? (
        <ThreadView
          threadId={threadId}
          box={box}
          onBack={closeThread}
          onChanged={() => {
            void inbox.reload();
            void sent.reload();
          }}
        />
      ) : (
        <div className="mt-4 space-y-8">
          {isProvider ? <ThreadList box="inbox" threads={inbox} /> : null}
          <ThreadList box="sent" threads={sent} />
        </div>
      )}
    </section>
  );
}

function ThreadList({ box, threads }: { box: MessageBox; threads: ReturnType<typeof useThreads> }) {
  const text = BOX_TEXT[box];
  const headingId = `messages-${box}`;
  const { threads: items, error, isLoading, unreadThreads, hasMore, isLoadingMore, loadMore, reload } = threads;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-lg font-semibold text-gray-900">
        {text.title}
        {unreadThreads > 0 ? <span className="ml-2 rounded-full bg-blue-700 px-2 py-0.5 text-xs font-semibold text-white">{unreadThreads} unread</span> : null}
      </h3>
      {error !== undefined && !items ? (
        <div role="alert" className="mt-3 text-sm text-gray-800">
          <p>{text.failed}</p>
          <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={() => void reload()}>
            Try again
          </button>
        </div>
      ) : isLoading || !items ? (
        <div role="status" className="mt-3 space-y-2">
          <span className="sr-only">Loading messages…</span>
          {[0, 1].map((i) => (
            <div key={i} aria-hidden="true" className="h-16 animate-pulse rounded bg-gray-100" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">{text.empty}</p>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-gray-200 rounded-md border border-gray-200">
            {items.map((thread) => (
              <ThreadRow key={thread.id} box={box} thread={thread} />
            ))}
          </ul>
          {hasMore ? (
            <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={loadMore} disabled={isLoadingMore}>
              {isLoadingMore ? 'Loading…' : 'Show more'}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

function ThreadRow({ box, thread }: { box: MessageBox; thread: ThreadSummary }) {
  const unread = thread.unreadCount > 0;
  return (
    <li>
      <Link
        to={`/profile?box=${box}&thread=${thread.id}#messages`}
        className={`block px-4 py-3 hover:bg-gray-50 ${unread ? 'bg-blue-50' : ''}`}
      >
        <span className="flex flex-wrap items-baseline justify-between gap-2">
          <span className={`text-gray-900 ${unread ? 'font-semibold' : 'font-medium'}`}>
            {thread.counterpartName}
            <span className="text-gray-700"> · {thread.subject}</span>
          </span>
          <span className="text-xs text-gray-700">
            <time dateTime={thread.lastMessageAt}>{formatMessageDate(thread.lastMessageAt)}</time>
          </span>
        </span>
        <span className="mt-1 flex items-center justify-between gap-3 text-sm text-gray-700">
          <span className="line-clamp-1">
            {thread.isLastFromViewer ? 'You: ' : ''}
            {thread.lastMessagePreview}
          </span>
          {unread ? (
            <span className="shrink-0 rounded-full bg-blue-700 px-2 py-0.5 text-xs font-semibold text-white">{thread.unreadCount} unread</span>
          ) : (
            <span className="sr-only">Read</span>
          )}
        </span>
      </Link>
    </li>
  );
}

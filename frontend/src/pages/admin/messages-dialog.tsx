// What visitors sent the team through /contact (product rule 9): open ones first; 'Mark as handled'
// once answered (by e-mail, from the admin's own mailbox: the sender's address is a mailto link).
import { useState } from 'react';
import type { AdminContactMessage } from '../../../../core/admin';
import { markContactMessageHandled, refreshAdminData } from '../../api/admin-actions';
import { errorMessageFor } from '../../api/client';
import { showToast } from '../../components/toast';
import { linkClass, secondaryButtonClass } from '../../components/styles';
import { AdminDialog } from './admin-dialog';
import { formatDateTime } from './admin-format';
import { AdminList, useFocusList } from './admin-list';
import { Badge } from './admin-table';

export const FETCH_CONTACT_MESSAGES_FAILED = 'Failed to fetch contact messages';

const HANDLED_FILTER = {
  label: 'Show',
  param: 'handled',
  options: [
    { value: 'open', label: 'Not handled yet' },
    { value: 'handled', label: 'Handled' },
    { value: 'all', label: 'All' },
  ],
  initial: 'open',
} as const;

export function ContactMessagesDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <AdminDialog isOpen={isOpen} onClose={onClose} title="Contact messages" description="Sent to the team through the contact form. Answer by e-mail, then mark as handled.">
      <AdminList<AdminContactMessage>
        path="/api/admin/contact-messages"
        searchLabel="Search by name, e-mail or subject"
        filter={HANDLED_FILTER}
        failedText={FETCH_CONTACT_MESSAGES_FAILED}
        emptyText="No contact messages found."
      >
        {(messages) => (
          <ul className="space-y-4">
            {messages.map((message) => (
              <li key={message.id}>
                <ContactMessageCard message={message} />
              </li>
            ))}
          </ul>
        )}
      </AdminList>
    </AdminDialog>
  );
}

function ContactMessageCard({ message }: { message: AdminContactMessage }) {
  const [isBusy, setBusy] = useState(false);
  const focusList = useFocusList();
  const headingId = `contact-message-${message.id}`;

  async function markHandled() {
    setBusy(true);
    try {
      await markContactMessageHandled(message.id);
      showToast({ title: 'Marked as handled', description: `The message from ${message.name} is handled.` });
      focusList();
    } catch (error) {
      showToast({ title: 'Update failed', description: errorMessageFor(error, 'Failed to mark the message as handled.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
    await refreshAdminData();
  }

  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold break-words text-gray-900">
            {message.subject}
          </h3>
          <p className="text-sm text-gray-700">
            {message.name} ·{' '}
            <a href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`} className={`${linkClass} break-all`}>
              {message.email}
            </a>{' '}
            · {formatDateTime(message.createdAt)}
          </p>
        </div>
        {message.handledAt ? <Badge tone="green">Handled {formatDateTime(message.handledAt)}</Badge> : <Badge tone="amber">Not handled</Badge>}
      </div>
      <p className="mt-3 text-sm whitespace-pre-line break-words text-gray-900">{message.message}</p>
      {message.handledAt ? null : (
        <button type="button" className={`${secondaryButtonClass} mt-4`} disabled={isBusy} onClick={() => void markHandled()} aria-describedby={headingId}>
          {isBusy ? 'Saving…' : 'Mark as handled'}
        </button>
      )}
    </article>
  );
}

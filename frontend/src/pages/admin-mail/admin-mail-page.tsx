// /admin/mail (issue 4, item 5): the e-mails the worker wrote to its mail folder when no SMTP server
// is configured, for admins during development. Others get a polite 403; anonymous visitors /login.
// A message's HTML is shown in a sandboxed iframe (no scripts, no same-origin access).
import { Navigate, useSearchParams } from 'react-router-dom';
import { PAGES } from '../../../../core/pages';
import { isAdmin } from '../../api/current-user';
import { errorMessageFor } from '../../api/client';
import { useAdminMail, useAdminMailList, type MailSummary } from '../../api/use-admin-mail';
import { useCurrentUser } from '../../api/use-current-user';
import { MessagePage } from '../../components/message-page';
import { PageLoading } from '../../components/layout/page-loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { displayHeadingClass, pageWidthClass, sectionHeadingClass, smallButtonClass } from '../../components/styles';

function formatDate(date: string): string {
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });
}

export function AdminMailPage() {
  useDocumentTitle(PAGES.adminMail.title);
  const { user, isLoading } = useCurrentUser();
  if (isLoading && !user) return <PageLoading />;
  if (!user) return <Navigate to="/login" replace />;
  if (!isAdmin(user)) {
    return <MessagePage heading="Access denied" message="Sorry, this page is only available to administrators." />;
  }
  return <MailBrowser />;
}

function MailBrowser() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('file');
  const { mails, error, isLoading, reload } = useAdminMailList(true);

  return (
    <div className={`${pageWidthClass} py-12`}>
      <h1 className={displayHeadingClass}>Development e-mails</h1>
      <p className="mt-2 text-gray-700">
        Without an SMTP server the worker writes each e-mail to the mail folder instead of sending it. Newest first.
      </p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="mail-list">
          <div className="flex items-center justify-between">
            <h2 id="mail-list" className={sectionHeadingClass}>
              Messages
            </h2>
            <button
              type="button"
              onClick={() => void reload()}
              className={smallButtonClass}
            >
              Refresh
            </button>
          </div>
          {isLoading ? (
            <p role="status" className="mt-4 text-sm text-gray-700">
              Loading e-mails…
            </p>
          ) : error ? (
            <p role="alert" className="mt-4 text-sm text-red-700">
              {errorMessageFor(error, 'Failed to load the e-mails. Please try again.')}
            </p>
          ) : mails.length === 0 ? (
            <p className="mt-4 text-sm text-gray-700">No e-mails yet.</p>
          ) : (
            <ul className="mt-4 divide-y divide-gray-200 rounded-md border border-gray-200">
              {mails.map((mail) => (
                <MailRow
                  key={mail.file}
                  mail={mail}
                  isSelected={mail.file === selected}
                  onSelect={() => setParams({ file: mail.file })}
                />
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="mail-view">
          <h2 id="mail-view" className={sectionHeadingClass}>
            Message
          </h2>
          {selected ? <MailView file={selected} /> : <p className="mt-4 text-sm text-gray-700">Choose a message to read it.</p>}
        </section>
      </div>
    </div>
  );
}

function MailRow({ mail, isSelected, onSelect }: { mail: MailSummary; isSelected: boolean; onSelect: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={isSelected ? 'true' : undefined}
        className={`block w-full px-4 py-3 text-left hover:bg-gray-50 ${isSelected ? 'bg-blue-50' : ''}`}
      >
        <span className="block font-medium text-gray-900">{mail.subject || '(no subject)'}</span>
        <span className="block text-sm text-gray-700">To: {mail.to}</span>
        <span className="block text-sm text-gray-700">{formatDate(mail.date)}</span>
      </button>
    </li>
  );
}

function MailView({ file }: { file: string }) {
  const { mail, error, isLoading } = useAdminMail(file);
  if (isLoading) {
    return (
      <p role="status" className="mt-4 text-sm text-gray-700">
        Loading the message…
      </p>
    );
  }
  if (error || !mail) {
    return (
      <p role="alert" className="mt-4 text-sm text-red-700">
        {errorMessageFor(error, 'Failed to load the message.')}
      </p>
    );
  }
  return (
    <article className="mt-4 rounded-md border border-gray-200 p-4">
      <h3 className="text-lg font-semibold text-gray-900">{mail.subject || '(no subject)'}</h3>
      <p className="mt-1 text-sm text-gray-700">To: {mail.to}</p>
      <p className="text-sm text-gray-700">{formatDate(mail.date)}</p>
      {mail.html ? (
        <iframe
          title={`E-mail: ${mail.subject || 'no subject'}`}
          sandbox=""
          srcDoc={mail.html}
          className="mt-4 h-[32rem] w-full rounded border border-gray-200 bg-white"
        />
      ) : null}
      <details className="mt-4" open={!mail.html}>
        <summary className="cursor-pointer text-sm font-medium text-gray-800">Plain text</summary>
        <pre className="mt-2 overflow-x-auto text-sm break-words whitespace-pre-wrap text-gray-900" data-testid="mail-text">
          {mail.text}
        </pre>
      </details>
    </article>
  );
}

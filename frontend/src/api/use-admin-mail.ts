// Development e-mails (issue 4, item 5): without SMTP_URL the worker writes .eml files, and admins
// read them here (GET /api/admin/mail, GET /api/admin/mail/{file}).
import useSWR from 'swr';
import { getJson } from './client';

export interface MailSummary {
  file: string;
  to: string;
  subject: string;
  date: string;
}

export interface MailMessage extends MailSummary {
  text: string;
  html: string | null;
}

export const ADMIN_MAIL_KEY = '/api/admin/mail';

export function mailPath(file: string): string {
  return `${ADMIN_MAIL_KEY}/${encodeURIComponent(file)}`;
}

export function useAdminMailList(enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR(enabled ? ADMIN_MAIL_KEY : null, (path: string) =>
    getJson<MailSummary[] | { mails?: MailSummary[]; items?: MailSummary[] }>(path),
  );
  return { mails: mailList(data), error: error as unknown, isLoading, reload: () => mutate() };
}

export function useAdminMail(file: string | null) {
  const { data, error, isLoading } = useSWR<MailMessage | null>(file ? mailPath(file) : null, (path: string) =>
    getJson<MailMessage>(path),
  );
  return { mail: data ?? null, error: error as unknown, isLoading };
}

/** The list as an array, newest first, whether the API sends an array or `{ mails }`. */
export function mailList(data: MailSummary[] | { mails?: MailSummary[]; items?: MailSummary[] } | null | undefined): MailSummary[] {
  const list = Array.isArray(data) ? data : (data?.mails ?? data?.items ?? []);
  return [...list].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}

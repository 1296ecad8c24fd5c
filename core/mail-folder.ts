// The development mail folder (docs/architecture.md, Integrations): without SMTP_URL the worker writes each e-mail
// as `<epoch ms>-<job id>.eml` plus a `.json` summary beside it, and the admin-only
// /api/admin/mail lists them. Shared so the writer (worker) and the reader (API) agree.

export const MAIL_FILE_PATTERN = /^\d{13}-[A-Za-z0-9_-]{1,160}\.eml$/;

export function mailFileName(sentAt: Date, jobId: string): string {
  return `${sentAt.getTime()}-${jobId.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 160)}.eml`;
}

export function summaryFileName(emlFile: string): string {
  return emlFile.replace(/\.eml$/, '.json');
}

/** What the .json beside each .eml holds. */
export interface MailSummary {
  file: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  html: string;
}

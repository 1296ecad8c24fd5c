// Reads the development mail folder (MAIL_DIR, written by the worker's send-email job when no
// SMTP_URL is set) for the admin-only mail page. File names are checked against a strict pattern
// before any path is built, so a request cannot reach outside the folder.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MAIL_FILE_PATTERN, summaryFileName, type MailSummary } from '../../../../core/mail-folder';
import { AppError } from '../app-error';

export type MailListItem = Pick<MailSummary, 'file' | 'to' | 'subject' | 'date'>;

async function readSummary(mailDir: string, file: string): Promise<MailSummary | null> {
  try {
    return JSON.parse(await readFile(path.join(mailDir, summaryFileName(file)), 'utf8')) as MailSummary;
  } catch {
    return null;
  }
}

/** Newest first. */
export async function listMail({ mailDir, limit = 200 }: { mailDir: string; limit?: number }): Promise<MailListItem[]> {
  let names: string[];
  try {
    names = await readdir(mailDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const files = names.filter((name) => MAIL_FILE_PATTERN.test(name)).sort().reverse().slice(0, limit);
  return Promise.all(
    files.map(async (file) => {
      const summary = await readSummary(mailDir, file);
      return {
        file,
        to: summary?.to ?? '',
        subject: summary?.subject ?? '(no summary)',
        date: summary?.date ?? new Date(Number(file.slice(0, 13))).toISOString(),
      };
    }),
  );
}

export async function readMail({ mailDir, file }: { mailDir: string; file: string }): Promise<MailSummary & { raw: string }> {
  if (!MAIL_FILE_PATTERN.test(file)) throw new AppError('not_found', 'No such e-mail.');
  let raw: string;
  try {
    raw = await readFile(path.join(mailDir, file), 'utf8');
  } catch {
    throw new AppError('not_found', 'No such e-mail.');
  }
  const summary = await readSummary(mailDir, file);
  return {
    file,
    to: summary?.to ?? '',
    subject: summary?.subject ?? '',
    date: summary?.date ?? '',
    text: summary?.text ?? '',
    html: summary?.html ?? '',
    raw,
  };
}

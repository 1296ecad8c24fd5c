// The mail seam (docs/architecture.md, Integrations): nodemailer over SMTP_URL in production; without it each
// message is built by nodemailer exactly as it would be sent and written to MAIL_DIR as
// `<epoch ms>-<job id>.eml`, with a .json summary beside it for the admin mail page.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { WorkerEnv } from '../../../core/env-schema';
import { mailFileName, summaryFileName, type MailSummary } from '../../../core/mail-folder';
import type { RenderedEmail } from './templates/layout';

export interface OutgoingEmail extends RenderedEmail {
  to: string;
  /** Names the .eml file and becomes part of the Message-ID, so a resend is recognisable. */
  jobId: string;
}

export type SendResult = { via: 'smtp'; messageId: string } | { via: 'folder'; file: string };

export interface Mailer {
  send(email: OutgoingEmail): Promise<SendResult>;
}

async function writeAtomically(file: string, content: string | Buffer): Promise<void> {
  const temp = `${file}.tmp`;
  await writeFile(temp, content);
  await rename(temp, file);
}

export function createMailer(env: Pick<WorkerEnv, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_DIR'>): Mailer {
  const from = env.MAIL_FROM;
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    return {
      async send({ to, subject, text, html }) {
        const info = await transport.sendMail({ from, to, subject, text, html });
        return { via: 'smtp', messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text, html, jobId }) {
      const info = await transport.sendMail({ from, to, subject, text, html });
      const sentAt = new Date();
      const file = mailFileName(sentAt, jobId);
      await mkdir(env.MAIL_DIR, { recursive: true });
      const summary: MailSummary = { file, to, subject, date: sentAt.toISOString(), text, html };
      // The summary first: the folder reader lists .eml files, which then always have one.
      await writeAtomically(path.join(env.MAIL_DIR, summaryFileName(file)), `${JSON.stringify(summary, null, 2)}\n`);
      await writeAtomically(path.join(env.MAIL_DIR, file), info.message as Buffer);
      return { via: 'folder', file };
    },
  };
}

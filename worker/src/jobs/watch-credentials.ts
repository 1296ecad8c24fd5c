// watch-credentials (core/jobs.ts): the daily run over credentials (issue 34, product rule 45),
// added by the worker's job scheduler at 00:05 UK time (worker/src/schedules.ts): expiry reminders
// and removals for today's UK date (credentials/watch-credentials.ts), then the evidence files'
// retention (credentials/evidence-retention.ts). Idempotent: a second run the same day does nothing.
import { ukIsoDate } from '../../../core/credentials';
import { createEvidenceStorage } from '../../../core/evidence-storage.server';
import { JOBS } from '../../../core/jobs';
import { deleteExpiredEvidence } from '../credentials/evidence-retention';
import { watchCredentials } from '../credentials/watch-credentials';
import { defineJobHandler, type JobContext } from './job-handler';

export async function watchCredentialsJob(_payload: unknown, ctx: JobContext) {
  const now = new Date();
  const watched = await watchCredentials({ prisma: ctx.prisma, logger: ctx.logger, publicUrl: ctx.env.PUBLIC_URL, sendEmail: ctx.sendEmail, now }, ukIsoDate(now.getTime()));
  const retention = await deleteExpiredEvidence({ prisma: ctx.prisma, storage: createEvidenceStorage(ctx.env), logger: ctx.logger, now });
  return { ...watched, ...retention };
}

export const watchCredentialsHandler = defineJobHandler(JOBS.watchCredentials, watchCredentialsJob);

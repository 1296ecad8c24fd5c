// anonymise-archived-accounts (core/jobs.ts): the daily data-retention run (product rule 14), added
// by the worker's job scheduler (worker/src/schedules.ts). worker/src/retention/ does the work;
// running it again, or twice at once, anonymises nothing twice.
import { JOBS } from '../../../core/jobs';
import { anonymiseArchivedAccounts } from '../retention/anonymise-archived-accounts';
import { defineJobHandler, type JobContext } from './job-handler';

export async function anonymiseArchivedAccountsJob(_payload: unknown, ctx: JobContext): Promise<{ count: number }> {
  const { count } = await anonymiseArchivedAccounts({ prisma: ctx.prisma, logger: ctx.logger });
  return { count };
}

export const anonymiseArchivedAccountsHandler = defineJobHandler(JOBS.anonymiseArchivedAccounts, anonymiseArchivedAccountsJob);

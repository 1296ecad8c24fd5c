// Stores one error report from the SPA (product rule 37) in its group of (message, release,
// source): a new group is inserted with the report's stack as its sample; a known one counts the
// report and remembers when and on which page it last happened. One statement, so reports arriving
// together count once each. Beyond CLIENT_ERROR_GROUPS_KEPT groups the least recently seen are
// deleted: a flood of distinct messages replaces old groups instead of filling the disk.
import { CLIENT_ERROR_GROUPS_KEPT } from '../../../../core/client-error-limits';
import type { ClientErrorInput } from '../../../../core/client-errors';
import type { PrismaClient } from '../../../../prisma/db';

/** Where count stops (PostgreSQL's integer). */
const COUNT_MAX = 2_147_483_647;

export async function recordClientError(
  { prisma, groupsKept = CLIENT_ERROR_GROUPS_KEPT }: { prisma: PrismaClient; groupsKept?: number },
  report: ClientErrorInput,
): Promise<{ isNewGroup: boolean }> {
  const [row] = await prisma.$queryRaw<{ is_new: boolean }[]>`
    INSERT INTO client_errors (message, release, source, last_page, stack)
    VALUES (${report.message}, ${report.release}, ${report.source}, ${report.page}, ${report.stack})
    ON CONFLICT (message, release, source) DO UPDATE SET
      count = LEAST(client_errors.count::bigint + 1, ${COUNT_MAX})::integer,
      last_seen = now(),
      last_page = EXCLUDED.last_page
    RETURNING (xmax = 0) AS is_new`;
  const isNewGroup = row?.is_new ?? false;
  if (isNewGroup) {
    await prisma.$executeRaw`
      DELETE FROM client_errors WHERE id IN (
        SELECT id FROM client_errors ORDER BY last_seen DESC, id DESC OFFSET ${groupsKept}
      )`;
  }
  return { isNewGroup };
}

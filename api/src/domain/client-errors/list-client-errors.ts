// The admin dashboard's 'Reported errors' (product rule 37): the groups of front-end error reports,
// the most recently seen first, without their sample stacks (read in the database when needed).
import { CLIENT_ERROR_GROUPS_LISTED, type ClientErrorGroup } from '../../../../core/client-errors';
import type { ClientErrorSource } from '../../../../core/client-error-limits';
import type { PrismaClient } from '../../../../prisma/db';

export async function listClientErrors({ prisma }: { prisma: PrismaClient }): Promise<ClientErrorGroup[]> {
  const rows = await prisma.clientError.findMany({
    orderBy: [{ lastSeen: 'desc' }, { id: 'desc' }],
    take: CLIENT_ERROR_GROUPS_LISTED,
    select: { id: true, message: true, source: true, release: true, count: true, firstSeen: true, lastSeen: true, lastPage: true },
  });
  return rows.map((row) => ({
    id: row.id,
    message: row.message,
    // The table's CHECK constraint holds it to these.
    source: row.source as ClientErrorSource,
    release: row.release,
    count: row.count,
    firstSeen: row.firstSeen.toISOString(),
    lastSeen: row.lastSeen.toISOString(),
    lastPage: row.lastPage,
  }));
}

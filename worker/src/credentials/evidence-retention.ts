// Evidence files' retention (product rule 45, decision 0041, core/retention.ts), run by the daily
// watch-credentials job. A file (its stored bytes, then its row) is deleted when:
//   - it was never attached to a submission, EVIDENCE_UNATTACHED_DAYS after its upload;
//   - its credential was rejected or withdrawn EVIDENCE_AFTER_DECISION_DAYS ago;
//   - its credential expired EVIDENCE_AFTER_EXPIRY_DAYS ago;
//   - its listing is gone (professional_id null) or its owner's account was anonymised: at once.
// Bytes first, row second: a run that stops half-way leaves a row whose file is gone, which the
// next run deletes again (deleting a missing file is no error). Two runs at once delete the same
// rows; deleteMany of a row already gone is no error either. One audit row per run that deleted.
import type { Logger } from 'pino';
import { CREDENTIAL_AUDIT_ACTIONS } from '../../../core/credentials';
import type { EvidenceStorage } from '../../../core/evidence-storage.server';
import { EVIDENCE_AFTER_DECISION_DAYS, EVIDENCE_AFTER_EXPIRY_DAYS, EVIDENCE_UNATTACHED_DAYS } from '../../../core/retention';
import type { PrismaClient } from '../../../prisma/db';

const DAY_MS = 24 * 3600 * 1000;
const BATCH = 200;

/** The names of the files due for deletion at `now`, at most `limit`. */
export async function evidenceDue(prisma: PrismaClient, now: Date, limit = BATCH): Promise<string[]> {
  const unattachedBefore = new Date(now.getTime() - EVIDENCE_UNATTACHED_DAYS * DAY_MS);
  const decidedBefore = new Date(now.getTime() - EVIDENCE_AFTER_DECISION_DAYS * DAY_MS);
  const expiredBefore = new Date(now.getTime() - EVIDENCE_AFTER_EXPIRY_DAYS * DAY_MS);
  const rows = await prisma.$queryRaw<{ name: string }[]>`
    SELECT e.name
      FROM evidence_files e
      LEFT JOIN credentials c ON c.id = e.credential_id
     WHERE e.professional_id IS NULL
        OR EXISTS (SELECT 1 FROM users u WHERE u.professional_id = e.professional_id AND u.anonymised_at IS NOT NULL)
        OR (e.credential_id IS NULL AND e.uploaded_at < ${unattachedBefore})
        OR (c.status = 'rejected' AND c.reviewed_at < ${decidedBefore})
        OR (c.status = 'withdrawn' AND c.ended_at < ${decidedBefore})
        OR (c.status = 'expired' AND COALESCE(c.expires_on::timestamptz, c.ended_at) < ${expiredBefore})
     ORDER BY e.uploaded_at, e.name
     LIMIT ${limit}`;
  return rows.map((row) => row.name);
}

export async function deleteExpiredEvidence({ prisma, storage, logger, now = new Date() }: { prisma: PrismaClient; storage: EvidenceStorage; logger: Logger; now?: Date }): Promise<{ deleted: number }> {
  let deleted = 0;
  for (;;) {
    const names = await evidenceDue(prisma, now);
    if (names.length === 0) break;
    for (const name of names) {
      await storage.delete(name);
      const { count } = await prisma.evidenceFile.deleteMany({ where: { name } });
      deleted += count;
    }
    if (names.length < BATCH) break;
  }
  if (deleted > 0) {
    await prisma.auditLog.create({
      data: {
        actorId: null,
        action: CREDENTIAL_AUDIT_ACTIONS.evidenceDeleted,
        targetType: 'evidence_files',
        targetId: null,
        details: { summary: `Deleted ${deleted} evidence ${deleted === 1 ? 'file' : 'files'} on the retention schedule`, count: deleted },
      },
    });
  }
  logger.info({ deleted }, 'evidence retention');
  return { deleted };
}

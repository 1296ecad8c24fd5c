// Image files are shared by reference (decisions/0028). Names are content-hashed, so two listings
// that upload the same bytes share the same files; the table media_references (kept by triggers
// on professionals.media, in the same transaction) says which listings name which key. A key's
// files may be deleted only when no row names it, and an upload must never lose its files to a
// deletion running at the same time, in this process or another. Both take the key's advisory
// lock (transaction-scoped, so a crash or rollback frees it):
//   - a change that names a key takes it shared, then writes the files, then commits the row:
//     uploads of the same bytes never wait for each other;
//   - deleting takes it exclusive, after the change that dropped the key has committed, then
//     checks for rows and deletes the files while still holding it.
// So an upload either wrote its files after a deletion finished, or committed its row before the
// deletion looked, and then the deletion sees the row and leaves the files.
import type { Prisma, PrismaClient } from '../../../../prisma/db';
import type { MediaStorage } from './media-storage';

/** Long enough for a bucket's PUTs or DELETEs and a wait for the key's lock; the default 5 s is not. */
export const MEDIA_TRANSACTION = { timeout: 30_000 } as const;

/** Called inside the transaction that will name `key`, before its files are written. */
export async function lockKeyForUse(tx: Prisma.TransactionClient, key: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(hashtext(${`media:${key}`}))`;
}

/**
 * Deletes a key's files when nothing names it any more; true when it did. Call it after the change
 * that stopped naming the key has committed. A file that fails to go is left (it costs a little
 * space and is never served to anyone); that never fails the caller.
 */
export async function deleteFilesIfUnused(
  { prisma, storage }: { prisma: PrismaClient; storage: MediaStorage },
  key: string,
  fileNames: readonly string[],
): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`media:${key}`}))`;
    const used = await tx.mediaReference.findFirst({ where: { key }, select: { key: true } });
    if (used) return false;
    // Still holding the lock: no upload of this key can write its files until these are gone.
    await Promise.all(fileNames.map((name) => storage.delete(name).catch(() => undefined)));
    return true;
  }, MEDIA_TRANSACTION);
}

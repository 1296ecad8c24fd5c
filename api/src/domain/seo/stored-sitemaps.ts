// The sitemaps as the worker's build-sitemaps job stored them (sitemap_files, decision 0039): the
// API never builds one, it reads the file a request names. Each request asks PostgreSQL for the
// file's hash once (a few bytes); the text, and its gzip, are kept in this process per file until
// the hash changes, so a crawler reading 50,000-address files again costs no reads of their text.
import { SITEMAP_INDEX_FILE } from '../../../../core/sitemaps';
import type { PrismaClient } from '../../../../prisma/db';
import { gzipBody } from '../../gzip';

export interface StoredSitemap {
  name: string;
  xml: string;
  /** SHA-256 of xml: the ETag. */
  sha256: string;
  /** When its text last changed: Last-Modified. */
  modifiedAt: Date;
  gzip(): Promise<Buffer>;
}

/** A stored file's hash and the time its text last changed. */
export interface SitemapVersion {
  sha256: string;
  modifiedAt: Date;
}

export interface StoredSitemaps {
  /** The file's version without its text (a conditional request needs no more); 'missing' when the set has no such file, 'not-built' when no set is stored yet. */
  version(name: string): Promise<SitemapVersion | 'missing' | 'not-built'>;
  /** The file at `current` (what version() just answered): kept text when it is that version, else read; 'missing' when a new set dropped it since. */
  read(name: string, current: SitemapVersion): Promise<StoredSitemap | 'missing'>;
}

/** Kept text beyond this many characters is dropped (100,000 listings make about 15 million). */
const MAX_KEPT_CHARS = 64 * 1024 * 1024;

export function storedSitemaps(prisma: Pick<PrismaClient, 'sitemapFile'>): StoredSitemaps {
  const kept = new Map<string, StoredSitemap>();
  let keptChars = 0;

  async function version(name: string): Promise<SitemapVersion | 'missing' | 'not-built'> {
    const rows = await prisma.sitemapFile.findMany({
      where: { name: { in: [name, SITEMAP_INDEX_FILE] } },
      select: { name: true, sha256: true, modifiedAt: true },
    });
    const row = rows.find((r) => r.name === name);
    if (row) return { sha256: row.sha256, modifiedAt: row.modifiedAt };
    return rows.length === 0 ? 'not-built' : 'missing';
  }

  function keep(file: Omit<StoredSitemap, 'gzip'>): StoredSitemap {
    let gzipped: Promise<Buffer> | undefined;
    const entry: StoredSitemap = { ...file, gzip: () => (gzipped ??= gzipBody(file.xml)) };
    const old = kept.get(file.name);
    if (old) keptChars -= old.xml.length;
    if (keptChars + file.xml.length > MAX_KEPT_CHARS) {
      kept.clear();
      keptChars = 0;
    }
    kept.set(file.name, entry);
    keptChars += file.xml.length;
    return entry;
  }

  return {
    version,
    async read(name, current) {
      const cached = kept.get(name);
      if (cached?.sha256 === current.sha256) return cached;
      const row = await prisma.sitemapFile.findUnique({ where: { name }, select: { name: true, xml: true, sha256: true, modifiedAt: true } });
      // Deleted between the two reads: a new set without it was just stored.
      return row ? keep(row) : 'missing';
    },
  };
}

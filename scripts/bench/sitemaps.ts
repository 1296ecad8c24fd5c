// The `sitemaps` part of `npm run bench` (issue 33 item 4, decision 0039): the worker's
// build-sitemaps over the bench's 100,000 live listings, timed twice in this process against the
// bench database: cold (sitemap_files emptied first, so every file is written) and again over the
// same data (every file read, built and found unchanged: what a rebuild after a change costs).
// The budget, SITEMAP_BUILD_MAX_MS, is for the cold build: "the full set is built in seconds".
import { createPrisma } from '../../prisma/db';
import { buildSitemaps, type BuildSitemapsResult } from '../../worker/src/jobs/build-sitemaps';

export interface SitemapBuildFigures {
  coldMs: number;
  rebuildMs: number;
  /** The JavaScript heap in use just after the cold build (garbage included), MB. */
  heapMb: number;
  result: BuildSitemapsResult;
}

export async function measureSitemapBuild({ databaseUrl, publicUrl = 'https://itconnect.example' }: { databaseUrl: string; publicUrl?: string }): Promise<SitemapBuildFigures> {
  const prisma = createPrisma(databaseUrl, { max: 4 });
  try {
    await prisma.sitemapFile.deleteMany();
    let started = performance.now();
    const result = await buildSitemaps({ prisma, publicUrl });
    const coldMs = Math.round(performance.now() - started);
    const heapMb = Math.round(process.memoryUsage().heapUsed / 2 ** 20);
    started = performance.now();
    const again = await buildSitemaps({ prisma, publicUrl });
    const rebuildMs = Math.round(performance.now() - started);
    if (again.written !== 0) throw new Error(`a second build over the same data wrote ${again.written} files`);
    return { coldMs, rebuildMs, heapMb, result };
  } finally {
    await prisma.$disconnect();
  }
}

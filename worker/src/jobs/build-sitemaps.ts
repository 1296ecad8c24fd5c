// build-sitemaps (issue 33 item 4, decision 0039): the whole set of sitemaps, laid out as
// core/sitemaps.ts says, from the live listings, stored in sitemap_files so the API only reads.
// One pass over the live listings in id order, a batch at a time (memory holds one file being
// written and a count per service and place, never every listing): each listing's profile
// address, its region, and the service-and-place pages it counts towards (core/service-places.ts
// isInPlace, the directory's location rule). A page is listed once SERVICE_PLACE_INDEX_MIN_LISTINGS
// listings count, with the newest of their changes as its lastmod.
// All of it in one transaction under an advisory lock, so readers see the old set or the new one
// and two builds never interleave. A file whose text is unchanged is not written again and keeps
// its modified time, which is what the index gives as the file's <lastmod>: a second build over
// the same data changes nothing.
import { createHash } from 'node:crypto';
import { JOBS } from '../../../core/jobs';
import { UK_LOCATIONS } from '../../../core/locations';
import { PAGE_IDS, PAGES } from '../../../core/pages';
import { isInPlace, SERVICE_PLACE_INDEX_MIN_LISTINGS, servicePlacePath } from '../../../core/service-places';
import { SERVICES } from '../../../core/services';
import {
  escapeXml,
  LIVE_LISTING,
  profilePath,
  regionPath,
  siteOrigin,
  SITEMAP_INDEX_FILE,
  SITEMAP_MAX_URLS,
  sitemapFileName,
  type SitemapSection,
} from '../../../core/sitemaps';
import type { Prisma, PrismaClient } from '../../../prisma/db';
import { defineJobHandler } from './job-handler';

/** pg_advisory_xact_lock's key for a build ('sitemaps' in ASCII). */
const BUILD_LOCK = 0x736974656d617073n;
/** A build holds its transaction this long at most (100,000 listings take seconds). */
const BUILD_TIMEOUT_MS = 10 * 60_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

export interface BuildSitemapsOptions {
  prisma: PrismaClient;
  publicUrl: string;
  /** Addresses per profiles or services file (the protocol's 50,000); tests lower it to see several files. */
  maxUrls?: number;
  /** Listings read per query. */
  batchSize?: number;
}

export interface BuildSitemapsResult {
  /** Files in the set, the index included. */
  files: number;
  /** Addresses in the children. */
  urls: number;
  profiles: number;
  servicePlaces: number;
  /** Files whose text changed (written), and files of the last set no longer in it (deleted). */
  written: number;
  removed: number;
}

type Tx = Prisma.TransactionClient;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

function urlLine(origin: string, path: string, lastmod?: Date): string {
  const loc = `<loc>${escapeXml(`${origin}${path}`)}</loc>`;
  return `  <url>${loc}${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
}

/** The set being written: each file stored unless its text is what is stored already. */
class SitemapSet {
  private readonly seen = new Set<string>();
  /** Each child's name and the time its text last changed, in the index's order. */
  readonly children: { name: string; modifiedAt: Date }[] = [];
  written = 0;
  urls = 0;

  constructor(
    private readonly tx: Tx,
    private readonly stored: Map<string, { sha256: string; modifiedAt: Date }>,
    private readonly now: Date,
  ) {}

  async store(name: string, xml: string, urlCount: number): Promise<Date> {
    if (this.seen.has(name)) throw new Error(`sitemap ${name} written twice`);
    this.seen.add(name);
    const hash = sha256(xml);
    const old = this.stored.get(name);
    if (old?.sha256 === hash) return old.modifiedAt;
    // One statement (Prisma's upsert reads first), the text passed once.
    await this.tx.$executeRaw`
      INSERT INTO sitemap_files (name, xml, url_count, sha256, modified_at) VALUES (${name}, ${xml}, ${urlCount}::int, ${hash}, ${this.now})
      ON CONFLICT (name) DO UPDATE SET xml = EXCLUDED.xml, url_count = EXCLUDED.url_count, sha256 = EXCLUDED.sha256, modified_at = EXCLUDED.modified_at`;
    this.written += 1;
    return this.now;
  }

  async storeChild(name: string, lines: string[]): Promise<void> {
    const modifiedAt = await this.store(name, `${XML_HEAD}<urlset ${NS}>\n${lines.join('\n')}\n</urlset>\n`, lines.length);
    this.children.push({ name, modifiedAt });
    this.urls += lines.length;
  }

  /** Deletes what the last build stored and this one did not; returns how many. */
  async removeTheRest(): Promise<number> {
    const gone = [...this.stored.keys()].filter((name) => !this.seen.has(name));
    if (gone.length > 0) await this.tx.sitemapFile.deleteMany({ where: { name: { in: gone } } });
    return gone.length;
  }
}

/** One section's files: lines go in as they come, a file is stored each time maxUrls are in. */
class SectionWriter {
  private lines: string[] = [];
  private part = 0;

  constructor(
    private readonly set: SitemapSet,
    private readonly section: SitemapSection,
    private readonly maxUrls: number,
  ) {}

  async add(line: string): Promise<void> {
    this.lines.push(line);
    if (this.lines.length >= this.maxUrls) await this.flush();
  }

  /** Stores what is left (an empty file is never stored: a urlset needs one url). */
  async end(): Promise<void> {
    if (this.lines.length > 0) await this.flush();
  }

  private async flush(): Promise<void> {
    this.part += 1;
    if (this.section === 'pages' && this.part > 1) throw new Error('the fixed pages and regions do not fit one sitemap');
    const lines = this.lines;
    this.lines = [];
    await this.set.storeChild(sitemapFileName(this.section, this.part), lines);
  }
}

/** Per service and place: how many live listings count towards its page, and the newest change among them. */
class ServicePlaceCounts {
  readonly counts = new Uint32Array(SERVICES.length * UK_LOCATIONS.length);
  readonly newest = new Float64Array(SERVICES.length * UK_LOCATIONS.length);
  private readonly serviceIndex = new Map<string, number>(SERVICES.map((service, i) => [service, i]));
  private readonly places: number[] = [];
  private readonly services: number[] = [];

  add(listing: { region: string; lat: number | null; lng: number | null; services: string[]; updatedAt: Date }): void {
    const services = this.services;
    services.length = 0;
    for (const name of listing.services) {
      const s = this.serviceIndex.get(name);
      if (s !== undefined && !services.includes(s)) services.push(s);
    }
    if (services.length === 0) return;
    const places = this.places;
    places.length = 0;
    for (let p = 0; p < UK_LOCATIONS.length; p++) if (isInPlace(UK_LOCATIONS[p]!, listing)) places.push(p);
    const changed = listing.updatedAt.getTime();
    for (const s of services) {
      for (const p of places) {
        const k = s * UK_LOCATIONS.length + p;
        this.counts[k]! += 1;
        if (changed > this.newest[k]!) this.newest[k] = changed;
      }
    }
  }
}

interface ListingRow {
  id: number;
  slug: string;
  updatedAt: Date;
  region: string;
  lat: number | null;
  lng: number | null;
  services: string[];
}

/**
 * The live listings (core/sitemaps.ts LIVE_LISTING, its values as parameters) in id order, a batch
 * at a time (keyset on the primary key). Raw SQL: Prisma's findMany took 2.5 times as long to
 * bring back 100,000 rows.
 */
async function* liveListings(db: Pick<Tx, '$queryRaw'>, batchSize: number): AsyncGenerator<ListingRow[]> {
  for (let after = 0; ; ) {
    const rows = await db.$queryRaw<ListingRow[]>`
      SELECT id, slug, updated_at AS "updatedAt", region, lat, lng, services FROM professionals
      WHERE is_approved = ${LIVE_LISTING.isApproved} AND subscription_status = ${LIVE_LISTING.subscriptionStatus}::"SubscriptionStatus" AND id > ${after}::int
      ORDER BY id LIMIT ${batchSize}::int`;
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    after = rows.at(-1)!.id;
  }
}

/**
 * Every service-and-place page with live listings, as the build counts them: its path, its count
 * and its newest change. Tests hold these counts to the API's (tests/integration/sitemaps.int.test.ts).
 */
export async function countServicePlaces(prisma: Pick<PrismaClient, '$queryRaw'>, batchSize = 5000): Promise<Map<string, { count: number; lastmod: Date }>> {
  const counts = new ServicePlaceCounts();
  for await (const rows of liveListings(prisma, batchSize)) for (const row of rows) counts.add(row);
  const pages = new Map<string, { count: number; lastmod: Date }>();
  for (let s = 0; s < SERVICES.length; s++) {
    for (let p = 0; p < UK_LOCATIONS.length; p++) {
      const k = s * UK_LOCATIONS.length + p;
      if (counts.counts[k]! > 0) pages.set(servicePlacePath(SERVICES[s]!, UK_LOCATIONS[p]!.name), { count: counts.counts[k]!, lastmod: new Date(counts.newest[k]!) });
    }
  }
  return pages;
}

export async function buildSitemaps({ prisma, publicUrl, maxUrls = SITEMAP_MAX_URLS, batchSize = 5000 }: BuildSitemapsOptions): Promise<BuildSitemapsResult> {
  if (!Number.isInteger(maxUrls) || maxUrls < 1 || maxUrls > SITEMAP_MAX_URLS) throw new Error(`maxUrls must be 1…${SITEMAP_MAX_URLS}`);
  const origin = siteOrigin(publicUrl);
  return prisma.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(${BUILD_LOCK}::bigint)`;
      const stored = new Map((await tx.sitemapFile.findMany({ select: { name: true, sha256: true, modifiedAt: true } })).map((f) => [f.name, f]));
      const set = new SitemapSet(tx, stored, new Date());

      // Profiles as they come; regions and service-and-place counts gathered on the way.
      const profiles = new SectionWriter(set, 'profiles', maxUrls);
      const regions = new Map<string, number>();
      const servicePlaces = new ServicePlaceCounts();
      let profileCount = 0;
      for await (const rows of liveListings(tx, batchSize)) {
        for (const row of rows) {
          await profiles.add(urlLine(origin, profilePath(row.slug), row.updatedAt));
          const changed = row.updatedAt.getTime();
          if (changed > (regions.get(row.region) ?? -Infinity)) regions.set(row.region, changed);
          servicePlaces.add(row);
        }
        profileCount += rows.length;
      }
      await profiles.end();

      // The fixed pages, then each region with live listings (its newest change as lastmod).
      // Bounded by the page registry and the places (a few hundred), so never split: the full limit.
      const pages = new SectionWriter(set, 'pages', SITEMAP_MAX_URLS);
      for (const id of PAGE_IDS) if (PAGES[id].isInSitemap) await pages.add(urlLine(origin, PAGES[id].path));
      for (const region of [...regions.keys()].sort()) await pages.add(urlLine(origin, regionPath(region), new Date(regions.get(region)!)));
      await pages.end();

      // The indexable service-and-place pages, by service then place (the lists' own orders).
      const services = new SectionWriter(set, 'services', maxUrls);
      let servicePlaceCount = 0;
      for (let s = 0; s < SERVICES.length; s++) {
        for (let p = 0; p < UK_LOCATIONS.length; p++) {
          const k = s * UK_LOCATIONS.length + p;
          if (servicePlaces.counts[k]! < SERVICE_PLACE_INDEX_MIN_LISTINGS) continue;
          await services.add(urlLine(origin, servicePlacePath(SERVICES[s]!, UK_LOCATIONS[p]!.name), new Date(servicePlaces.newest[k]!)));
          servicePlaceCount += 1;
        }
      }
      await services.end();

      // The index last: pages, services, profiles, each with the time its text last changed.
      const order: Record<string, number> = { pages: 0, services: 1, profiles: 2 };
      const rank = (name: string) => order[/^sitemaps\/([a-z]+)/.exec(name)![1]!]!;
      const children = [...set.children].sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name, 'en', { numeric: true }));
      if (children.length > SITEMAP_MAX_URLS) throw new Error('more sitemaps than one index may list');
      const items = children.map(({ name, modifiedAt }) => `  <sitemap><loc>${escapeXml(`${origin}/${name}`)}</loc><lastmod>${modifiedAt.toISOString()}</lastmod></sitemap>`);
      await set.store(SITEMAP_INDEX_FILE, `${XML_HEAD}<sitemapindex ${NS}>\n${items.join('\n')}\n</sitemapindex>\n`, children.length);
      const removed = await set.removeTheRest();

      return {
        files: children.length + 1,
        urls: set.urls,
        profiles: profileCount,
        servicePlaces: servicePlaceCount,
        written: set.written,
        removed,
      };
    },
    { timeout: BUILD_TIMEOUT_MS, maxWait: 30_000 },
  );
}

export const buildSitemapsHandler = defineJobHandler(JOBS.buildSitemaps, async (_payload, { prisma, env }) =>
  buildSitemaps({ prisma, publicUrl: env.PUBLIC_URL }),
);

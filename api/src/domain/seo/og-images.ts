// The preview images' store (decision 0040): each card's PNG, drawn once per API process and kept
// under its version (og-card.ts: the hash of exactly what is drawn), so it never goes stale and is
// never forgotten for a change: a change makes a new card with a new version, and the old entry
// ages out of the LRU. Kept in a budget of its own, not the directory's answer cache: that cache
// forgets on changes (pointless for content-addressed entries) and a crawler's sweep of images
// would push out the answers visitors need. Not in Redis: a render costs tens of milliseconds, and
// every live listing's image there would be tens of megabytes beside the sessions and queues.
//
// Drawing is bounded (docs/security.md): at most OG_RENDERS_AT_ONCE draw at a time per process,
// at most OG_RENDERS_WAITING wait, and a request beyond that is refused at once with 503 and
// Retry-After (a crawler is told to come back; visitors' pages never wait for an image). Requests
// for one version at the same time share one drawing.
import { LRUCache } from 'lru-cache';
import { LOGO_LARGE, mediaFileName } from '../../../../core/media';
import { AppError } from '../app-error';
import type { MediaStorage } from '../media/media-storage';
import { ogCardVersion, type OgCard } from './og-card';
import { drawOgImage, logoDataUri } from './og-image';

export const OG_RENDERS_AT_ONCE = 2;
export const OG_RENDERS_WAITING = 16;
/** PNGs kept per process: about 20 KB each, so some 1,500 images. */
export const OG_CACHE_BYTES = 32 * 1024 * 1024;

export interface OgImage {
  version: string;
  png: Buffer;
}

export interface OgImages {
  /** The card's image, drawn now or kept from before; an AppError('unavailable') when too many are being drawn. */
  image(card: OgCard): Promise<OgImage>;
  /** Drawings done and refused, for tests and metrics. */
  readonly stats: { drawn: number; refused: number };
}

interface OgImagesOptions {
  storage: Pick<MediaStorage, 'get'>;
  /** A logo that cannot be read is drawn as initials, and said here. */
  onLogoError?: (error: unknown, key: string) => void;
  rendersAtOnce?: number;
  rendersWaiting?: number;
  cacheBytes?: number;
  draw?: typeof drawOgImage;
}

export function createOgImages({
  storage,
  onLogoError = () => undefined,
  rendersAtOnce = OG_RENDERS_AT_ONCE,
  rendersWaiting = OG_RENDERS_WAITING,
  cacheBytes = OG_CACHE_BYTES,
  draw = drawOgImage,
}: OgImagesOptions): OgImages {
  const kept = new LRUCache<string, Buffer>({ maxSize: cacheBytes, sizeCalculation: (png) => png.length });
  const drawing = new Map<string, Promise<Buffer>>();
  const queue: (() => void)[] = [];
  let running = 0;
  const stats = { drawn: 0, refused: 0 };

  const logo = async (key: string | null): Promise<string | null> => {
    if (!key) return null;
    try {
      const bytes = await storage.get(mediaFileName(key, LOGO_LARGE));
      if (!bytes) throw new Error('no such file');
      const uri = await logoDataUri(bytes);
      if (!uri) throw new Error('unreadable image');
      return uri;
    } catch (error) {
      onLogoError(error, key);
      return null;
    }
  };

  async function render(card: OgCard): Promise<Buffer> {
    if (running >= rendersAtOnce) {
      if (queue.length >= rendersWaiting) {
        stats.refused += 1;
        throw new AppError('unavailable', 'Too many preview images are being drawn. Please try again shortly.', { headers: { 'Retry-After': '5' } });
      }
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      running += 1;
    }
    // Here this drawing holds a slot: taken above, or handed over by the one that finished.
    try {
      const png = await draw(card, card.kind === 'profile' ? await logo(card.logoKey) : null);
      stats.drawn += 1;
      return png;
    } finally {
      const next = queue.shift();
      if (next) next();
      else running -= 1;
    }
  }

  return {
    stats,
    async image(card) {
      const version = ogCardVersion(card);
      const hit = kept.get(version);
      if (hit) return { version, png: hit };
      let pending = drawing.get(version);
      if (!pending) {
        pending = render(card).finally(() => drawing.delete(version));
        drawing.set(version, pending);
      }
      const png = await pending;
      kept.set(version, png);
      return { version, png };
    },
  };
}

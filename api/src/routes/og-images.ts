// Preview images outside /api (decision 0040), linked by the pages' og:image tags (seo.ts):
//   GET /og/professionals/{slug}.png   a live profile's card; 404 for an unknown or hidden one
//   GET /og/{service}/{place}.png      a service-and-place page's card; 404 while it has no page
// The data comes from the directory's cached answers, the same the page heads are written from,
// so the version in the head's ?v= is the version answered here. Any ?v= gets the current image:
// with the current version the address's bytes never change (cached for a year); without it or
// with an old one, browsers and previews keep it five minutes. ETag is the version. app.ts mounts
// this before the pages' heads; the general rate limit and the maintenance gate apply as to pages.
import type { Middleware } from 'koa';
import type { ProfessionalListItem } from '../../../core/directory';
import { readServicePlace, type ServicePlaceSummary } from '../../../core/service-places';
import { isStorableText } from '../../../core/text';
import type { AppDeps } from '../deps';
import { AppError } from '../domain/app-error';
import { createMediaStorage, type MediaStorage } from '../domain/media/media-storage';
import { ogCardVersion, profileOgCard, servicePlaceOgCard, type OgCard } from '../domain/seo/og-card';
import { createOgImages, type OgImages } from '../domain/seo/og-images';
import { IMMUTABLE_CACHE } from './media';

const PROFILE_IMAGE = /^\/og\/professionals\/([^/]+)\.png$/;
const SERVICE_PLACE_IMAGE = /^\/og\/([a-z0-9-]+)\/([a-z0-9-]+)\.png$/;
const CURRENT_ELSEWHERE_CACHE = 'public, max-age=300';

function decodeSlug(raw: string): string | null {
  try {
    const slug = decodeURIComponent(raw);
    return isStorableText(slug) ? slug : null;
  } catch {
    return null;
  }
}

export function ogImageRoutes(
  { env, logger, directoryAnswers }: Pick<AppDeps, 'env' | 'logger' | 'directoryAnswers'>,
  options: { storage?: MediaStorage; images?: OgImages } = {},
): Middleware {
  const images =
    options.images ??
    createOgImages({
      storage: options.storage ?? createMediaStorage(env),
      onLogoError: (err, key) => logger.warn({ err, key }, 'preview image: logo unreadable, drawn as initials'),
    });

  /** The card of the page this image address belongs to, or null when there is no such page. */
  async function cardAt(path: string): Promise<OgCard | null | undefined> {
    const profile = PROFILE_IMAGE.exec(path);
    if (profile) {
      const slug = decodeSlug(profile[1]!);
      const answer = slug === null ? null : await directoryAnswers.professional({ slug }, undefined);
      return answer && profileOgCard(JSON.parse(answer.json.toString('utf8')) as ProfessionalListItem);
    }
    const servicePlace = SERVICE_PLACE_IMAGE.exec(path);
    if (servicePlace) {
      const named = readServicePlace(servicePlace[1]!, servicePlace[2]!);
      const answer = named && (await directoryAnswers.servicePlace(named));
      return answer && servicePlaceOgCard(JSON.parse(answer.json.toString('utf8')) as ServicePlaceSummary);
    }
    return undefined;
  }

  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith('/og/')) return next();
    const card = await cardAt(ctx.path);
    if (card === undefined) return next();
    if (card === null) throw new AppError('not_found', 'There is no such page, so no preview image.');

    // The version is the card's hash: a client that has it is answered without drawing. Drawn
    // before any header is set, so a refusal (503) carries none of the image's cache headers.
    const version = ogCardVersion(card);
    const etag = `"og-${version}"`;
    const hasIt = ctx.get('If-None-Match').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
    const png = hasIt ? null : (await images.image(card)).png;
    ctx.set('Cache-Control', ctx.query.v === version ? IMMUTABLE_CACHE : CURRENT_ELSEWHERE_CACHE);
    ctx.set('ETag', etag);
    // Helmet's same-origin default would stop another site's page showing the preview.
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    if (!png) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'image/png';
    ctx.body = png;
  };
}

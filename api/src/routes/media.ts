// A listing's logo and photos (product rule 34, decisions/0009):
//   GET    /api/professionals/my-profile/media              the provider's ProfessionalMedia
//   PUT    /api/professionals/my-profile/media/logo[?alt=]  the image file's bytes as the body: add or replace the logo
//   PATCH  /api/professionals/my-profile/media/logo         { alt }
//   DELETE /api/professionals/my-profile/media/logo
//   POST   /api/professionals/my-profile/media/photos[?alt=] the image file's bytes: add a photo (at most 6)
//   PATCH  /api/professionals/my-profile/media/photos/:key  { alt }
//   DELETE /api/professionals/my-profile/media/photos/:key
//   GET    /api/media/:name                                 a stored file, cached for a year (content-hashed names)
// Uploads are raw bytes (json-body.ts lets these two paths through); the type is sniffed from the
// bytes, never taken from the file name or Content-Type. Only the provider of the listing may
// change it (the listing is the signed-in provider's own); every change spends MEDIA_LIMIT_PER_USER.
import type Router from '@koa/router';
import type { Context } from 'koa';
import { MAX_UPLOAD_BYTES, MEDIA_TEXTS } from '../../../core/media';
import { AltUpdate, MediaKey, UploadQuery } from '../../../core/media-input';
import { AppError } from '../domain/app-error';
import { deleteLogo, deletePhoto, getListingMedia, setLogoAlt, setPhotoAlt, uploadListingImage } from '../domain/media/listing-media';
import { createMediaStorage, type MediaStorage } from '../domain/media/media-storage';
import type { AppDeps } from '../deps';
import { signedInUser } from '../middleware/require-role';
import { createRouter } from './create-router';
import { parseQuery } from './route-params';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** The request body's bytes, refusing more than `maxBytes` (with `tooLargeMessage`) as soon as it is known; evidence uploads read theirs here too. */
export async function readUpload(ctx: Context, maxBytes: number = MAX_UPLOAD_BYTES, tooLargeMessage: string = MEDIA_TEXTS.tooLarge): Promise<Buffer> {
  const tooLarge = () => {
    ctx.req.resume();
    return new AppError('payload_too_large', tooLargeMessage);
  };
  if (Number(ctx.get('Content-Length') || 0) > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A photo's key from the path, or the 404 of a photo that is not there (the case studies' routes use it too). */
export function photoKey(raw: string | undefined): string {
  const parsed = MediaKey.safeParse(raw);
  if (!parsed.success) throw new AppError('not_found', MEDIA_TEXTS.photoNotFound);
  return parsed.data;
}

export function mediaRouter(
  { prisma, env, limits, access }: Pick<AppDeps, 'prisma' | 'env' | 'limits' | 'access'>,
  storage: MediaStorage = createMediaStorage(env),
): Router {
  const router = createRouter();
  const perUser = limits.limiter({ keyPrefix: 'media-user', points: env.MEDIA_LIMIT_PER_USER, duration: 3600 });
  const deps = { prisma, storage };
  const spend = (ctx: Context) => perUser.consume(String(signedInUser(ctx).id), ctx.state.log);

  router.get('/professionals/my-profile/media', access.only('provider'), async (ctx) => {
    ctx.body = await getListingMedia(deps, signedInUser(ctx).id);
  });
  router.put('/professionals/my-profile/media/logo', access.only('provider'), async (ctx) => {
    const { alt } = parseQuery(ctx, UploadQuery);
    await spend(ctx);
    ctx.body = await uploadListingImage(deps, signedInUser(ctx).id, 'logo', await readUpload(ctx), alt);
  });
  router.patch('/professionals/my-profile/media/logo', access.only('provider'), async (ctx) => {
    const { alt } = AltUpdate.parse(ctx.request.body);
    await spend(ctx);
    ctx.body = await setLogoAlt(deps, signedInUser(ctx).id, alt);
  });
  router.delete('/professionals/my-profile/media/logo', access.only('provider'), async (ctx) => {
    await spend(ctx);
    ctx.body = await deleteLogo(deps, signedInUser(ctx).id);
  });
  router.post('/professionals/my-profile/media/photos', access.only('provider'), async (ctx) => {
    const { alt } = parseQuery(ctx, UploadQuery);
    await spend(ctx);
    ctx.body = await uploadListingImage(deps, signedInUser(ctx).id, 'photo', await readUpload(ctx), alt);
    ctx.status = 201;
  });
  router.patch('/professionals/my-profile/media/photos/:key', access.only('provider'), async (ctx) => {
    const key = photoKey(ctx.params.key);
    const { alt } = AltUpdate.parse(ctx.request.body);
    await spend(ctx);
    ctx.body = await setPhotoAlt(deps, signedInUser(ctx).id, key, alt);
  });
  router.delete('/professionals/my-profile/media/photos/:key', access.only('provider'), async (ctx) => {
    const key = photoKey(ctx.params.key);
    await spend(ctx);
    ctx.body = await deletePhoto(deps, signedInUser(ctx).id, key);
  });

  router.get('/media/:name', access.public, async (ctx) => {
    const name = ctx.params.name ?? '';
    const body = await storage.get(name);
    if (!body) throw new AppError('not_found', 'No such image.');
    // The name is the content's hash: it never changes, so browsers and proxies keep it a year.
    ctx.set('Cache-Control', IMMUTABLE_CACHE);
    ctx.set('ETag', `"${name}"`);
    ctx.type = 'image/webp';
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = body;
  });
  return router;
}

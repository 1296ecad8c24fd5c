// A listing's case studies (issue 34, product rule 46), the signed-in provider's own:
//   GET    /api/professionals/my-profile/case-studies                          the CaseStudy list
//   PUT    /api/professionals/my-profile/case-studies                          { caseStudies }: texts, order, photos kept
//   POST   /api/professionals/my-profile/case-studies/photos?caseStudy=&alt=   the image file's bytes: add a photo
//   DELETE /api/professionals/my-profile/case-studies/photos/:key?caseStudy=   remove a photo
// Photos go through the listing's media pipeline (domain/media, read as routes/media.ts reads an
// upload); every change spends the same MEDIA_LIMIT_PER_USER as the listing's images.
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { CaseStudiesUpdate, CaseStudyId, CaseStudyPhotoQuery } from '../../../core/case-study-input';
import { addCaseStudyPhoto, deleteCaseStudyPhoto, getCaseStudies, saveCaseStudies } from '../domain/case-studies/case-studies';
import { createMediaStorage, type MediaStorage } from '../domain/media/media-storage';
import type { AppDeps } from '../deps';
import { signedInUser } from '../middleware/require-role';
import { createRouter } from './create-router';
import { photoKey, readUpload } from './media';
import { parseQuery } from './route-params';

const DeleteQuery = z.object({ caseStudy: CaseStudyId });

export function caseStudiesRouter(
  { prisma, env, limits, access }: Pick<AppDeps, 'prisma' | 'env' | 'limits' | 'access'>,
  storage: MediaStorage = createMediaStorage(env),
): Router {
  const router = createRouter();
  const perUser = limits.limiter({ keyPrefix: 'media-user', points: env.MEDIA_LIMIT_PER_USER, duration: 3600 });
  const deps = { prisma, storage };
  const spend = (ctx: Context) => perUser.consume(String(signedInUser(ctx).id), ctx.state.log);

  router.get('/professionals/my-profile/case-studies', access.only('provider'), async (ctx) => {
    ctx.body = await getCaseStudies(deps, signedInUser(ctx).id);
  });
  router.put('/professionals/my-profile/case-studies', access.only('provider'), async (ctx) => {
    const { caseStudies } = CaseStudiesUpdate.parse(ctx.request.body);
    ctx.body = await saveCaseStudies(deps, signedInUser(ctx).id, caseStudies);
  });
  router.post('/professionals/my-profile/case-studies/photos', access.only('provider'), async (ctx) => {
    const { caseStudy, alt } = parseQuery(ctx, CaseStudyPhotoQuery);
    await spend(ctx);
    ctx.body = await addCaseStudyPhoto(deps, signedInUser(ctx).id, caseStudy, await readUpload(ctx), alt);
    ctx.status = 201;
  });
  router.delete('/professionals/my-profile/case-studies/photos/:key', access.only('provider'), async (ctx) => {
    const key = photoKey(ctx.params.key);
    const { caseStudy } = parseQuery(ctx, DeleteQuery);
    await spend(ctx);
    ctx.body = await deleteCaseStudyPhoto(deps, signedInUser(ctx).id, caseStudy, key);
  });
  return router;
}

// GET/PATCH /api/professionals/my-profile: the signed-in provider's own listing (spec section 7).
// Registered before the directory's /professionals/:id routes so 'my-profile' is never read as an id.
import Router from '@koa/router';
import { MyProfileUpdate } from '../../../core/my-profile';
import { getMyProfile, updateMyProfile } from '../domain/accounts/my-profile';
import type { AppDeps } from '../deps';
import { requireRole, signedInUser } from '../middleware/require-role';

export function myProfileRouter({ prisma, queues }: AppDeps): Router {
  const router = new Router({ prefix: '/professionals/my-profile' });
  const provider = requireRole(prisma, 'provider');
  router.get('/', provider, async (ctx) => {
    ctx.body = await getMyProfile({ prisma, userId: signedInUser(ctx).id });
  });
  router.patch('/', provider, async (ctx) => {
    const update = MyProfileUpdate.parse(ctx.request.body);
    ctx.body = await updateMyProfile({ prisma, queues, userId: signedInUser(ctx).id, update });
  });
  return router;
}

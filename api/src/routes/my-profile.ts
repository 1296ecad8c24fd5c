// GET/PATCH /api/professionals/my-profile: the signed-in provider's own listing (spec section 7).
// Registered before the directory's /professionals/:id routes so 'my-profile' is never read as an id.
import type Router from '@koa/router';
import { MyProfileUpdate } from '../../../core/my-profile';
import { getMyProfile, updateMyProfile } from '../domain/accounts/my-profile';
import type { AppDeps } from '../deps';
import { signedInUser } from '../middleware/require-role';
import { createRouter } from './create-router';

export function myProfileRouter({ prisma, queues, access }: Pick<AppDeps, 'prisma' | 'queues' | 'access'>): Router {
  const router = createRouter('/professionals/my-profile');
  router.get('/', access.only('provider'), async (ctx) => {
    ctx.body = await getMyProfile({ prisma, userId: signedInUser(ctx).id });
  });
  router.patch('/', access.only('provider'), async (ctx) => {
    const update = MyProfileUpdate.parse(ctx.request.body);
    ctx.body = await updateMyProfile({ prisma, queues, userId: signedInUser(ctx).id, update });
  });
  return router;
}

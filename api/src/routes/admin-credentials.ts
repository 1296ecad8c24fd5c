// /api/admin/credentials: the admins' queue of checks (issue 34, product rule 45, decision 0041),
// admins only. The list is an array with its total in X-Total-Count (?status=pending by default,
// oldest first); approve and reject decide a pending one once (409 after), audited and e-mailed.
import type Router from '@koa/router';
import { CREDENTIAL_PATHS } from '../../../core/credentials';
import { AdminCredentialsQuery, CredentialRejection } from '../../../core/credential-input';
import { approveCredential, listAdminCredentials, rejectCredential } from '../domain/credentials/admin-credentials';
import { CREDENTIAL_MESSAGES } from '../domain/credentials/credential-view';
import type { AppDeps } from '../deps';
import { signedInUser } from '../middleware/require-role';
import { createRouter } from './create-router';
import { parseQuery, pathId } from './route-params';

export function adminCredentialsRouter({ prisma, env, queues, access }: Pick<AppDeps, 'prisma' | 'env' | 'queues' | 'access'>): Router {
  const router = createRouter();
  const decision = (ctx: Parameters<Parameters<Router['get']>[1]>[0]) => ({ prisma, queues, admin: signedInUser(ctx), publicUrl: env.PUBLIC_URL });

  router.get(CREDENTIAL_PATHS.adminList, access.only('admin'), async (ctx) => {
    const query = parseQuery(ctx, AdminCredentialsQuery);
    const page = await listAdminCredentials({ prisma, ...query });
    ctx.set('X-Total-Count', String(page.total));
    ctx.body = page.items;
  });
  router.post(CREDENTIAL_PATHS.adminApprove, access.only('admin'), async (ctx) => {
    const id = pathId(ctx.params.id, CREDENTIAL_MESSAGES.notFound);
    ctx.body = await approveCredential(decision(ctx), id);
  });
  router.post(CREDENTIAL_PATHS.adminReject, access.only('admin'), async (ctx) => {
    const id = pathId(ctx.params.id, CREDENTIAL_MESSAGES.notFound);
    const { reason } = CredentialRejection.parse(ctx.request.body);
    ctx.body = await rejectCredential(decision(ctx), id, reason);
  });
  return router;
}

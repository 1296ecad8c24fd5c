// A provider's credentials and their evidence (issue 34, product rule 45, decision 0041; paths in
// core/credentials.ts CREDENTIAL_PATHS):
//   PUT  /api/professionals/my-profile/evidence[?name=]   an evidence file's raw bytes → 201 EvidenceFileInfo
//   GET  /api/professionals/my-profile/credentials        the provider's credentials, newest first
//   POST /api/professionals/my-profile/credentials        submit one (CredentialSubmission) → 201
//   POST /api/professionals/my-profile/credentials/:id/withdraw
//   GET  /api/evidence/:name                              the file, to its owner and to admins; 404 to anyone else
// The upload is raw bytes (json-body.ts lets its path through), its type sniffed from the bytes
// (PDF, PNG, JPEG). Uploads, submissions and withdrawals spend CREDENTIAL_LIMIT_PER_USER.
import type Router from '@koa/router';
import type { Context } from 'koa';
import { credentialSubmission, EvidenceUploadQuery } from '../../../core/credential-input';
import { CREDENTIAL_PATHS, MAX_EVIDENCE_BYTES, ukIsoDate } from '../../../core/credentials';
import { createEvidenceStorage, type EvidenceStorage } from '../../../core/evidence-storage.server';
import { CREDENTIAL_MESSAGES } from '../domain/credentials/credential-view';
import { readEvidence, uploadEvidence } from '../domain/credentials/evidence-files';
import { listMyCredentials, submitCredential, withdrawCredential } from '../domain/credentials/my-credentials';
import type { AppDeps } from '../deps';
import { isFullAdmin, loadCurrentUser, signedInUser } from '../middleware/require-role';
import { createRouter } from './create-router';
import { readUpload } from './media';
import { parseQuery, pathId } from './route-params';

/** 'Content-Disposition: attachment' with the original name, ASCII and RFC 5987 forms. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function credentialsRouter(
  { prisma, env, limits, access }: Pick<AppDeps, 'prisma' | 'env' | 'limits' | 'access'>,
  storage: EvidenceStorage = createEvidenceStorage(env),
): Router {
  const router = createRouter();
  const perUser = limits.limiter({ keyPrefix: 'credentials-user', points: env.CREDENTIAL_LIMIT_PER_USER, duration: 3600 });
  const spend = (ctx: Context) => perUser.consume(String(signedInUser(ctx).id), ctx.state.log);
  const deps = { prisma, storage };

  router.put(CREDENTIAL_PATHS.uploadEvidence, access.only('provider'), async (ctx) => {
    const { name } = parseQuery(ctx, EvidenceUploadQuery);
    await spend(ctx);
    ctx.body = await uploadEvidence(deps, signedInUser(ctx), await readUpload(ctx, MAX_EVIDENCE_BYTES, CREDENTIAL_MESSAGES.tooLarge), name);
    ctx.status = 201;
  });
  router.get(CREDENTIAL_PATHS.mine, access.only('provider'), async (ctx) => {
    ctx.body = await listMyCredentials(deps, signedInUser(ctx));
  });
  router.post(CREDENTIAL_PATHS.mine, access.only('provider'), async (ctx) => {
    const input = credentialSubmission(ukIsoDate(Date.now())).parse(ctx.request.body);
    await spend(ctx);
    ctx.body = await submitCredential(deps, signedInUser(ctx), input);
    ctx.status = 201;
  });
  router.post(CREDENTIAL_PATHS.withdraw, access.only('provider'), async (ctx) => {
    const id = pathId(ctx.params.id, CREDENTIAL_MESSAGES.notFound);
    await spend(ctx);
    ctx.body = await withdrawCredential(deps, signedInUser(ctx), id);
  });

  // Public guard: anyone not allowed is answered 404, as for a missing file (never 401 or 403).
  router.get(CREDENTIAL_PATHS.evidence, access.public, async (ctx) => {
    const user = await loadCurrentUser(ctx, prisma);
    // An admin without the two-step verification the admin side requires is no admin here.
    const allowed = user?.role === 'admin' && !isFullAdmin(user, env) ? null : user;
    const file = await readEvidence(deps, allowed, ctx.params.name ?? '');
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Disposition', attachmentHeader(file.originalName));
    ctx.type = file.contentType;
    ctx.body = file.body;
  });
  return router;
}

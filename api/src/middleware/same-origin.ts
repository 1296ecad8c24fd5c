// Cross-site request forgery: a request that changes something (any method but GET, HEAD and
// OPTIONS) is refused with 403 when the browser says it comes from another site. SameSite=Lax
// on the session cookie already keeps it off most cross-site requests; this is the second wall,
// and the one that holds for a same-site attacker (another subdomain) and for old browsers.
// What the browser says, in order of trust:
//   Sec-Fetch-Site   same-origin or none (typed by the person) pass; same-site and cross-site do not;
//   Origin           must be the site's own: PUBLIC_URL's origin, or the origin the request was
//                    addressed to (http://127.0.0.1:3000 as well as http://localhost:3000);
//                    'null' (sandboxed frames, some redirects) is refused;
//   Referer          when there is no Origin, its origin must be the site's own.
// A request with none of the three comes from a program (curl, a server), not from a page a
// victim visited: browsers send Origin on every cross-origin POST, so it passes.
// Everything behind this (the API, Bull Board's actions) is covered; only the Stripe webhook is
// exempt: it is called by Stripe's servers and proves itself with its signature.
import type { Context, Middleware } from 'koa';
import { AppError } from '../domain/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Called by Stripe, verified by signature (mounted by the billing issue). */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';
export const CROSS_SITE_MESSAGE = 'This request came from another website and was refused. Please use the form on this site.';

function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** Why a request must be refused, or null when it may proceed. */
export function crossSiteReason(ctx: Pick<Context, 'method' | 'path' | 'get' | 'protocol' | 'host'>, siteOrigin: string): string | null {
  if (SAFE_METHODS.has(ctx.method) || ctx.path === STRIPE_WEBHOOK_PATH) return null;
  // Where the request was addressed (not ctx.origin: in Koa 3 that is the Origin header itself).
  const own = new Set([siteOrigin, `${ctx.protocol}://${ctx.host}`]);
  const fetchSite = ctx.get('Sec-Fetch-Site').toLowerCase();
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return `Sec-Fetch-Site: ${fetchSite}`;
  const origin = ctx.get('Origin');
  if (origin) return own.has(origin) ? null : `Origin: ${origin}`;
  const referer = ctx.get('Referer');
  if (referer) {
    const refererOrigin = originOf(referer);
    return refererOrigin !== null && own.has(refererOrigin) ? null : 'Referer from another site';
  }
  return null;
}

export function sameOriginWrites({ publicUrl }: { publicUrl: string }): Middleware {
  const siteOrigin = originOf(publicUrl) ?? publicUrl;
  return async (ctx, next) => {
    const reason = crossSiteReason(ctx, siteOrigin);
    if (reason) {
      ctx.state.log.warn({ reason, method: ctx.method, path: ctx.path }, 'cross-site request refused');
      throw new AppError('forbidden', CROSS_SITE_MESSAGE);
    }
    return next();
  };
}

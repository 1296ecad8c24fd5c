// A sign-in half done (product rule 35): the password was right and the account has two-step
// verification on, so the session holds who is signing in, since when and how many wrong codes were
// tried, but no `userId`: nothing that needs a signed-in user lets it through. The session gets a new
// id at the password (like any sign-in) and again when the code is right (beginSignedInSession).
import type { Context } from 'koa';
import { TWO_STEP_ATTEMPTS, TWO_STEP_SIGN_IN_TTL_MS } from '../../../core/two-step';

export interface PendingTwoStep {
  userId: number;
  startedAt: number;
  wrongCodes: number;
}

export async function beginTwoStepSignIn(ctx: Context, userId: number): Promise<void> {
  if (!ctx.session) throw new Error('session middleware missing');
  await ctx.session.regenerate();
  const pending: PendingTwoStep = { userId, startedAt: Date.now(), wrongCodes: 0 };
  ctx.session.twoStep = pending;
}

/** The sign-in waiting for its code, or undefined when there is none or it is over 5 minutes old. */
export function pendingTwoStepSignIn(ctx: Context): PendingTwoStep | undefined {
  const value = ctx.session?.twoStep as Partial<PendingTwoStep> | undefined;
  if (!value || typeof value !== 'object') return undefined;
  const { userId, startedAt, wrongCodes } = value;
  if (!Number.isInteger(userId) || typeof startedAt !== 'number' || !Number.isInteger(wrongCodes)) return undefined;
  if (Date.now() - startedAt > TWO_STEP_SIGN_IN_TTL_MS) return undefined;
  return { userId: userId!, startedAt, wrongCodes: wrongCodes! };
}

/** Counts a wrong code; true (and the sign-in forgotten) when that was the last try. */
export function recordWrongTwoStepCode(ctx: Context, pending: PendingTwoStep): boolean {
  if (!ctx.session) return true;
  const wrongCodes = pending.wrongCodes + 1;
  if (wrongCodes >= TWO_STEP_ATTEMPTS) {
    ctx.session.twoStep = undefined;
    return true;
  }
  ctx.session.twoStep = { ...pending, wrongCodes };
  return false;
}

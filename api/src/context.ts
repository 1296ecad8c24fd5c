// What the API adds to every Koa context, declared once so routes and middleware are typed.
import type { Logger } from 'pino';

/** Session contents: `userId` once signed in (routes/auth.ts); nothing for anonymous visitors. */
export interface SessionData {
  [key: string]: unknown;
}

/** The koa-session Session methods we use (koa-session 7 does not export the class's type). */
interface SessionMethods {
  readonly isNew: boolean;
  maxAge: number;
  /** New id for the same data: call at sign-in against session fixation. */
  regenerate(): Promise<void> | undefined;
  save(): Promise<void> | undefined;
  toJSON(): Record<string, unknown>;
}

export type AppSession = SessionData & SessionMethods;

declare module 'koa' {
  interface DefaultState {
    /** The request's id: a sane incoming X-Request-Id or a generated one; echoed in the response. */
    requestId: string;
    /** Logger bound to this request (carries reqId). */
    log: Logger;
  }
  interface DefaultContext {
    /** koa-session (middleware/session.ts); null after `ctx.session = null` (sign out). */
    session: AppSession | null;
  }
}

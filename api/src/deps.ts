// What the API's routers and middleware are built from. createApp makes one AppDeps per app, so
// tests build an app in-process with their own database, Redis prefix and logger.
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { PrismaClient } from '../../prisma/db';
import type { AnswerCache } from './domain/directory/answer-cache';
import type { DirectoryAnswers } from './domain/directory/directory-answers';
import type { DirectoryIndex } from './domain/directory/directory-index';
import type { LoginThrottle } from './domain/accounts/login-throttle';
import type { MaintenanceState } from './domain/maintenance/maintenance-state';
import type { ApiEnv } from './env';
import type { RateLimits } from './middleware/rate-limit';
import type { Payments } from './payments/payments';
import type { RouteAccess } from './middleware/require-role';
import type { Queues } from './queue';

export interface AppDeps {
  env: ApiEnv;
  prisma: PrismaClient;
  redis: Redis;
  logger: Logger;
  queues: Queues;
  /** Public directory answers kept until the data behind them changes. */
  answers: AnswerCache;
  /** The live listings in memory (decision 0019); null when DIRECTORY_INDEX=off. */
  directory: DirectoryIndex | null;
  /** The directory's public answers (cached; from the index or SQL), shared by routes and server rendering. */
  directoryAnswers: DirectoryAnswers;
  /** Makes rate limits on this app's Redis (middleware/rate-limit.ts). */
  limits: RateLimits;
  /**
   * The brake on password guessing (domain/accounts/login-throttle.ts): one per app, shared by every
   * door that checks a password (sign-in and its second step, archive, the account settings), so
   * they count the same failures under the same limits.
   */
  loginThrottle: LoginThrottle;
  /** The guards every route names as its first middleware (middleware/require-role.ts). */
  access: RouteAccess;
  /** Stripe, or the built-in test-mode stand-in (payments/payments.ts). */
  payments: Payments;
  /** Maintenance mode's settings, kept in memory until they change (product rule 12). */
  maintenance: MaintenanceState;
}

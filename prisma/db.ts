// The one way api, worker and scripts get a Prisma client: the node-postgres driver adapter over a
// connection string. Callers own the client and must $disconnect() it on shutdown.
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/client';

export type { PrismaClient } from './generated/client';
export { Prisma } from './generated/client';

export function createPrisma(databaseUrl: string, options: { max?: number } = {}): PrismaClient {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: options.max ?? 10 });
  return new PrismaClient({ adapter });
}

// The error middleware's mapping of what the real database client throws when it is too slow: a
// transaction past its time limit is rolled back and answered 503 (retry), not 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { BUSY_MESSAGE, toAppError } from './errors';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db?.drop();
});

describe('a database too slow for the request', () => {
  it('answers 503 with a message for a transaction past its time limit, and keeps nothing of it', async () => {
    const email = `slow-${Date.now()}@example.com`;
    const error = await db.prisma
      .$transaction(
        async (tx) => {
          await tx.user.create({ data: { email, passwordHash: 'x', name: 'Slow Writer' } });
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.user.count();
        },
        { timeout: 100 },
      )
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(error).not.toBeNull();
    const { appError, isBug } = toAppError(error, { state: { requestId: 'req-1' } } as Parameters<typeof toAppError>[1]);
    expect(isBug).toBe(false);
    expect(appError.status).toBe(503);
    expect(appError.message).toBe(BUSY_MESSAGE);
    expect(await db.prisma.user.count({ where: { email } })).toBe(0);
  });
});

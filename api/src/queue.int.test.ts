// Producers and Bull Board against real Redis: enqueueing is idempotent through the contract's job
// id, a failed job is retried on re-enqueue, and the board answers signed-in admins only.
import { UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { JOBS, queuePrefix } from '../../core/jobs';
import { createTestDatabase, type TestDatabase } from '../../tests/support/services';
import { createUser, signIn } from './testing/accounts';
import { serveTestApp, type TestApp } from './testing/serve-test-app';

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db });
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

describe('enqueue', () => {
  it('adds a job once: enqueueing the same work twice leaves one job', async () => {
    const { queues } = t.api;
    const first = await queues.enqueue('geocodeProfessional', { professionalId: 42, postcode: 'm1 1ae' });
    const second = await queues.enqueue('geocodeProfessional', { professionalId: 42, postcode: 'M1 1AE' });
    expect(first).toEqual({ jobId: 'geocode_42_M11AE', outcome: 'added' });
    expect(second).toEqual({ jobId: 'geocode_42_M11AE', outcome: 'exists' });

    const queue = queues.get('geocode');
    expect(queue.opts.prefix).toBe(queuePrefix(t.env.REDIS_PREFIX));
    const job = await queue.getJob('geocode_42_M11AE');
    expect(job?.name).toBe(JOBS.geocodeProfessional.name);
    expect(job?.data).toEqual({ professionalId: 42, postcode: 'm1 1ae' });
    expect(job?.opts.attempts).toBe(5);
    expect(await queue.getJobCounts('waiting')).toEqual({ waiting: 1 });
  });

  it('rejects a payload the contract does not accept', async () => {
    await expect(t.api.queues.enqueue('geocodeProfessional', { professionalId: -1, postcode: '' })).rejects.toBeInstanceOf(
      ZodError,
    );
  });

  it('retries a job that failed for good when the same work is enqueued again', async () => {
    const { queues } = t.api;
    const { jobId } = await queues.enqueue('geocodeProfessional', { professionalId: 7, postcode: 'SW1A 1AA' });

    // Fail it for good without waiting for five backed-off attempts: take it as a worker would
    // and fail it with an error BullMQ does not retry.
    const connection = new Redis(t.env.REDIS_URL, { maxRetriesPerRequest: null });
    const worker = new Worker('geocode', null, { connection, prefix: queuePrefix(t.env.REDIS_PREFIX), autorun: false });
    try {
      const token = 'test-token';
      let job = await worker.getNextJob(token);
      while (job && job.id !== jobId) {
        await job.moveToCompleted('skipped', token, false);
        job = await worker.getNextJob(token);
      }
      expect(job?.id).toBe(jobId);
      await job!.moveToFailed(new UnrecoverableError('geocoder down'), token, false);
      expect(await job!.getState()).toBe('failed');
    } finally {
      await worker.close();
      await connection.quit();
    }

    const again = await queues.enqueue('geocodeProfessional', { professionalId: 7, postcode: 'SW1A 1AA' });
    expect(again).toEqual({ jobId, outcome: 'retried' });
    const job = await queues.get('geocode').getJob(jobId);
    expect(await job?.getState()).toBe('waiting');
  });
});

describe('Bull Board', () => {
  it('refuses anonymous visitors (401) and non-admins (403)', async () => {
    const res = await t.fetch('/admin/queues');
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('unauthenticated');
    expect((await t.fetch('/admin/queues/api/queues')).status).toBe(401);
    const customer = await signIn(t, (await createUser(db.prisma)).email);
    expect((await t.fetch('/admin/queues', { headers: { Cookie: customer } })).status).toBe(403);
  });

  it('lists every core queue at /admin/queues for an admin', async () => {
    const admin = await signIn(t, (await createUser(db.prisma, { role: 'admin' })).email);
    const page = await t.fetch('/admin/queues', { headers: { Cookie: admin } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);

    const res = await t.fetch('/admin/queues/api/queues?activeQueue=geocode', { headers: { Cookie: admin } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { queues: { name: string }[] };
    expect(body.queues.map((q) => q.name).sort()).toEqual(['email', 'geocode', 'maintenance', 'ratings', 'stripe']);
  });
});

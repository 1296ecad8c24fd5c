// One request id from the API to the worker (issue 14, item 6): a request that enqueues a job is
// logged by the API with its id, the job's data carries the id beside its payload (the job id is the
// same as without it, so de-duplication holds), and the worker logs every line of that job with the
// same id; a job no request caused gets an id of its own. Both processes' log lines are captured
// from their real pino loggers. The worker's job durations then show in /api/metrics.
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { JOBS } from '../../core/jobs';
import { solveCaptcha } from '../../api/src/testing/accounts';
import { createProfessional } from '../../api/src/testing/factories';
import { createLogger as createApiLogger } from '../../api/src/logger';
import { createLogger as createWorkerLogger } from '../../worker/src/logger';
import { useAppAndWorker } from '../support/app-worker';

type Line = Record<string, unknown> & { msg?: string; reqId?: string; service?: string };

const TOKEN = 'metrics-token-0123456789abcdefghijklmnopqrstuv';
const apiLines: Line[] = [];
const workerLines: Line[] = [];
const capture = (into: Line[]): pino.DestinationStream => ({ write: (line: string) => void into.push(JSON.parse(line) as Line) });

const s = useAppAndWorker({
  apiEnv: { ADMIN_EMAIL: 'team@itconnect.example', METRICS_TOKEN: TOKEN },
  workerEnv: { ADMIN_EMAIL: 'team@itconnect.example', LOG_LEVEL: 'debug' },
  apiLogger: createApiLogger({ LOG_LEVEL: 'debug', NODE_ENV: 'test' }, capture(apiLines)),
  workerLogger: (env) => createWorkerLogger(env, capture(workerLines)),
});

const linesOf = (lines: Line[], reqId: string) => lines.filter((line) => line.reqId === reqId);

describe('request ids across the API and the worker', () => {
  it('the API and the worker log a request and the job it caused with one id', async () => {
    const requestId = 'support-case-2026-11-25.1';
    const res = await s.t.fetch('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId },
      body: JSON.stringify({
        name: 'Morgan Visitor',
        email: 'morgan@example.com',
        subject: 'Listing question',
        message: 'Can I list two offices under one subscription?',
        captcha: await solveCaptcha(s.t),
      }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe(requestId);

    await expect.poll(() => linesOf(workerLines, requestId).some((line) => line.msg === 'job completed'), { timeout: 15_000 }).toBe(true);
    expect(s.smtp.to('team@itconnect.example')).toHaveLength(1);

    const api = linesOf(apiLines, requestId);
    expect(api.find((line) => line.msg === 'request')).toMatchObject({ service: 'api', method: 'POST', path: '/api/contact', status: 201 });
    const job = linesOf(workerLines, requestId);
    expect(job.map((line) => line.msg)).toEqual(expect.arrayContaining(['job started', 'job completed']));
    // Every line the worker logged while running that job carries the id.
    const jobId = job.find((line) => line.msg === 'job completed')!.jobId as string;
    expect(workerLines.filter((line) => line.jobId === jobId).every((line) => line.reqId === requestId)).toBe(true);
    expect(job.every((line) => line.service === 'worker')).toBe(true);

    // The id sits beside the payload in the job's data; the job id is the contract's, made from the payload alone.
    const stored = await s.t.api.queues.get('email').getJob(jobId);
    expect(stored?.data.meta).toEqual({ requestId });
    const { meta: _meta, ...payload } = stored!.data as Record<string, unknown>;
    expect(jobId).toBe(JOBS.sendEmail.jobId(JOBS.sendEmail.payload.parse(payload)));
    // Enqueued again under another request id (or none), the same work is the same job.
    expect((await s.t.api.queues.enqueue('sendEmail', JOBS.sendEmail.payload.parse(payload))).outcome).toBe('exists');
  });

  it('a generated id when the incoming one is not sane, and its own id for a job no request caused', async () => {
    const res = await s.t.fetch('/api/health', { headers: { 'X-Request-Id': 'a b<script>' } });
    const generated = res.headers.get('x-request-id')!;
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    expect(linesOf(apiLines, generated).some((line) => line.msg === 'request')).toBe(true);

    const pro = await createProfessional(s.db.prisma, { postcode: 'LS1 4AP' });
    const { jobId } = await s.t.api.queues.enqueue('geocodeProfessional', { professionalId: pro.id, postcode: 'LS1 4AP' });
    await expect.poll(() => workerLines.find((line) => line.jobId === jobId && line.msg === 'job completed'), { timeout: 15_000 }).toBeDefined();
    const lines = workerLines.filter((line) => line.jobId === jobId);
    const ids = new Set(lines.map((line) => line.reqId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^job-[0-9a-f-]{36}$/);
  });

  it("the worker's job durations show in /api/metrics, per queue", async () => {
    const text = await (await s.t.fetch('/api/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
    const count = (queue: string) => Number(new RegExp(`^itc_job_duration_seconds_count\\{queue="${queue}",outcome="completed"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    expect(count('email')).toBeGreaterThanOrEqual(1);
    expect(count('geocode')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^itc_job_duration_seconds_bucket\{queue="email",outcome="completed",le="\+Inf"\} \d+$/m);
  });
});

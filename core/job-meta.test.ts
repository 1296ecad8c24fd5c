// The request id a job carries (core/jobs.ts withJobMeta/splitJobMeta) never changes the job id.
import { describe, expect, it } from 'vitest';
import { JOBS, jobOptions, splitJobMeta, withJobMeta } from './jobs';

describe('job meta', () => {
  const payload = { template: 'contact-message', to: 'team@example.com', data: {}, idempotencyKey: 'contact_1' } as const;

  it('sits beside the payload and leaves the job id and options as they were', () => {
    const data = withJobMeta(payload, { requestId: 'req-1' });
    expect(data).toEqual({ ...payload, meta: { requestId: 'req-1' } });
    expect(jobOptions('sendEmail', JOBS.sendEmail.payload.parse(splitJobMeta(data).payload))).toEqual(jobOptions('sendEmail', payload));
    expect(splitJobMeta(data)).toEqual({ payload, meta: { requestId: 'req-1' } });
  });

  it('is left out without a sane id, and a malformed one reads as none', () => {
    expect(withJobMeta(payload, {})).toBe(payload);
    expect(withJobMeta(payload, { requestId: 'not sane\n{"level":60}' })).toBe(payload);
    expect(splitJobMeta({ ...payload, meta: { requestId: 'x'.repeat(65) } }).meta).toEqual({});
    expect(splitJobMeta({ ...payload, meta: 'req-1' })).toEqual({ payload, meta: {} });
    expect(splitJobMeta(payload)).toEqual({ payload, meta: {} });
  });
});

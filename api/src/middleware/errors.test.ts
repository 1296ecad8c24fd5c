import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../domain/app-error';
import { errorBody, toAppError } from './errors';
import { bodyError } from './json-body';

const ctx = { state: { requestId: 'req-1' } } as Parameters<typeof toAppError>[1];

describe('toAppError', () => {
  it('keeps an AppError with its status', () => {
    const { appError, isBug } = toAppError(new AppError('conflict', 'Already reviewed'), ctx);
    expect(isBug).toBe(false);
    expect(appError.status).toBe(409);
    expect(errorBody(appError)).toEqual({ error: { code: 'conflict', message: 'Already reviewed' } });
  });

  it('turns a ZodError into 422 with the first message per field', () => {
    const schema = z.object({ name: z.string().min(2, 'Name must be at least 2 characters'), tags: z.array(z.string()) });
    const result = schema.safeParse({ name: 'A', tags: ['ok', 3] });
    const { appError } = toAppError(result.error, ctx);
    expect(appError.status).toBe(422);
    expect(appError.fields).toEqual({ name: 'Name must be at least 2 characters', 'tags.1': expect.any(String) });
    expect(appError.message).toBe('Name must be at least 2 characters');
  });

  it('maps an exposed 4xx HTTP error by its status', () => {
    const error = Object.assign(new Error('Malicious path'), { status: 403, expose: true });
    const { appError, isBug } = toAppError(error, ctx);
    expect(isBug).toBe(false);
    expect(errorBody(appError)).toEqual({ error: { code: 'forbidden', message: 'Malicious path' } });
  });

  it('answers 503 when Redis or PostgreSQL cannot be reached', () => {
    expect(toAppError(new Error('Connection is closed.'), ctx).appError.status).toBe(503);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(toAppError(refused, ctx)).toMatchObject({ isBug: false, appError: { code: 'unavailable' } });
  });

  it('hides an unknown error behind a generic 500 that quotes the request id', () => {
    const { appError, isBug } = toAppError(new TypeError('secret internals'), ctx);
    expect(isBug).toBe(true);
    expect(appError.status).toBe(500);
    expect(appError.message).toContain('req-1');
    expect(appError.message).not.toContain('secret');
  });
});

describe('bodyError', () => {
  it('maps body parser failures to 400, 413 and 415', () => {
    expect(bodyError(Object.assign(new SyntaxError('Unexpected token'), { status: 400 }), '100kb').status).toBe(400);
    expect(bodyError(Object.assign(new SyntaxError('x'), { status: 400 }), '100kb').message).toBe('Malformed JSON body');
    expect(bodyError(Object.assign(new Error('too large'), { status: 413, type: 'entity.too.large' }), '100kb').message).toBe(
      'Request body is too large (the limit is 100kb).',
    );
    expect(bodyError(Object.assign(new Error('bad charset'), { status: 415, type: 'charset.unsupported' }), '1kb').status).toBe(415);
    expect(bodyError(Object.assign(new Error('aborted'), { status: 400, type: 'request.aborted' }), '1kb').status).toBe(400);
  });
});

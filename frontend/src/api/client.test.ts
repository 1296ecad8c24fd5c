import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../testing/local-server';
import { ApiRequestError, errorMessageFor, formatErrorMessage, getJson, postJson, request } from './client';

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    switch (req.url) {
      case '/ok':
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ hello: 'world' }));
        return;
      case '/echo':
        res.writeHead(201, { 'Content-Type': 'application/json' }).end(req.body);
        return;
      case '/no-content':
        res.writeHead(204).end();
        return;
      case '/text-error':
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Database exploded');
        return;
      case '/empty-error':
        res.writeHead(503, 'Service Unavailable').end();
        return;
      case '/json-error':
        res
          .writeHead(422, { 'Content-Type': 'application/json' })
          .end(
            JSON.stringify({
              error: { code: 'invalid_input', message: 'Please select at least one service', fields: { services: 'Required' } },
            }),
          );
        return;
      case '/unauthorised':
        res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":{"code":"unauthenticated","message":"Sign in"}}');
        return;
      default:
        res.writeHead(404, 'Not Found').end();
    }
  });
});

afterAll(async () => {
  await server.close();
});

describe('formatErrorMessage', () => {
  it("uses the spec's '{status}: {body text}' form", () => {
    expect(formatErrorMessage(500, 'Internal Server Error', 'boom')).toBe('500: boom');
  });

  it('falls back to the status text when the body is empty or blank', () => {
    expect(formatErrorMessage(404, 'Not Found', '')).toBe('404: Not Found');
    expect(formatErrorMessage(404, 'Not Found', '  \n')).toBe('404: Not Found');
  });
});

describe('request', () => {
  it('parses a JSON answer', async () => {
    await expect(getJson(server.url('/ok'))).resolves.toEqual({ hello: 'world' });
  });

  it('sends a JSON body with a JSON content type', async () => {
    const answer = await postJson(server.url('/echo'), { name: 'Ada', services: ['Web Design'] });
    expect(answer).toEqual({ name: 'Ada', services: ['Web Design'] });
    const sent = server.requests.find((r) => r.url === '/echo');
    expect(sent?.method).toBe('POST');
    expect(sent?.headers['content-type']).toBe('application/json');
  });

  it('sends no body and no content type on a GET', async () => {
    await getJson(server.url('/ok'));
    const sent = server.requests.filter((r) => r.url === '/ok').at(-1);
    expect(sent?.body).toBe('');
    expect(sent?.headers['content-type']).toBeUndefined();
  });

  it('resolves an empty answer to null', async () => {
    await expect(request(server.url('/no-content'), { method: 'POST' })).resolves.toBeNull();
  });

  it('throws "{status}: {body text}" for a non-OK answer with a body', async () => {
    const error = await getJson(server.url('/text-error')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe('500: Database exploded');
    expect((error as ApiRequestError).status).toBe(500);
    expect((error as ApiRequestError).apiMessage).toBeUndefined();
  });

  it('throws "{status}: {status text}" for a non-OK answer without a body', async () => {
    await expect(getJson(server.url('/empty-error'))).rejects.toThrow(/^503: Service Unavailable$/);
    await expect(getJson(server.url('/missing'))).rejects.toThrow(/^404: Not Found$/);
  });

  it("keeps our JSON error body and its message for toasts", async () => {
    const error = (await getJson(server.url('/json-error')).catch((e: unknown) => e)) as ApiRequestError;
    expect(error.message).toBe(
      '422: {"error":{"code":"invalid_input","message":"Please select at least one service","fields":{"services":"Required"}}}',
    );
    expect(error.apiMessage).toBe('Please select at least one service');
    expect(error.body?.error.code).toBe('invalid_input');
    expect(error.body?.error.fields).toEqual({ services: 'Required' });
    expect(errorMessageFor(error, 'Something failed')).toBe('Please select at least one service');
  });

  it('throws on 401 by default and returns null when told to', async () => {
    await expect(getJson(server.url('/unauthorised'))).rejects.toThrow(/^401: /);
    await expect(getJson(server.url('/unauthorised'), { nullOnStatus: [401] })).resolves.toBeNull();
  });
});

describe('errorMessageFor', () => {
  it('uses the fallback for failures without an API message', () => {
    expect(errorMessageFor(new TypeError('fetch failed'), 'Failed to fetch professionals')).toBe(
      'Failed to fetch professionals',
    );
    expect(errorMessageFor(new ApiRequestError(500, 'Internal Server Error', 'oops'), 'Login failed')).toBe(
      'Login failed',
    );
  });
});

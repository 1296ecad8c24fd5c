// Requests Node cannot parse are answered with the API's JSON error body (found by the fuzz,
// tests/fuzz: a 30 KB query string got a bare 431 without a message).
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHttpServer } from './http-server';

const server = createHttpServer((_req, res) => res.end('ok'));
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function send(raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

it('answers an address over the header limit with 431 and a JSON message', async () => {
  const answer = await send(`GET /api/professionals?q=${'x'.repeat(30_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
  expect(answer).toMatch(/^HTTP\/1.1 431 /);
  const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('headers_too_large');
  expect(body.error.message).not.toBe('');
});

it('answers HEAD over the header limit with 431 and no body', async () => {
  const answer = await send(`HEAD /api/professionals?q=${'x'.repeat(30_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
  expect(answer).toMatch(/^HTTP\/1.1 431 /);
  expect(answer.endsWith('\r\n\r\n')).toBe(true);
});

it('answers a request that is not HTTP with 400 and a JSON message', async () => {
  const answer = await send('GET /\u0001 nonsense\r\n\r\n');
  expect(answer).toMatch(/^HTTP\/1.1 400 /);
  expect(answer).toContain('"message":"The request could not be read: it is not valid HTTP."');
});

it('still answers ordinary requests', async () => {
  expect(await send('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1.1 200 [\s\S]*ok$/);
});

it('keeps idle keep-alive connections open longer than the proxies in front keep theirs (60 s)', () => {
  // Node's default (5 s) closed connections nginx was about to reuse: resets and 502s under load.
  expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
  expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../testing/local-server';
import { probeMaintenance, unlockMaintenance } from './maintenance';

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const json = { 'Content-Type': 'application/json' };
    if (req.url === '/open') res.writeHead(200, json).end('[]');
    else if (req.url === '/maintenance') res.writeHead(503, json).end('{"error":{"code":"unavailable","message":"Down for maintenance"}}');
    else if (req.url === '/broken') res.writeHead(500, json).end('{"error":{"code":"internal","message":"Oops"}}');
    else if (req.url === '/unlock' && JSON.parse(req.body).password === 'right-code') res.writeHead(200, json).end('{"ok":true}');
    else if (req.url === '/unlock') res.writeHead(401, json).end('{"error":{"code":"unauthenticated","message":"Wrong code"}}');
    else res.writeHead(404).end();
  });
});

afterAll(async () => {
  await server.close();
});

describe('probeMaintenance (spec section 4, App start)', () => {
  it('means maintenance on 503 or a network error, normal mode on any other answer', async () => {
    await expect(probeMaintenance(server.url('/maintenance'))).resolves.toBe(true);
    await expect(probeMaintenance('http://127.0.0.1:1/unreachable')).resolves.toBe(true);
    await expect(probeMaintenance(server.url('/open'))).resolves.toBe(false);
    await expect(probeMaintenance(server.url('/broken'))).resolves.toBe(false);
    await expect(probeMaintenance(server.url('/missing'))).resolves.toBe(false);
  });

  it('asks for the list with a GET, as JSON', async () => {
    await probeMaintenance(server.url('/open'));
    const probe = server.requests.at(-1);
    expect(probe?.method).toBe('GET');
    expect(probe?.headers.accept).toBe('application/json');
  });
});

describe('unlockMaintenance', () => {
  it('posts the code as { password } and fails on a refusal', async () => {
    await expect(unlockMaintenance('right-code', server.url('/unlock'))).resolves.toBeUndefined();
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', body: '{"password":"right-code"}' });
    await expect(unlockMaintenance('wrong', server.url('/unlock'))).rejects.toMatchObject({ status: 401 });
  });
});

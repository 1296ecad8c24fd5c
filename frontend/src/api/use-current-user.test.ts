import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../testing/local-server';
import { fetchCurrentUser } from './use-current-user';

let server: LocalServer;
const user = { id: 7, email: 'ada@example.com', name: 'Ada Lovelace', role: 'admin' };

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    if (req.url === '/signed-in') res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(user));
    else if (req.url === '/anonymous') res.writeHead(200, { 'Content-Type': 'application/json' }).end('null');
    else if (req.url === '/unauthenticated') res.writeHead(401).end('{"error":{"code":"unauthenticated","message":"x"}}');
    else if (req.url === '/broken') res.writeHead(500).end('oops');
    else res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":{"code":"not_found","message":"Not found"}}');
  });
});

afterAll(async () => {
  await server.close();
});

describe('fetchCurrentUser', () => {
  it('returns the signed-in user', async () => {
    await expect(fetchCurrentUser(server.url('/signed-in'))).resolves.toEqual(user);
  });

  it('treats null, 401 and 404 (endpoint not built yet) as anonymous', async () => {
    await expect(fetchCurrentUser(server.url('/anonymous'))).resolves.toBeNull();
    await expect(fetchCurrentUser(server.url('/unauthenticated'))).resolves.toBeNull();
    await expect(fetchCurrentUser(server.url('/api/auth/me'))).resolves.toBeNull();
  });

  it('lets other failures reach SWR as errors (the hook then shows the visitor as anonymous)', async () => {
    await expect(fetchCurrentUser(server.url('/broken'))).rejects.toThrow('500: oops');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../testing/local-server';
import { fetchListPage, listKey } from './admin-lists';

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const json = { 'Content-Type': 'application/json' };
    if (req.url?.startsWith('/users')) res.writeHead(200, { ...json, 'X-Total-Count': '57' }).end('[{"id":1},{"id":2}]');
    else if (req.url === '/no-total') res.writeHead(200, json).end('[{"id":1}]');
    else if (req.url === '/forbidden') res.writeHead(403, json).end('{"error":{"code":"forbidden","message":"Administrators only"}}');
    else res.writeHead(404).end();
  });
});

afterAll(async () => {
  await server.close();
});

describe('listKey', () => {
  it('puts the page, search and filter in the query, leaving out empty values', () => {
    expect(listKey('/api/admin/users', { role: 'provider', search: 'ann smith', offset: 20 })).toBe('/api/admin/users?role=provider&search=ann+smith&offset=20&limit=20');
    expect(listKey('/api/admin/users', { role: 'all', search: '', offset: 0 })).toBe('/api/admin/users?role=all&offset=0&limit=20');
    expect(listKey('/api/admin/audit-log', { offset: 0 }, 8)).toBe('/api/admin/audit-log?offset=0&limit=8');
  });
});

describe('fetchListPage', () => {
  it('reads the page and the total of every match from X-Total-Count', async () => {
    await expect(fetchListPage(server.url('/users?offset=0&limit=20'))).resolves.toEqual({ items: [{ id: 1 }, { id: 2 }], total: 57 });
  });

  it("counts the page when the total is missing, and throws the API's error otherwise", async () => {
    await expect(fetchListPage(server.url('/no-total'))).resolves.toEqual({ items: [{ id: 1 }], total: 1 });
    await expect(fetchListPage(server.url('/forbidden'))).rejects.toMatchObject({ status: 403, apiMessage: 'Administrators only' });
  });
});

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PAGE_IDS, PAGES, pageAt, pageDataPath } from './pages';

const FRONTEND_DIR = fileURLToPath(new URL('../frontend/', import.meta.url));

describe('PAGES', () => {
  it('names source modules that exist in the front end', () => {
    for (const id of PAGE_IDS) expect(existsSync(`${FRONTEND_DIR}${PAGES[id].module}`), PAGES[id].module).toBe(true);
  });

  it('gives every address one page, and the 404 page to any other', () => {
    expect(pageAt('/')).toBe('home');
    expect(pageAt('/professionals')).toBe('directory');
    expect(pageAt('/professionals/bits-bytes')).toBe('profile');
    expect(pageAt('/admin')).toBe('admin');
    expect(pageAt('/admin/mail')).toBe('adminMail');
    expect(pageAt('/professionals/a/b')).toBe('notFound');
    expect(pageAt('/no-such-page')).toBe('notFound');
  });
});

describe('pageDataPath', () => {
  it("is the profile's SWR key for a slug, re-encoded", () => {
    expect(pageDataPath('/professionals/bits-bytes', '')).toBe('/api/professionals/slug/bits-bytes');
    expect(pageDataPath('/professionals/caf%C3%A9-it', '')).toBe('/api/professionals/slug/caf%C3%A9-it');
  });

  it('is nothing for an id address (redirected), a ?near= profile, a bad escape or the directory', () => {
    expect(pageDataPath('/professionals/42', '')).toBeUndefined();
    expect(pageDataPath('/professionals/bits-bytes', 'near=M1')).toBeUndefined();
    expect(pageDataPath('/professionals/%E0%A4%A', '')).toBeUndefined();
    expect(pageDataPath('/professionals', 'service=Web%20Design')).toBeUndefined();
  });
});


import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_FILE } from '../../api/src/domain/accounts/common-passwords-file';
import { FRONTEND_BUILD_RECORD, type FrontendBuildRecord } from '../../core/frontend-build-record';
import { buildServer, ensureBuilt, frontendRebuildReason } from './build';
import { ROOT } from './paths';

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

describe('server bundles', () => {
  // The Docker runtime image has production dependencies only (npm prune --omit=dev).
  it('import at run time only Node built-ins and production dependencies', async () => {
    const { outputs, externals } = await buildServer({ write: false });
    expect(outputs.map((o) => path.relative(ROOT, path.resolve(ROOT, o))).sort()).toEqual(['dist/api/server.js', 'dist/worker/main.js']);
    const missing = externals
      .filter((s) => !s.startsWith('node:') && !builtinModules.includes(s))
      .map(packageName)
      .filter((name) => !(name in pkg.dependencies));
    expect(missing).toEqual([]);
  }, 30_000);

  // The Stripe stand-in is a process of its own (docs/decisions/0008): a production API or worker
  // cannot take fake payments because it does not hold the code that would.
  it('hold none of the Stripe stand-in', async () => {
    const { inputs, texts } = await buildServer({ write: false });
    expect(inputs.filter((file) => file.startsWith('stand-ins/'))).toEqual([]);
    expect(inputs).toContain('api/src/payments/payments.ts');
    expect(texts).toHaveLength(2);
    for (const text of texts) {
      // Its pages' banner and its own error for a path it lacks: strings nothing else has.
      expect(text).not.toContain('no real money is taken');
      expect(text).not.toContain('The Stripe stand-in implements only the calls');
    }
  }, 30_000);
});

describe('the server build', () => {
  let outDir = '';
  afterEach(() => rmSync(outDir, { recursive: true, force: true }));

  // The bundle reads the list where the module reads it in the sources: beside itself.
  it('puts the list of common passwords beside dist/api/server.js, where the bundle reads it', async () => {
    outDir = mkdtempSync(path.join(tmpdir(), 'itc-build-'));
    await buildServer({ outDir });
    expect(readFileSync(path.join(outDir, 'api', 'common-passwords.txt'), 'utf8')).toBe(readFileSync(fileURLToPath(COMMON_PASSWORDS_FILE), 'utf8'));
    expect(readFileSync(path.join(outDir, 'api', 'server.js'), 'utf8')).toContain('new URL("./common-passwords.txt", import.meta.url)');
  }, 30_000);
});

describe('a start judging the front-end build', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A front-end build made now (newer than every source), noting `record` (or nothing). */
  function frontendBuild(record: FrontendBuildRecord | null): string {
    dir = mkdtempSync(path.join(tmpdir(), 'itc-frontend-build-'));
    mkdirSync(path.join(dir, '.vite', 'ssr'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(dir, '.vite', 'ssr', 'server-render.js'), 'export {};');
    if (record) writeFileSync(path.join(dir, FRONTEND_BUILD_RECORD), JSON.stringify(record));
    return dir;
  }

  async function buildsRun(frontendDir: string): Promise<{ steps: string[]; lines: string[] }> {
    const steps: string[] = [];
    const lines: string[] = [];
    await ensureBuilt({
      frontendOnly: true,
      frontendDir,
      log: (line) => lines.push(line),
      runStep: async (name) => {
        steps.push(name);
      },
    });
    return { steps, lines };
  }

  it('keeps a production build that is newer than its sources', async () => {
    const built = frontendBuild({ mode: 'production', isProduction: true });
    expect(frontendRebuildReason(built)).toBeNull();
    expect(await buildsRun(built)).toEqual({ steps: [], lines: ['build is up to date'] });
  });

  it('builds again over a development build, however new', async () => {
    for (const record of [
      { mode: 'development', isProduction: false },
      { mode: 'development', isProduction: true },
      { mode: 'production', isProduction: false },
    ]) {
      const built = frontendBuild(record);
      expect(frontendRebuildReason(built), JSON.stringify(record)).toMatch(/development build/);
      const { steps, lines } = await buildsRun(built);
      expect(steps).toEqual(['vite build']);
      expect(lines[0]).toContain(`mode ${record.mode}`);
      rmSync(built, { recursive: true, force: true });
    }
  });

  it('builds again when the build noted no mode (one made before builds noted it), or is missing a part', async () => {
    expect(frontendRebuildReason(frontendBuild(null))).toMatch(/no build there yet/);
    const built = frontendBuild({ mode: 'production', isProduction: true });
    writeFileSync(path.join(built, FRONTEND_BUILD_RECORD), '{"mode":"production"}');
    expect(frontendRebuildReason(built)).toMatch(/noted no mode/);
    rmSync(path.join(built, '.vite', 'ssr', 'server-render.js'));
    expect(frontendRebuildReason(built)).toMatch(/no build there yet/);
  });
});

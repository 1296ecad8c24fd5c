import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer } from './build';
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
});

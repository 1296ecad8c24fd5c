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

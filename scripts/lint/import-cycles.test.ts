// The import-cycle check (import-cycles.ts) over small projects written to a temporary folder:
// every kind of import closes a circle (type-only, dynamic, a type's import('…'), a re-export),
// packages and files outside the project never do, and each circle is reported once with every
// file caught in it.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findCycles, findImportCycles, importedSpecifiers } from './import-cycles';

const roots: string[] = [];

/** A project of these files (path → text) with a tsconfig.json like the repository's. */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  roots.push(root);
  const tsconfig = { compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true, jsx: 'react-jsx', noEmit: true }, include: ['src'] };
  writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify(tsconfig));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('importedSpecifiers', () => {
  it('names static, type-only, re-exported, dynamic and type-position imports, and nothing in strings or comments', () => {
    const text = [
      "import a from './a';",
      "import type { B } from './b';",
      "import { type C } from './c';",
      "export * from './d';",
      "export type { E } from './e';",
      "const f = () => import('./f');",
      "type G = import('./g').G;",
      "import h = require('./h');",
      "// import x from './commented';",
      "const s = \"import y from './in-a-string'\";",
      "const dynamicName = (name: string) => import(name);",
    ].join('\n');
    expect(importedSpecifiers('x.ts', text)).toEqual(['./a', './b', './c', './d', './e', './f', './g', './h']);
  });
});

describe('findCycles', () => {
  it('finds each strongly connected component once, as a closed path, with every file in it', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['g']],
      ['g', ['f', 'h']],
      ['h', ['g']],
    ]);
    const cycles = findCycles(graph);
    expect(cycles).toEqual([
      { path: ['a', 'b', 'c', 'a'], files: ['a', 'b', 'c'] },
      { path: ['e', 'e'], files: ['e'] },
      { path: ['f', 'g', 'f'], files: ['f', 'g', 'h'] },
    ]);
  });

  it('finds none in a graph without circles, however long its chains', () => {
    const chain = new Map(Array.from({ length: 20_000 }, (_, i) => [`n${i}`, i + 1 < 20_000 ? [`n${i + 1}`] : []]));
    expect(findCycles(chain)).toEqual([]);
    chain.set('n19999', ['n0']);
    expect(findCycles(chain)[0]!.files).toHaveLength(20_000);
  });
});

describe('findImportCycles', () => {
  it('counts a circle closed by a type-only import, which import-x/no-cycle does not', () => {
    const root = project({
      'src/columns.ts': "import type { Listing } from './listing';\nexport const columns = (l: Listing) => l.id;\n",
      'src/listing.ts': "import { columns } from './columns';\nexport interface Listing { id: number }\nexport const first = columns;\n",
    });
    expect(findImportCycles(root)).toEqual([{ path: ['src/columns.ts', 'src/listing.ts', 'src/columns.ts'], files: ['src/columns.ts', 'src/listing.ts'] }]);
  });

  it('counts a circle closed by a dynamic import and one by a type written as import(…)', () => {
    const root = project({
      'src/reporting.ts': "export const load = () => import('./sentry').then((m) => m.start);\n",
      'src/sentry.ts': "export const start = (capture: import('./reporting').Capture) => capture;\n",
    });
    const withDynamic = findImportCycles(root);
    expect(withDynamic.map((c) => c.files)).toEqual([['src/reporting.ts', 'src/sentry.ts']]);
    writeFileSync(path.join(root, 'src/reporting.ts'), "export type Capture = () => void;\nexport const load = () => import('./sentry');\n");
    writeFileSync(path.join(root, 'src/capture.ts'), 'export type Capture = () => void;\n');
    writeFileSync(path.join(root, 'src/sentry.ts'), "import type { Capture } from './capture';\nexport const start = (capture: Capture) => capture;\n");
    expect(findImportCycles(root)).toEqual([]);
  });

  it('follows directories, .tsx files and re-exports, and never counts packages or files outside the project', () => {
    const root = project({
      'src/page/index.tsx': "export * from '../widgets';\nexport const Page = () => null;\n",
      'src/widgets.tsx': "import { Page } from './page';\nimport ts from 'typescript';\nimport outside from '../elsewhere';\nexport const W = [Page, ts, outside];\n",
      'elsewhere.ts': "import { W } from './src/widgets';\nexport default W;\n",
    });
    expect(findImportCycles(root)).toEqual([{ path: ['src/page/index.tsx', 'src/widgets.tsx', 'src/page/index.tsx'], files: ['src/page/index.tsx', 'src/widgets.tsx'] }]);
  });
});

// `npm run build:server`: esbuild bundles of the API (dist/api/server.js) and the worker
// (dist/worker/main.js), run in production with `node dist/api/server.js` / `node dist/worker/main.js`.
// Packages stay external (node_modules is needed at run time); see scripts/lib/build.ts.
import path from 'node:path';
import { buildServer } from './lib/build';
import { ROOT } from './lib/paths';

const started = Date.now();
try {
  const { outputs } = await buildServer();
  for (const file of outputs) console.log(`  ${path.relative(ROOT, path.resolve(ROOT, file))}`);
  console.log(`API and worker bundled in ${Date.now() - started} ms`);
} catch (error) {
  // esbuild has already printed the errors with their locations.
  console.error((error as Error).message);
  process.exitCode = 1;
}

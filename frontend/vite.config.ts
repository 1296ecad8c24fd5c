// Vite config for the React SPA. Root is frontend/; the build goes to <repo>/dist/frontend, which
// the Koa API serves in production. In development the dev server forwards the API and Bull Board
// to the API process on port 3000, so the SPA always talks to its own origin (cookies stay first-party).
// The build also writes .br and .gz beside every script and stylesheet: the API serves those
// (koa-send picks one by Accept-Encoding), so no file is compressed per request (LCP budget,
// docs/performance.md: 250 KB of raw entry script is over a second on a slow mobile link).
// Then it builds the server-render entries (src/prerender.tsx, src/server-render.tsx) into
// .vite/ssr/, prerenders the pages of src/prerender.tsx into .vite/prerendered.json, which the API
// puts into those pages' index.html (api/src/spa/page-preloads.ts), and leaves server-render.js there
// for the API to render the directory and profiles per request (api/src/spa/first-screen.ts,
// docs/decisions/0018-server-rendered-first-screen.md). .vite/ is never served (a hidden folder).
// Last, it notes its mode in .vite/ (core/frontend-build-record.ts), so a start rebuilds a
// development build (scripts/lib/build.ts).
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
// With an extension, which Vite's config loader asks of a relative import (TypeScript maps .js to the .ts file).
import { FRONTEND_BUILD_RECORD, type FrontendBuildRecord } from '../core/frontend-build-record.js';

const frontendDir = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/frontend', import.meta.url));
const apiTarget = 'http://127.0.0.1:3000';

/**
 * The release error reports name (product rule 37): the git commit built, else package.json's
 * version (a build outside a checkout, e.g. a Docker context without .git).
 */
function buildRelease(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: frontendDir, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    const require = createRequire(import.meta.url);
    return (require('../package.json') as { version: string }).version;
  }
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /^assets\/.*\.(js|css|svg|json|txt)$/;

/** Writes file.br and file.gz beside each compressible file under assets/ of 1 KB or more. */
function precompress(): Plugin {
  return {
    name: 'itconnect-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const target = path.join(dir, file);
          const content = await readFile(target);
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotliAsync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * After the client build: an SSR build of the server-render entries into .vite/ssr/, every package
 * bundled in (the production image keeps only the API's dependencies, and React is the front end's),
 * then the prerendered pages made with it in this process.
 */
function serverRender(): Plugin {
  let isSsrBuild = false;
  let buildOutDir = outDir;
  return {
    name: 'itconnect-server-render',
    apply: 'build',
    configResolved(config) {
      isSsrBuild = Boolean(config.build.ssr);
      buildOutDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (isSsrBuild) return;
      const ssrDir = path.join(buildOutDir, '.vite', 'ssr');
      await build({
        configFile: false,
        root: frontendDir,
        logLevel: 'warn',
        plugins: [react()],
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: true,
          rollupOptions: { input: { prerender: 'src/prerender.tsx', 'server-render': 'src/server-render.tsx' } },
          outDir: ssrDir,
          emptyOutDir: true,
          copyPublicDir: false,
          minify: false,
        },
      });
      const entry = `${pathToFileURL(path.join(ssrDir, 'prerender.js')).href}?build=${Date.now()}`;
      const { PRERENDERED_PATHS, prerenderPage } = (await import(entry)) as typeof import('./src/prerender');
      const pages: Record<string, string> = {};
      for (const pathname of PRERENDERED_PATHS) pages[pathname] = await prerenderPage(pathname);
      await mkdir(path.join(buildOutDir, '.vite'), { recursive: true });
      await writeFile(path.join(buildOutDir, '.vite', 'prerendered.json'), `${JSON.stringify(pages, null, 2)}\n`);
    },
  };
}

/** Notes the build's mode beside it once everything else is written (core/frontend-build-record.ts). */
function buildRecord(): Plugin {
  let record: FrontendBuildRecord | undefined;
  let buildOutDir = outDir;
  return {
    name: 'itconnect-build-record',
    apply: 'build',
    configResolved(config) {
      record = { mode: config.mode, isProduction: config.isProduction };
      buildOutDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!record) return;
        await mkdir(path.dirname(path.join(buildOutDir, FRONTEND_BUILD_RECORD)), { recursive: true });
        await writeFile(path.join(buildOutDir, FRONTEND_BUILD_RECORD), `${JSON.stringify(record)}\n`);
      },
    },
  };
}

export default defineConfig({
  root: frontendDir,
  plugins: [react(), tailwindcss(), precompress(), serverRender(), buildRecord()],
  define: { __ITC_RELEASE__: JSON.stringify(buildRelease()) },
  build: {
    outDir,
    emptyOutDir: true,
    // .vite/manifest.json: the API preloads each page's chunk from it (api/src/spa/page-preloads.ts).
    manifest: true,
    // Every page is lazy-loaded (src/routes.tsx), so the entry holds only the shell.
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/admin/queues': { target: apiTarget, changeOrigin: false },
    },
  },
});

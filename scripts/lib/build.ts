// The build the start script and the e2e runner need, done only when it is missing, older than
// its sources, or of the wrong kind:
//   frontend: Vite → dist/frontend (served by the API from STATIC_DIR), with the server-render
//             entry the API renders the directory and profiles with in dist/frontend/.vite/ssr/,
//             and a note of its mode (core/frontend-build-record.ts): every start serves a
//             production build, so a development build (`vite build --mode development`, or with
//             NODE_ENV=development) is built again even when it is newer than its sources
//   server:   esbuild → dist/api/server.js and dist/worker/main.js (Node 20 cannot run
//             TypeScript; packages stay external and are loaded from node_modules at run time),
//             and beside them the files the API reads at start (the list of common passwords)
// "Older" compares the newest source file's mtime with the build output's, so a manual
// `npm run build` counts too.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { COMMON_PASSWORDS_FILE } from '../../api/src/domain/accounts/common-passwords-file';
import { FRONTEND_BUILD_RECORD, type FrontendBuildRecord } from '../../core/frontend-build-record';
import { DIST_DIR, ROOT } from './paths';

/** Files whose changes make a build stale (tests and generated folders excluded). */
const FRONTEND_SOURCES = ['frontend', 'core', 'package-lock.json', 'tsconfig.json'];
const SERVER_SOURCES = ['api', 'worker', 'core', 'prisma', 'package-lock.json', 'tsconfig.json'];
const IGNORED_DIRS = new Set(['node_modules', 'migrations', 'seed', 'scripts', 'dist', 'public-test']);
const IGNORED_FILE = /\.(test|int\.test|spec)\.tsx?$|\.md$/;

export const SERVER_ENTRIES = {
  'api/server': 'api/src/server.ts',
  'worker/main': 'worker/src/main.ts',
} as const;
/**
 * Files the API reads at start beside its bundle (by the bundle's import.meta.url), as it reads them
 * beside their module in the sources: copied into dist/api/ by buildServer.
 */
const SERVER_FILES = [fileURLToPath(COMMON_PASSWORDS_FILE)];
export const SERVER_OUTPUTS = [
  ...Object.keys(SERVER_ENTRIES).map((name) => path.join(DIST_DIR, `${name}.js`)),
  ...SERVER_FILES.map((file) => path.join(DIST_DIR, 'api', path.basename(file))),
];
const FRONTEND_DIR = path.join(DIST_DIR, 'frontend');

/** The front-end build's files that must all be there, relative to its folder. */
const FRONTEND_OUTPUTS = [
  'index.html',
  // The server-render entry (api/src/spa/first-screen.ts): a build from before it existed is stale.
  '.vite/ssr/server-render.js',
  FRONTEND_BUILD_RECORD,
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return IGNORED_FILE.test(target) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.isDirectory() && IGNORED_DIRS.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function oldestOutput(files: string[]): number {
  let oldest = Infinity;
  for (const file of files) {
    if (!existsSync(file)) return 0;
    oldest = Math.min(oldest, statSync(file).mtimeMs);
  }
  return oldest;
}

export function isStale(sources: string[], outputs: string[]): boolean {
  const built = oldestOutput(outputs);
  if (built === 0) return true;
  return sources.some((source) => newestMtime(path.join(ROOT, source)) > built);
}

/** The mode a front-end build in `dir` noted, or null when it noted none (or not readably). */
export function readFrontendBuildRecord(dir: string = FRONTEND_DIR): FrontendBuildRecord | null {
  try {
    const record = JSON.parse(readFileSync(path.join(dir, FRONTEND_BUILD_RECORD), 'utf8')) as Partial<FrontendBuildRecord>;
    return typeof record.mode === 'string' && typeof record.isProduction === 'boolean' ? { mode: record.mode, isProduction: record.isProduction } : null;
  } catch {
    return null;
  }
}

/**
 * Why the front-end build in `dir` will not do for a start, or null when it will. Every start serves
 * a production build: the API's pages preload its chunks and render its server entry.
 */
export function frontendRebuildReason(dir: string = FRONTEND_DIR): string | null {
  if (isStale(FRONTEND_SOURCES, FRONTEND_OUTPUTS.map((file) => path.join(dir, file)))) return 'no build there yet, or older than its sources';
  const record = readFrontendBuildRecord(dir);
  if (!record) return `the build there noted no mode (${FRONTEND_BUILD_RECORD})`;
  if (record.mode !== 'production' || !record.isProduction) {
    return `the build there is a development build (mode ${record.mode}, NODE_ENV ${record.isProduction ? 'production' : 'not production'})`;
  }
  return null;
}

export const isServerStale = () => isStale(SERVER_SOURCES, SERVER_OUTPUTS);

/**
 * esbuild bundles of the API and the worker (also `npm run build:server`). With `write: false`
 * nothing is written: tests use that to check what the bundles import at run time.
 */
export async function buildServer(
  options: { write?: boolean; outDir?: string } = {},
): Promise<{ outputs: string[]; externals: string[]; inputs: string[]; texts: string[] }> {
  const outDir = options.outDir ?? DIST_DIR;
  const write = options.write ?? true;
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: SERVER_ENTRIES,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    // Keep names readable in stack traces and logs.
    keepNames: true,
    metafile: true,
    write,
    logLevel: 'warning',
  });
  if (write) {
    mkdirSync(path.join(outDir, 'api'), { recursive: true });
    for (const file of SERVER_FILES) copyFileSync(file, path.join(outDir, 'api', path.basename(file)));
  }
  // esbuild keeps a helper process for later builds; we won't make any.
  await esbuild.stop();
  const outputs = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
  const externals = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imported of output.imports) if (imported.external) externals.add(imported.path);
  }
  const texts = (result.outputFiles ?? []).filter((file) => file.path.endsWith('.js')).map((file) => file.text);
  return { outputs, externals: [...externals].sort(), inputs: Object.keys(result.metafile.inputs).sort(), texts };
}

/** The command that runs the Vite production build (a child process: Vite is heavy to load). */
export function frontendBuildCommand(): { command: string; args: string[] } {
  return {
    command: process.execPath,
    args: [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'],
  };
}

export interface EnsureBuiltOptions {
  /** Skip the server bundles (development runs api and worker from source with tsx). */
  frontendOnly?: boolean;
  /** Build even when the output looks current. */
  force?: boolean;
  log: (line: string) => void;
  /** Runs a build command to completion (the supervisor's runStep, so Ctrl-C stops it). */
  runStep: (name: string, command: string, args: string[]) => Promise<void>;
  /** Where the front-end build is judged (tests); dist/frontend. */
  frontendDir?: string;
}

export async function ensureBuilt(options: EnsureBuiltOptions): Promise<void> {
  const frontendReason = options.force ? 'a fresh build asked for' : frontendRebuildReason(options.frontendDir);
  const serverStale = !options.frontendOnly && (options.force || isServerStale());
  if (!frontendReason && !serverStale) {
    options.log('build is up to date');
    return;
  }
  const steps: Promise<void>[] = [];
  if (frontendReason) {
    const started = Date.now();
    options.log(`building the frontend (vite build → dist/frontend; ${frontendReason})…`);
    const { command, args } = frontendBuildCommand();
    steps.push(
      options.runStep('vite build', command, args).then(() => options.log(`frontend built in ${((Date.now() - started) / 1000).toFixed(1)} s`)),
    );
  }
  if (serverStale) {
    const started = Date.now();
    options.log('bundling the API and worker (esbuild → dist/api, dist/worker)…');
    steps.push(buildServer().then(() => options.log(`API and worker bundled in ${((Date.now() - started) / 1000).toFixed(1)} s`)));
  }
  await Promise.all(steps);
}

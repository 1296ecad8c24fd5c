// `npm run start:cluster`: the product as it runs in production with several instances, on one
// machine: two API processes and two workers on one PostgreSQL and one Redis, behind nginx.
//   1–4. as `npm start` (scripts/lib/stack.ts): secrets, build, services, migrations, demo data
//   5. the APIs on 127.0.0.1, on the first free ports after PORT (PORT+1, PORT+2, …), each with
//      TRUST_PROXY_HOPS=1 and PUBLIC_URL the address nginx serves
//   6. the workers (same queues: BullMQ hands each job to one of them)
//   7. nginx (Debian's package, run in the foreground from a config written to
//      <data dir>/cluster/nginx) on HOST:PORT, the only public door; round-robin over the APIs,
//      the directory's URLs by a hash of the URI (scripts/lib/nginx.ts)
// Ctrl-C or SIGTERM stops everything (supervisor.ts). How this maps onto real machines, managed
// PostgreSQL and Redis: docs/deploy.md.
// Options: those of `npm start` (--dev, --no-seed, --rebuild, --raw-logs), and --no-build (build
// nothing: API answers only, no pages; the cluster test uses it with --dev).
// ITC_CLUSTER_APIS and ITC_CLUSTER_WORKERS (default 2 each) change the counts.
import path from 'node:path';
import { z } from 'zod';
import { readyBanner } from './lib/banner';
import { colour, createLogger } from './lib/log';
import { findNginx, writeNginxConfig } from './lib/nginx';
import { dataDir, ROOT } from './lib/paths';
import { startStandIn } from './lib/payments';
import { findFreePort } from './lib/ports';
import { waitForReady } from './lib/ready';
import { displayPath, prepareStack, reachableHost, serverCommands } from './lib/stack';
import { Supervisor } from './lib/supervisor';

const log = createLogger('cluster');
const args = new Set(process.argv.slice(2));
const isDev = args.has('--dev');
const supervisor = new Supervisor(log);
supervisor.installSignalHandlers();

const ClusterEnv = z.object({
  ITC_CLUSTER_APIS: z.coerce.number().int().min(1).max(16).default(2),
  ITC_CLUSTER_WORKERS: z.coerce.number().int().min(0).max(16).default(2),
});

async function main(): Promise<void> {
  const started = Date.now();
  const counts = ClusterEnv.parse(process.env);
  const nginx = findNginx();
  if (!nginx) {
    throw new Error('nginx is not installed: on Debian or Ubuntu `apt-get install nginx` (its system service is not used), or set NGINX_BIN.');
  }
  const stack = await prepareStack({ log, supervisor, isDev, rebuild: args.has('--rebuild'), noBuild: args.has('--no-build'), noSeed: args.has('--no-seed') });
  if (!stack || supervisor.isStopping) return;
  const { env, publicUrl, childEnv, standIn, accounts } = stack;
  const publicDoor = `http://${reachableHost(env.HOST)}:${env.PORT}`;

  const node = process.execPath;
  const commands = serverCommands(isDev);
  const rawLogs = args.has('--raw-logs');
  // One stand-in for the whole cluster, as there is one Stripe: its webhooks go through nginx.
  if (standIn) await startStandIn(supervisor, standIn, childEnv, { rawLogs });
  if (supervisor.isStopping) return;
  const apiHost = '127.0.0.1';
  const apiPorts: number[] = [];
  for (let i = 0; i < counts.ITC_CLUSTER_APIS; i += 1) apiPorts.push(await findFreePort((apiPorts.at(-1) ?? env.PORT) + 1, apiHost));

  apiPorts.forEach((port, i) => {
    supervisor.spawnService(`API ${i + 1}`, node, commands.api, {
      cwd: ROOT,
      env: { ...childEnv, HOST: apiHost, PORT: String(port), TRUST_PROXY_HOPS: '1' },
      prefix: colour.cyan(`[api${i + 1}]  `),
      rawLogs,
    });
  });
  for (let i = 0; i < counts.ITC_CLUSTER_WORKERS; i += 1) {
    supervisor.spawnService(`worker ${i + 1}`, node, commands.worker, {
      cwd: ROOT,
      env: childEnv,
      prefix: colour.magenta(`[worker${i + 1}]`),
      rawLogs,
    });
  }

  for (const port of apiPorts) {
    const ready = await waitForReady(`http://${apiHost}:${port}/api/ready`, { timeoutMs: 90_000, isCancelled: () => supervisor.isStopping });
    if (supervisor.isStopping) return;
    if (!ready.ok) throw new Error(`The API on port ${port} did not become ready within 90 s (${ready.reason}).`);
  }

  const nginxDir = path.join(dataDir(), 'cluster', `nginx-${env.PORT}`);
  const nginxArgs = writeNginxConfig({
    dir: nginxDir,
    listenHost: env.HOST,
    listenPort: env.PORT,
    upstreams: apiPorts.map((port) => `${apiHost}:${port}`),
    isRoot: process.getuid?.() === 0,
  });
  supervisor.spawnService('nginx', nginx, nginxArgs, { cwd: ROOT, env: process.env, prefix: colour.green('[nginx]  '), rawLogs: true });
  const ready = await waitForReady(`${publicDoor}/api/ready`, { timeoutMs: 15_000, isCancelled: () => supervisor.isStopping });
  if (supervisor.isStopping) return;
  if (!ready.ok) throw new Error(`nginx did not answer within 15 s (${ready.reason}); see ${path.join(nginxDir, 'error.log')}.`);

  console.log(
    readyBanner({
      name: 'ITConnect (cluster)',
      publicUrl,
      readySeconds: (Date.now() - started) / 1000,
      isDev,
      isStandIn: Boolean(standIn),
      details: [
        `nginx on ${env.HOST}:${env.PORT} → ${apiPorts.length} APIs (${apiPorts.map((port) => `${apiHost}:${port}`).join(', ')}); ${counts.ITC_CLUSTER_WORKERS} workers; nginx files in ${displayPath(nginxDir)}`,
      ],
      accounts,
    }),
  );
}

main().catch((error: unknown) => {
  if (supervisor.isStopping) return;
  log.error(error instanceof Error ? error.message : String(error));
  void supervisor.shutdown(1);
});

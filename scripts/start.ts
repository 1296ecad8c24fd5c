// `npm start` (and `npm run dev` = `--dev`): the whole product on one machine, from a fresh clone.
//   1–4. secrets, build, PostgreSQL and Redis found or started, migrations, first-run demo data
//        (scripts/lib/stack.ts, docs/decisions/0002-how-start-finds-services.md)
//   5. run the Stripe stand-in when no Stripe keys are set (scripts/lib/payments.ts), then the API
//      and the worker as child processes; print the URL once /api/ready answers
// Ctrl-C or SIGTERM stops the children, then the database and Redis we started (supervisor.ts).
// --dev runs api/ and worker/ from source with tsx (no server bundle).
// Options: --dev, --no-seed, --rebuild, --raw-logs.
// Several APIs and workers behind nginx: `npm run start:cluster` (scripts/start-cluster.ts).
import { readyBanner } from './lib/banner';
import { colour, createLogger } from './lib/log';
import { startStandIn } from './lib/payments';
import { ROOT } from './lib/paths';
import { waitForReady } from './lib/ready';
import { prepareStack, reachableHost, serverCommands } from './lib/stack';
import { Supervisor } from './lib/supervisor';

const log = createLogger('start');
const args = new Set(process.argv.slice(2));
const isDev = args.has('--dev');
const supervisor = new Supervisor(log);
supervisor.installSignalHandlers();

async function main(): Promise<void> {
  const started = Date.now();
  const stack = await prepareStack({ log, supervisor, isDev, rebuild: args.has('--rebuild'), noSeed: args.has('--no-seed') });
  if (!stack || supervisor.isStopping) return;
  const { env, publicUrl, childEnv, standIn, accounts } = stack;

  const node = process.execPath;
  const commands = serverCommands(isDev);
  const rawLogs = args.has('--raw-logs');
  if (standIn) await startStandIn(supervisor, standIn, childEnv, { rawLogs });
  if (supervisor.isStopping) return;
  supervisor.spawnService('API', node, commands.api, { cwd: ROOT, env: childEnv, prefix: colour.cyan('[api]   '), rawLogs });
  supervisor.spawnService('worker', node, commands.worker, { cwd: ROOT, env: childEnv, prefix: colour.magenta('[worker]'), rawLogs });

  const ready = await waitForReady(`http://${reachableHost(env.HOST)}:${env.PORT}/api/ready`, {
    timeoutMs: 60_000,
    isCancelled: () => supervisor.isStopping,
  });
  if (supervisor.isStopping) return;
  if (!ready.ok) throw new Error(`The API did not become ready within 60 s (${ready.reason}).`);

  console.log(readyBanner({ name: 'ITConnect', publicUrl, readySeconds: (Date.now() - started) / 1000, isDev, isStandIn: Boolean(standIn), accounts }));
}

main().catch((error: unknown) => {
  if (supervisor.isStopping) return;
  log.error(error instanceof Error ? error.message : String(error));
  void supervisor.shutdown(1);
});

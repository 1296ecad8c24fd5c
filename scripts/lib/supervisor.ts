// Runs the product's processes for the start script and the e2e runner, and stops everything in
// the right order, exactly once:
//   1. children (API, worker, a build in progress) get SIGTERM; after 15 s, SIGKILL;
//   2. then the cleanups (the embedded PostgreSQL and redis-server we started), newest first.
// Triggers: SIGINT, SIGTERM or SIGHUP to this process; our parent going away (`kill <npm pid>`
// makes npm kill the `sh -c` between us without telling us); a supervised child that exits on its
// own (a crash: everything stops and we exit non-zero); or an explicit shutdown(code).
//
// API and worker stay in our process group, so a terminal's Ctrl-C (or a kill of the whole group)
// reaches them even if this process is gone; the database and Redis we start run in their own
// group (see embedded-postgres.ts) so they outlive the children they serve.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { pipeLines } from './log-lines';
import type { Logger } from './log';

const STOP_TIMEOUT_MS = 15_000;
/** How long a child's exit waits for a signal that may be on its way (Ctrl-C reaches all of us). */
const SIGNAL_GRACE_MS = 300;

interface Supervised {
  name: string;
  child: ChildProcess;
  exited: Promise<void>;
}

export class Supervisor {
  private readonly children = new Set<Supervised>();
  private readonly cleanups: { done: string; run: () => Promise<void> }[] = [];
  private stopping: Promise<never> | undefined;
  private signalsSeen = 0;

  constructor(private readonly log: Logger) {}

  get isStopping(): boolean {
    return this.stopping !== undefined;
  }

  installSignalHandlers(): void {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.on(signal, () => {
        this.signalsSeen += 1;
        if (this.signalsSeen === 1) {
          this.log.info(`${signal} received: stopping…`);
          void this.shutdown(0);
        } else if (this.signalsSeen === 2) {
          this.log.warn('still stopping (waiting for processes to exit); send the signal again to kill them now');
        } else {
          for (const { child } of this.children) child.kill('SIGKILL');
        }
      });
    }
    // Output may go to a terminal or pipe that is gone by the time we report the shutdown.
    process.stdout.on('error', () => undefined);
    process.stderr.on('error', () => undefined);
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent && !this.isStopping) {
        this.log.info('our parent process exited: stopping…');
        void this.shutdown(0);
      }
    }, 1000).unref();
  }

  /**
   * Registers something to undo after the children stop, e.g. a started database. `done` is the
   * line logged when it has been undone ("stopped PostgreSQL").
   */
  addCleanup(done: string, run: () => Promise<void>): void {
    this.cleanups.push({ done, run });
  }

  /**
   * Starts a long-running child whose output is forwarded with a `[name]` prefix. If it exits
   * while we are not stopping, everything stops and the process exits with 1.
   */
  spawnService(name: string, command: string, args: string[], options: SpawnOptions & { prefix: string; rawLogs?: boolean }): ChildProcess {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    pipeLines(child.stdout!, options.prefix, (line) => process.stdout.write(`${line}\n`), options.rawLogs);
    pipeLines(child.stderr!, options.prefix, (line) => process.stderr.write(`${line}\n`), options.rawLogs);
    const entry = this.track(name, child);
    void entry.exited.then(() => {
      if (this.isStopping) return;
      setTimeout(() => {
        if (this.isStopping) return;
        const how = child.signalCode ? `was killed by ${child.signalCode}` : `exited with code ${child.exitCode}`;
        this.log.error(`${name} ${how}: stopping everything.`);
        void this.shutdown(1);
      }, SIGNAL_GRACE_MS);
    });
    return child;
  }

  /** Runs a command to completion with inherited output and returns its exit code; stopped on shutdown. */
  async run(name: string, command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'inherit', 'inherit'] });
    const entry = this.track(name, child);
    await entry.exited;
    // The caller's flow ends here too: main() ignores errors once a shutdown is under way.
    if (this.isStopping) throw new Error(`${name} was stopped`);
    return child.exitCode ?? 1;
  }

  /** Like run(), for a step that must succeed (a build). */
  async runStep(name: string, command: string, args: string[], options: SpawnOptions = {}): Promise<void> {
    const code = await this.run(name, command, args, options);
    if (code !== 0) throw new Error(`${name} failed (exit code ${code})`);
  }

  private track(name: string, child: ChildProcess): Supervised {
    const exited = new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.once('error', (error) => {
        this.log.error(`${name}: ${error.message}`);
        resolve();
      });
    });
    const entry = { name, child, exited };
    this.children.add(entry);
    void exited.then(() => this.children.delete(entry));
    return entry;
  }

  /** Stops children, then cleanups, then exits the process with `code`. Idempotent. */
  shutdown(code: number): Promise<never> {
    this.stopping ??= (async () => {
      const running = [...this.children].filter(({ child }) => child.exitCode === null && child.signalCode === null);
      await Promise.all(running.map((entry) => this.stopChild(entry)));
      for (const cleanup of [...this.cleanups].reverse()) {
        try {
          await cleanup.run();
          this.log.info(cleanup.done);
        } catch (error) {
          this.log.error(`cleanup failed (${cleanup.done}): ${(error as Error).message}`);
        }
      }
      process.exit(code);
    })();
    return this.stopping;
  }

  private async stopChild({ name, child, exited }: Supervised): Promise<void> {
    child.kill('SIGTERM');
    const timedOut = await Promise.race([
      exited.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), STOP_TIMEOUT_MS).unref()),
    ]);
    if (timedOut) {
      this.log.warn(`${name} did not stop within ${STOP_TIMEOUT_MS / 1000} s: killing it`);
      child.kill('SIGKILL');
      await exited;
    }
    this.log.info(`stopped ${name}${child.exitCode ? ` (exit code ${child.exitCode})` : ''}`);
  }
}

// Turns a child process's output into prefixed lines: "[api] INFO  request completed {...}".
// The API and worker log pino JSON; those lines are shortened to level, message and the other
// fields; anything else is passed through as written.
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { colour } from './log';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
const OMITTED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v']);

export function formatLogLine(line: string): string {
  if (!line.startsWith('{')) return line;
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof record.level !== 'number' || !('msg' in record || 'time' in record)) return line;
  const levelName = LEVELS[record.level] ?? String(record.level);
  const level = record.level >= 50 ? colour.red(levelName) : record.level >= 40 ? colour.yellow(levelName) : colour.dim(levelName);
  const rest = Object.fromEntries(Object.entries(record).filter(([key]) => !OMITTED.has(key)));
  const extra = Object.keys(rest).length > 0 ? ` ${colour.dim(JSON.stringify(rest))}` : '';
  return `${level} ${String(record.msg ?? '')}${extra}`;
}

/** Copies each line of `stream` to `write` with `prefix` in front. */
export function pipeLines(stream: Readable, prefix: string, write: (line: string) => void, raw = false): void {
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
  lines.on('line', (line) => write(`${prefix} ${raw ? line : formatLogLine(line)}`));
}

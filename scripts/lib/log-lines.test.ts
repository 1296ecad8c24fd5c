import { describe, expect, it } from 'vitest';
import { formatLogLine } from './log-lines';

describe('formatLogLine', () => {
  it('shortens pino JSON lines to level, message and the other fields', () => {
    const line = JSON.stringify({ level: 30, time: 1, pid: 2, hostname: 'h', msg: 'API listening', url: 'http://x' });
    expect(formatLogLine(line)).toBe('INFO  API listening {"url":"http://x"}');
    expect(formatLogLine(JSON.stringify({ level: 50, time: 1, msg: 'boom' }))).toBe('ERROR boom');
  });

  it('passes anything else through', () => {
    expect(formatLogLine('plain text')).toBe('plain text');
    expect(formatLogLine('{not json')).toBe('{not json');
    expect(formatLogLine('{"a":1}')).toBe('{"a":1}');
  });
});

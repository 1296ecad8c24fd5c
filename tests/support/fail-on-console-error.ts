// A console.error during a test is a bug or an unhandled path: fail the test that caused it.
import { afterEach, vi } from 'vitest';

const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  if (errors.length === 0) return;
  const printed = errors.map((args) => args.map(String).join(' ')).join('\n');
  errors.length = 0;
  throw new Error(`console.error was called during the test:\n${printed}`);
});

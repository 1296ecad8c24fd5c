// Commit subjects of 72 characters or fewer, the why in the body (README, Contributing), checked
// for every commit after CHECKED_FROM, the last one made before the rule was checked: older
// subjects stay as they are, since history that has landed is never rewritten. `npm run lint` runs
// it after the import cycles. Without git, or without that commit (a tarball, a shallow clone),
// it says so and passes.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SUBJECT_MAX = 72;
const CHECKED_FROM = 'e97eef7097f03a0ecd204cc5a271934bd2ad60e3';

/** The subjects longer than SUBJECT_MAX characters (counted as characters, not bytes). */
export function longSubjects(subjects: readonly string[]): string[] {
  return subjects.filter((subject) => [...subject].length > SUBJECT_MAX);
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
}

function main(): void {
  if (git(['cat-file', '-e', `${CHECKED_FROM}^{commit}`]) === null) {
    console.log(`commit subjects: not checked (no git history with ${CHECKED_FROM.slice(0, 7)} here)`);
    return;
  }
  const subjects = (git(['log', '--format=%s', `${CHECKED_FROM}..HEAD`]) ?? '').split('\n').filter((line) => line !== '');
  const long = longSubjects(subjects);
  if (long.length === 0) {
    console.log(`commit subjects: ${subjects.length} checked, none over ${SUBJECT_MAX} characters`);
    return;
  }
  console.error(`commit subjects over ${SUBJECT_MAX} characters (say what changed in the subject, the why in the body):`);
  for (const subject of long) console.error(`  ${[...subject].length}: ${subject}`);
  process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();

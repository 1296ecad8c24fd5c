// Writes api/src/domain/accounts/common-passwords.txt, the list of common passwords the API refuses
// (docs/decisions/0017-asvs-level-2-choices.md): the 30,000 most common passwords of zxcvbn 4.4.2
// (the `passwords` list of its lib/frequency_lists.js, most common first), one a line, under a
// header that carries zxcvbn's MIT licence. zxcvbn has had no release since 2017 and the API used
// nothing of it but this list, so the list is committed and the package is no dependency.
// Run once (the list is committed): `node --import tsx scripts/make-common-passwords.ts`. It fetches
// the package with `npm pack`, checks it against the integrity it had in our package-lock.json,
// and unpacks it with tar into a temporary folder.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMON_PASSWORDS_FILE, parseCommonPasswords } from '../api/src/domain/accounts/common-passwords-file';
import { ROOT } from './lib/paths';

const PACKAGE = 'zxcvbn@4.4.2';
const INTEGRITY = 'sha512-Bq0B+ixT/DMyG8kgX2xWcI5jUvCwqrMxSFam7m0lAf78nf04hv6lNCsyLYdyYTrCVMqNDY/206K7eExYCeSyUQ==';
const EXPECTED_COUNT = 30_000;

const dir = mkdtempSync(path.join(tmpdir(), 'itc-zxcvbn-'));
try {
  const tarball = execFileSync('npm', ['pack', PACKAGE, '--pack-destination', dir, '--silent'], { encoding: 'utf8' }).trim().split('\n').at(-1)!;
  const bytes = readFileSync(path.join(dir, tarball));
  const integrity = `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
  if (integrity !== INTEGRITY) throw new Error(`${PACKAGE} from the registry is not the package we used (integrity ${integrity})`);
  execFileSync('tar', ['-xzf', path.join(dir, tarball), '-C', dir]);
  const lists = createRequire(import.meta.url)(path.join(dir, 'package', 'lib', 'frequency_lists.js')) as { passwords: string[] };
  const { passwords } = lists;
  const licence = readFileSync(path.join(dir, 'package', 'LICENSE.txt'), 'utf8').trim();
  if (passwords.length !== EXPECTED_COUNT || new Set(passwords).size !== EXPECTED_COUNT) throw new Error(`expected ${EXPECTED_COUNT} distinct passwords, got ${passwords.length}`);
  // The reader takes a line starting with # for the header, and a password is one line of visible ASCII.
  const odd = passwords.filter((p) => p.startsWith('#') || !/^[\x21-\x7e]+$/.test(p));
  if (odd.length > 0) throw new Error(`passwords the list file cannot hold: ${odd.slice(0, 5).join(' ')}`);
  const header = [
    `The ${EXPECTED_COUNT.toLocaleString('en-GB')} most common passwords of zxcvbn 4.4.2 (lib/frequency_lists.js, "passwords"),`,
    'most common first, one a line. Written by scripts/make-common-passwords.ts and read by',
    'api/src/domain/accounts/common-passwords.ts; lines starting with # are this header.',
    '',
    'zxcvbn is published under the MIT licence:',
    '',
    ...licence.split('\n'),
  ];
  const text = `${header.map((line) => (line ? `# ${line}` : '#')).join('\n')}\n${passwords.join('\n')}\n`;
  // What is written is what the API will read.
  if (parseCommonPasswords(text).length !== EXPECTED_COUNT) throw new Error('the list file does not read back');
  writeFileSync(COMMON_PASSWORDS_FILE, text);
  console.log(`wrote ${path.relative(ROOT, fileURLToPath(COMMON_PASSWORDS_FILE))}: ${passwords.length} passwords`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

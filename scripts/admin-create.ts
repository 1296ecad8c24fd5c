// `npm run admin:create -- --email admin@example.com [--name "Site Admin"]`: creates an admin
// account, or promotes an existing account (its password is then replaced) — the first admin of a
// real deployment is made this way (product rule 21: no fixed passwords). The password is asked for
// twice, hidden, when stdin is a terminal; otherwise a random one is generated and printed once.
// Uses DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/itconnect); reads .env first.
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { Email } from '../core/auth';
import { createPrisma, type PrismaClient } from '../prisma/db';
import { hashPassword } from '../prisma/password';
import { isCommonPassword } from '../api/src/domain/accounts/common-passwords';
import { loadDotEnv } from './lib/dotenv';

const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/itconnect';
const MIN_PASSWORD = 12;

export async function createOrPromoteAdmin({
  prisma,
  email,
  name,
  password,
}: {
  prisma: PrismaClient;
  email: string;
  name: string;
  password: string;
}): Promise<{ id: number; outcome: 'created' | 'promoted' }> {
  const passwordHash = await hashPassword(password);
  const existing = await prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) {
    await prisma.user.update({
      where: { id: existing.id },
      data: { role: 'admin', passwordHash, isArchived: false, archivedAt: null, ...(name ? { name } : {}) },
    });
    return { id: existing.id, outcome: 'promoted' };
  }
  const user = await prisma.user.create({ data: { email, name: name || 'Administrator', role: 'admin', passwordHash }, select: { id: true } });
  return { id: user.id, outcome: 'created' };
}

/** Asks questions on the terminal without echoing the answers. One interface for every question. */
function hiddenPrompt(): { ask(question: string): Promise<string>; close(): void } {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  let isMuted = false;
  const output = rl as unknown as { _writeToOutput: (s: string) => void };
  output._writeToOutput = (s: string) => {
    if (!isMuted) process.stdout.write(s);
    else if (s.includes('\n') || s.includes('\r')) process.stdout.write('\n');
  };
  return {
    ask: (question) =>
      new Promise((resolve) => {
        isMuted = false;
        rl.question(question, (answer) => {
          isMuted = false;
          resolve(answer);
        });
        isMuted = true;
      }),
    close: () => rl.close(),
  };
}

async function choosePassword(): Promise<{ password: string; isGenerated: boolean }> {
  if (!process.stdin.isTTY) return { password: randomBytes(18).toString('base64url'), isGenerated: true };
  const prompt = hiddenPrompt();
  try {
    for (;;) {
      const first = await prompt.ask(`Password for the admin (at least ${MIN_PASSWORD} characters): `);
      if (first.length < MIN_PASSWORD) {
        console.error(`The password needs at least ${MIN_PASSWORD} characters.`);
        continue;
      }
      // The same rule as every other new password (product rule 25, ASVS V6.2.4).
      if (isCommonPassword(first)) {
        console.error('This password is too common and easy to guess. Please choose another.');
        continue;
      }
      const second = await prompt.ask('Repeat the password: ');
      if (first === second) return { password: first, isGenerated: false };
      console.error('The passwords do not match; try again.');
    }
  } finally {
    prompt.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } }, allowPositionals: false });
  const email = Email.safeParse(values.email ?? '');
  if (!email.success) {
    console.error('Usage: npm run admin:create -- --email admin@example.com [--name "Site Admin"]');
    process.exit(2);
  }
  loadDotEnv();
  const prisma = createPrisma(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
  try {
    const { password, isGenerated } = await choosePassword();
    const { outcome } = await createOrPromoteAdmin({ prisma, email: email.data, name: values.name?.trim() ?? '', password });
    console.log(`${outcome === 'created' ? 'Created' : 'Promoted'} admin ${email.data}.`);
    if (isGenerated) console.log(`Password (shown once, store it now): ${password}`);
    console.log('Sign in and turn on two-step verification on My Profile: in production the admin pages need it (ADMIN_TWO_STEP_REQUIRED).');
  } finally {
    await prisma.$disconnect();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}

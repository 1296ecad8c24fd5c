// Two-step verification (product rule 35, ASVS V6.3.3): a user turns it on by scanning a secret
// into an authenticator app and typing a code made from it; from then on a sign-in needs the
// password and then a code (or one of ten single-use recovery codes). Codes are TOTP (RFC 6238,
// otpauth), checked one step either side of now for clocks that drift; the last accepted step is
// stored and only a later one is accepted, so a code seen over someone's shoulder is no use once it
// has been typed (V6.5.1). Recovery codes are random (50 bits), shown once and stored as argon2id
// hashes like passwords (V6.5.2); one is removed when used. The routes own the session, the rate
// limits and the login brake; these commands take plain data.
import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import { Secret, TOTP } from 'otpauth';
import {
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TWO_STEP_MESSAGES,
  type TwoStepSetup,
  type TwoStepStatus,
} from '../../../../core/two-step';
import type { PrismaClient } from '../../../../prisma/db';
import { hashPassword, verifyPassword } from '../../../../prisma/password';
import { AppError } from '../app-error';

const ISSUER = 'ITConnect';
/** Letters and digits that cannot be mistaken for each other when copied by hand (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_LENGTH = 10;

function totpFor(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * The time step a code belongs to (now, or one step either side), or null when it belongs to none.
 * `now` is for tests.
 */
export function codeStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code an authenticator app shows for `secret` at `now` (tests and the demo's scripts). */
export function currentCode(secret: string, now = Date.now()): string {
  return totpFor(secret).generate({ timestamp: now });
}

/** A new secret (160 bits, RFC 4226's recommendation), what an app needs to scan it, and its QR code. */
export async function newTwoStepSetup(email: string): Promise<TwoStepSetup> {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpFor(secret, email).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Ten new recovery codes (as shown: xxxxx-xxxxx) and their hashes (of the code without its hyphen). */
async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((code) => hashPassword(code.replace('-', ''))));
  return { codes, hashes };
}

export async function twoStepStatus({ prisma, userId }: { prisma: PrismaClient; userId: number }): Promise<TwoStepStatus> {
  const row = await prisma.user.findUnique({ where: { id: userId }, select: { totpEnabledAt: true, recoveryCodes: true } });
  return {
    enabled: Boolean(row?.totpEnabledAt),
    enabledAt: row?.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: row?.totpEnabledAt ? row.recoveryCodes.length : 0,
  };
}

/** Whether signing in as this user needs a code after the password. */
export async function hasTwoStep(prisma: PrismaClient, userId: number): Promise<boolean> {
  const row = await prisma.user.findUnique({ where: { id: userId }, select: { totpEnabledAt: true } });
  return Boolean(row?.totpEnabledAt);
}

/**
 * Turns two-step verification on with the secret being set up, once `code` shows the app has it.
 * Answers the recovery codes, to be shown once.
 */
export async function enableTwoStep({
  prisma,
  userId,
  secret,
  code,
}: {
  prisma: PrismaClient;
  userId: number;
  secret: string;
  code: string;
}): Promise<{ recoveryCodes: string[] }> {
  const step = codeStep(secret, code);
  if (step === null) throw new AppError('invalid_input', TWO_STEP_MESSAGES.codeInvalid, { fields: { code: TWO_STEP_MESSAGES.codeInvalid } });
  const { codes, hashes } = await newRecoveryCodes();
  // Only an account with it off: a second tab's set-up cannot replace a secret already in use.
  const { count } = await prisma.user.updateMany({
    where: { id: userId, totpEnabledAt: null, isArchived: false },
    data: { totpSecret: secret, totpEnabledAt: new Date(), totpLastStep: step, recoveryCodes: hashes },
  });
  if (count === 0) throw new AppError('conflict', TWO_STEP_MESSAGES.alreadyOn);
  return { recoveryCodes: codes };
}

export async function disableTwoStep({ prisma, userId }: { prisma: PrismaClient; userId: number }): Promise<void> {
  const { count } = await prisma.user.updateMany({
    where: { id: userId, totpEnabledAt: { not: null } },
    data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodes: [] },
  });
  if (count === 0) throw new AppError('conflict', TWO_STEP_MESSAGES.notOn);
}

/** New recovery codes in place of the old ones (all of which stop working). */
export async function replaceRecoveryCodes({ prisma, userId }: { prisma: PrismaClient; userId: number }): Promise<{ recoveryCodes: string[] }> {
  const { codes, hashes } = await newRecoveryCodes();
  const { count } = await prisma.user.updateMany({ where: { id: userId, totpEnabledAt: { not: null } }, data: { recoveryCodes: hashes } });
  if (count === 0) throw new AppError('conflict', TWO_STEP_MESSAGES.notOn);
  return { recoveryCodes: codes };
}

/**
 * The second step of a sign-in with an authenticator code: true when the code is right and of a
 * later step than any accepted before (claimed in one conditional UPDATE, so two requests with
 * the same code cannot both pass).
 */
export async function useAuthenticatorCode({ prisma, userId, code }: { prisma: PrismaClient; userId: number; code: string }): Promise<boolean> {
  const row = await prisma.user.findUnique({ where: { id: userId }, select: { totpSecret: true, totpEnabledAt: true } });
  if (!row?.totpSecret || !row.totpEnabledAt) return false;
  const step = codeStep(row.totpSecret, code);
  if (step === null) return false;
  const { count } = await prisma.user.updateMany({
    where: { id: userId, totpSecret: row.totpSecret, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return count === 1;
}

/**
 * The second step of a sign-in with a recovery code: true when it matches an unused one, which is
 * removed in the same conditional UPDATE (the array must still hold it, so it works once).
 */
export async function useRecoveryCode({ prisma, userId, code }: { prisma: PrismaClient; userId: number; code: string }): Promise<boolean> {
  const row = await prisma.user.findUnique({ where: { id: userId }, select: { recoveryCodes: true, totpEnabledAt: true } });
  if (!row?.totpEnabledAt) return false;
  let used: string | undefined;
  for (const hash of row.recoveryCodes) {
    if (await verifyPassword(code, hash)) {
      used = hash;
      break;
    }
  }
  if (!used) return false;
  // array_remove in the database, not the array read above: two codes used at once both go.
  const count = await prisma.$executeRaw`
    UPDATE users SET recovery_codes = array_remove(recovery_codes, ${used})
    WHERE id = ${userId} AND ${used} = ANY(recovery_codes)`;
  return count === 1;
}

// Two-step verification (product rule 35, ASVS V6.3.3): a user turns it on by scanning a secret
// into an authenticator app and typing a code made from it; from then on a sign-in needs the
// password and then a code (or one of ten single-use recovery codes). Codes are TOTP (RFC 6238,
// otpauth), checked one step either side of now for clocks that drift; the last accepted step is
// stored and only a later one is accepted, so a code seen over someone's shoulder is no use once it
// has been typed (V6.5.1). Recovery codes are random (50 bits), shown once and stored as argon2id
// hashes like passwords (V6.5.2); one is removed when used. Every turn on or off e-mails the
// account's address (once per change: the job's key names it). The routes own the session, the
// rate limits and the login brake; these commands take plain data.
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
import { AUDIT_ACTIONS } from '../../../../core/admin';
import type { PrismaClient } from '../../../../prisma/db';
import type { Queues } from '../../queue';
import { recordAudit } from '../admin/audit-log';
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

interface Notify {
  queues: Queues;
  publicUrl: string;
}

/**
 * E-mails the account's address that two-step verification changed. `since` is when it was turned
 * on (the change's own time for 'on', the period's start for an 'off'), so each change has one key.
 */
async function notifyChange({ queues, publicUrl }: Notify, user: { id: number; email: string; name: string }, change: 'on' | 'off' | 'off-by-team', since: Date): Promise<void> {
  await queues.enqueue('sendEmail', {
    template: 'two-step-changed',
    to: user.email,
    data: { name: user.name, change, resetUrl: `${publicUrl.replace(/\/+$/, '')}/forgot-password` },
    idempotencyKey: `two-step-${change === 'on' ? 'on' : 'off'}_${user.id}_${since.getTime()}`,
  });
}

/**
 * Turns two-step verification on with the secret being set up, once `code` shows the app has it.
 * Answers the recovery codes, to be shown once.
 */
export async function enableTwoStep({
  prisma,
  user,
  secret,
  code,
  ...notify
}: Notify & {
  prisma: PrismaClient;
  /** The signed-in user (the route has them): who turns it on, and whom the e-mail goes to. */
  user: { id: number; email: string; name: string };
  secret: string;
  code: string;
}): Promise<{ recoveryCodes: string[] }> {
  const step = codeStep(secret, code);
  if (step === null) throw new AppError('invalid_input', TWO_STEP_MESSAGES.codeInvalid, { fields: { code: TWO_STEP_MESSAGES.codeInvalid } });
  const { codes, hashes } = await newRecoveryCodes();
  const enabledAt = new Date();
  // Only an account with it off: a second tab's set-up cannot replace a secret already in use.
  const { count } = await prisma.user.updateMany({
    where: { id: user.id, totpEnabledAt: null, isArchived: false },
    data: { totpSecret: secret, totpEnabledAt: enabledAt, totpLastStep: step, recoveryCodes: hashes },
  });
  if (count === 0) throw new AppError('conflict', TWO_STEP_MESSAGES.alreadyOn);
  await notifyChange(notify, user, 'on', enabledAt);
  return { recoveryCodes: codes };
}

/**
 * Turns it off: by the user (their password checked by the route), or by the team for someone who
 * lost phone and codes (`byTeam`: the admin and how they checked it is them, in the audit log).
 * No such user: 404; it is off already: 409.
 */
export async function disableTwoStep({
  prisma,
  userId,
  byTeam,
  ...notify
}: Notify & {
  prisma: PrismaClient;
  userId: number;
  byTeam?: { adminId: number; reason: string };
}): Promise<void> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { id: true, email: true, name: true, totpEnabledAt: true } });
  if (!user) throw new AppError('not_found', TWO_STEP_MESSAGES.userNotFound);
  const since = user.totpEnabledAt;
  if (!since) throw new AppError('conflict', TWO_STEP_MESSAGES.notOn);
  await prisma.$transaction(async (tx) => {
    // Only the period that was read: a turn-off racing another one (or a new turn-on) changes nothing twice.
    const { count } = await tx.user.updateMany({
      where: { id: userId, totpEnabledAt: since },
      data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodes: [] },
    });
    if (count === 0) throw new AppError('conflict', TWO_STEP_MESSAGES.notOn);
    if (byTeam) {
      await recordAudit(tx, {
        actorId: byTeam.adminId,
        action: AUDIT_ACTIONS.twoStepOff,
        targetType: 'user',
        targetId: userId,
        details: { summary: `Turned off two-step verification for ${user.name}: ${byTeam.reason}`, reason: byTeam.reason },
      });
    }
  });
  await notifyChange(notify, user, byTeam ? 'off-by-team' : 'off', since);
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

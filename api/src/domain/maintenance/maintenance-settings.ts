// What an admin does with maintenance mode (product rule 12): read it, switch it, set the beta
// testers' access code; and what the gate checks: a code given at the gate, and the unlock
// cookie's value. Each admin change is one transaction with its audit row; the trigger on
// site_settings tells every API process (maintenance-state.ts).
//
// The access code: one an admin set (stored as a password hash, like passwords: prisma/password.ts) wins over
// MAINTENANCE_ACCESS_CODE from the environment; with neither, nobody but admins gets in.
// The unlock cookie (signed with the session keys by the route) holds the code's version and its
// expiry: `<version>.<expires, unix seconds>`. The version is a digest of the stored hash (or of
// the environment's code), so a new code makes every earlier cookie worthless.
import { createHash, timingSafeEqual } from 'node:crypto';
import { AUDIT_ACTIONS, type MaintenanceStatus } from '../../../../core/admin';
import type { CurrentUser } from '../../../../core/auth';
import type { PrismaClient } from '../../../../prisma/db';
import { hashPassword, verifyPassword } from '../../../../prisma/password';
import { recordAudit } from '../admin/audit-log';
import { SITE_SETTINGS_ID, type MaintenanceSettings, type MaintenanceState } from './maintenance-state';

/** How long an unlock lasts (product rule 12). */
export const UNLOCK_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

interface CodeEnv {
  MAINTENANCE_ACCESS_CODE?: string | undefined;
}

export function accessCodeSource(settings: MaintenanceSettings, env: CodeEnv): MaintenanceStatus['accessCodeSource'] {
  if (settings.accessCodeHash) return 'admin';
  return env.MAINTENANCE_ACCESS_CODE ? 'environment' : null;
}

export async function getMaintenanceStatus({ state, env }: { state: MaintenanceState; env: CodeEnv }): Promise<MaintenanceStatus> {
  const settings = await state.settings();
  return { enabled: settings.enabled, accessCodeSource: accessCodeSource(settings, env) };
}

async function readSettings(prisma: PrismaClient): Promise<MaintenanceSettings> {
  const row = await prisma.siteSetting.findUnique({ where: { id: SITE_SETTINGS_ID } });
  return { enabled: row?.maintenanceEnabled ?? false, accessCodeHash: row?.accessCodeHash ?? null };
}

/** POST /api/admin/maintenance/toggle. Audited even when it was already so (the admin asked). */
export async function setMaintenance({
  prisma,
  state,
  env,
  admin,
  enabled,
}: {
  prisma: PrismaClient;
  state: MaintenanceState;
  env: CodeEnv;
  admin: CurrentUser;
  enabled: boolean;
}): Promise<MaintenanceStatus> {
  await prisma.$transaction(async (tx) => {
    await tx.siteSetting.upsert({
      where: { id: SITE_SETTINGS_ID },
      create: { id: SITE_SETTINGS_ID, maintenanceEnabled: enabled, updatedById: admin.id },
      update: { maintenanceEnabled: enabled, updatedById: admin.id },
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: enabled ? AUDIT_ACTIONS.maintenanceOn : AUDIT_ACTIONS.maintenanceOff,
      targetType: 'site',
      targetId: null,
      details: { summary: enabled ? 'Turned maintenance mode on' : 'Turned maintenance mode off' },
    });
  });
  state.forget();
  const settings = await readSettings(prisma);
  return { enabled: settings.enabled, accessCodeSource: accessCodeSource(settings, env) };
}

/** POST /api/admin/maintenance/access-code: a new code; every earlier unlock cookie stops working. */
export async function setAccessCode({
  prisma,
  state,
  env,
  admin,
  code,
}: {
  prisma: PrismaClient;
  state: MaintenanceState;
  env: CodeEnv;
  admin: CurrentUser;
  code: string;
}): Promise<MaintenanceStatus> {
  const accessCodeHash = await hashPassword(code);
  await prisma.$transaction(async (tx) => {
    await tx.siteSetting.upsert({
      where: { id: SITE_SETTINGS_ID },
      create: { id: SITE_SETTINGS_ID, accessCodeHash, updatedById: admin.id },
      update: { accessCodeHash, updatedById: admin.id },
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: AUDIT_ACTIONS.accessCode,
      targetType: 'site',
      targetId: null,
      // Never the code itself.
      details: { summary: 'Changed the maintenance access code' },
    });
  });
  state.forget();
  const settings = await readSettings(prisma);
  return { enabled: settings.enabled, accessCodeSource: accessCodeSource(settings, env) };
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Names the code in force: changes whenever the code does; null when there is no code. */
export function accessCodeVersion(settings: MaintenanceSettings, env: CodeEnv): string | null {
  if (settings.accessCodeHash) return sha256(`admin:${settings.accessCodeHash}`).toString('base64url').slice(0, 22);
  if (env.MAINTENANCE_ACCESS_CODE) return sha256(`environment:${env.MAINTENANCE_ACCESS_CODE}`).toString('base64url').slice(0, 22);
  return null;
}

/** Whether `code` is the access code in force (in constant time for the environment's). */
export async function isAccessCode(settings: MaintenanceSettings, env: CodeEnv, code: string): Promise<boolean> {
  if (settings.accessCodeHash) return verifyPassword(code, settings.accessCodeHash);
  if (env.MAINTENANCE_ACCESS_CODE) return timingSafeEqual(sha256(code), sha256(env.MAINTENANCE_ACCESS_CODE));
  return false;
}

/** The unlock cookie's value for the code in force. */
export function unlockValue(version: string, now = Date.now()): string {
  return `${version}.${Math.floor((now + UNLOCK_MAX_AGE_MS) / 1000)}`;
}

/** Whether an unlock cookie's value (its signature already checked) still opens the gate. */
export function isUnlocked(value: string | undefined, settings: MaintenanceSettings, env: CodeEnv, now = Date.now()): boolean {
  if (!value) return false;
  const version = accessCodeVersion(settings, env);
  const match = /^([A-Za-z0-9_-]{22})\.(\d{1,12})$/.exec(value);
  if (!version || !match) return false;
  return match[1] === version && Number(match[2]) * 1000 > now;
}

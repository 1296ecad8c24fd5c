// Development secrets: generated once per checkout and kept in .data/secrets.json (mode 600), so
// sessions survive restarts without anyone inventing a key. Production must bring its own
// (product rule 21: nothing fixed, nothing guessed).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface DevSecrets {
  SESSION_KEYS: string;
}

export function newSessionKey(): string {
  return randomBytes(48).toString('base64url');
}

/**
 * SESSION_KEYS from the environment when set; otherwise, outside production, the ones in
 * <dataDir>/secrets.json, created on first use.
 */
export function resolveSessionKeys(options: {
  fromEnv: string | undefined;
  nodeEnv: string;
  dataDir: string;
}): { sessionKeys: string; source: 'environment' | 'generated' | 'stored' } {
  if (options.fromEnv) return { sessionKeys: options.fromEnv, source: 'environment' };
  if (options.nodeEnv === 'production') {
    throw new Error(
      'SESSION_KEYS is not set. In production it must come from the environment (comma-separated, ' +
        'at least 32 characters each), e.g. SESSION_KEYS=$(openssl rand -base64 48).',
    );
  }
  const file = path.join(options.dataDir, 'secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<DevSecrets>) : {};
  if (stored.SESSION_KEYS) return { sessionKeys: stored.SESSION_KEYS, source: 'stored' };
  const secrets: DevSecrets = { SESSION_KEYS: newSessionKey() };
  mkdirSync(options.dataDir, { recursive: true });
  // Other secrets kept there (the Stripe stand-in's, payments.ts) stay.
  writeFileSync(file, `${JSON.stringify({ ...stored, ...secrets }, null, 2)}\n`, { mode: 0o600 });
  return { sessionKeys: secrets.SESSION_KEYS, source: 'generated' };
}

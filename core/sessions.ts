// Signed-in devices (ASVS 5.0 V7.5.2 and V7.4.5, docs/security.md): what the API tells a user about
// their own sessions on /profile, and what an admin's "Sign out everywhere" answers. Shared by the
// API (api/src/routes/account-sessions.ts, admin.ts) and the front end.
// A session's id is the bearer secret in the `sid` cookie, so it never leaves the server: each
// session is named by a handle (a hash of the id, api/src/middleware/session.ts) that the API
// resolves back only among the caller's own sessions.
import { z } from 'zod';

/** How much of a User-Agent header a session keeps (enough for every browser's; a longer one is noise or abuse). */
export const USER_AGENT_MAX = 200;

/** A session's handle in a path: 22 base64url characters (128 bits of a SHA-256), anything else is no session. */
export const SessionHandle = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/** One session as its owner sees it (GET /api/account/sessions). */
export interface AccountSession {
  handle: string;
  /** 'Chrome on Windows', or 'Unknown device' when the session kept no User-Agent. */
  device: string;
  /** ISO time of the sign-in; null for a session from before sign-in times were kept. */
  signedInAt: string | null;
  /** ISO time of its last use, to within SESSION_RENEW_AFTER_MS (the session is saved no more often). */
  lastActiveAt: string | null;
  /** The session of the browser asking. */
  isCurrent: boolean;
}

export interface AccountSessions {
  /** The current session first, then the most recently active. */
  sessions: AccountSession[];
}

/** What ending sessions answers: how many ended, and a sentence to show. */
export interface SessionsEnded {
  ended: number;
  message: string;
}

/** The audit log's action for an admin's "Sign out everywhere" (core/admin.ts AUDIT_ACTIONS holds the others). */
export const SESSIONS_ENDED_AUDIT_ACTION = 'user.sessions-ended';

export const UNKNOWN_DEVICE = 'Unknown device';

export const SESSION_MESSAGES = {
  notFound: 'That device is no longer signed in.',
  isCurrent: 'This is the device you are using. To sign it out, use Sign Out.',
  userNotFound: 'User not found',
  signedOut: (device: string) => `${device} has been signed out.`,
  othersSignedOut: (count: number) =>
    count === 0 ? 'No other devices were signed in.' : `Signed out ${count} other device${count === 1 ? '' : 's'}.`,
  userSignedOut: (name: string, count: number) =>
    count === 0 ? `${name} was not signed in anywhere.` : `${name} has been signed out of ${count} session${count === 1 ? '' : 's'}.`,
} as const;

// Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari",
// an iPad also says "Mac OS X", and Android and ChromeOS also say "Linux".
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bMobile\/\w+ Safari\//, 'Safari'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A device in words from its User-Agent: 'Chrome on Windows', 'Safari on iPhone', 'Firefox' (no
 * known system), 'Browser on Linux' (no known browser), or 'Unknown device' (neither: a program,
 * or no header). Deliberately simple: it names, it does not identify.
 */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Browser on ${system}`;
  return UNKNOWN_DEVICE;
}

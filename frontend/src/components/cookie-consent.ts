// The visitor's cookie choice (product rule 15), kept in localStorage under COOKIE_CONSENT_STORAGE_KEY
// as JSON { "choice": "accepted" | "declined", "at": <ms since epoch> }.
//
// What must stay true: nothing non-essential is set before the visitor accepts. Today ITConnect sets
// no non-essential cookies or storage at all — only the essential session cookie `sid` (set by the
// API) and this record of the choice itself. Anything non-essential added later (analytics, for
// example) must be gated on `useCookieConsent().isAccepted` and start only after "Accept".
import { useCallback, useSyncExternalStore } from 'react';
import { COOKIE_CONSENT_STORAGE_KEY } from '../../../core/site-config';

export type ConsentChoice = 'accepted' | 'declined';

export interface ConsentRecord {
  choice: ConsentChoice;
  /** When the visitor chose, in ms since the epoch. */
  at: number;
}

/** The subset of the Web Storage API the store needs (so tests can pass a stand-in). */
export type ConsentStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function parseConsent(raw: string | null): ConsentRecord | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { choice, at } = value as { choice?: unknown; at?: unknown };
    if (choice !== 'accepted' && choice !== 'declined') return null;
    if (typeof at !== 'number' || !Number.isFinite(at)) return null;
    return { choice, at };
  } catch {
    return null;
  }
}

export function serializeConsent(choice: ConsentChoice, now: number): string {
  return JSON.stringify({ choice, at: now } satisfies ConsentRecord);
}

function browserStorage(): ConsentStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy settings): the banner then asks on every visit.
    return null;
  }
}

const listeners = new Set<() => void>();
/** Fallback when localStorage cannot be written. */
let memoryChoice: string | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

export function readConsentRaw(storage: ConsentStorage | null = browserStorage()): string | null {
  try {
    return storage?.getItem(COOKIE_CONSENT_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function saveConsent(
  choice: ConsentChoice,
  storage: ConsentStorage | null = browserStorage(),
  now: number = Date.now(),
): void {
  try {
    storage?.setItem(COOKIE_CONSENT_STORAGE_KEY, serializeConsent(choice, now));
  } catch {
    // Quota or privacy mode: the choice holds for this page view only.
    memoryChoice = serializeConsent(choice, now);
  }
  notify();
}

export function clearConsent(storage: ConsentStorage | null = browserStorage()): void {
  try {
    storage?.removeItem(COOKIE_CONSENT_STORAGE_KEY);
  } catch {
    // Nothing stored to clear.
  }
  memoryChoice = null;
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === COOKIE_CONSENT_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function getSnapshot(): string | null {
  return readConsentRaw() ?? memoryChoice;
}

/**
 * What a render without the browser's storage sees: the prerendered and server-rendered pages and
 * their hydration. The choice is unknown there, so the banner renders marked as pending: painted
 * with the page's HTML, and hidden by CSS before the first paint when the head's inline script has
 * found a stored choice (cookie-banner.tsx, api/src/spa/consent-choice-script.ts).
 */
const UNKNOWN = '\u0000unknown';

export interface CookieConsent {
  /** False while the choice can't be read yet (prerendered or server-rendered markup, until hydrated). */
  isKnown: boolean;
  /** null until the visitor has chosen. */
  choice: ConsentChoice | null;
  hasChosen: boolean;
  /** True only after "Accept": the gate for anything non-essential. */
  isAccepted: boolean;
  accept(): void;
  decline(): void;
  /** Forget the choice so the banner asks again (the Cookie Policy's "Change cookie settings"). */
  reset(): void;
}

export function useCookieConsent(): CookieConsent {
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, () => UNKNOWN);
  const isKnown = snapshot !== UNKNOWN;
  const record = isKnown ? parseConsent(snapshot) : null;
  const accept = useCallback(() => saveConsent('accepted'), []);
  const decline = useCallback(() => saveConsent('declined'), []);
  const reset = useCallback(() => clearConsent(), []);
  return {
    isKnown,
    choice: record?.choice ?? null,
    hasChosen: record !== null,
    isAccepted: record?.choice === 'accepted',
    accept,
    decline,
    reset,
  };
}

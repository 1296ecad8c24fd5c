// The maintenance gate's texts (spec "Maintenance gate", section 8; product rule 12), apart from
// core/admin.ts (which re-exports them) because the gate is part of the SPA's entry bundle: this
// file imports nothing, so no zod is bundled with it.

export const MAINTENANCE_MESSAGES = {
  gateTitle: "We'll be with you soon",
  accessGrantedTitle: 'Access granted',
  accessDeniedTitle: 'Access denied',
  accessDenied: 'Incorrect password. Please try again.',
  accessCodeRequired: 'Please enter the access code',
  /** The API's 503 while maintenance is on (product rule 12). */
  unavailable: 'The site is down for maintenance. Please try again soon.',
} as const;

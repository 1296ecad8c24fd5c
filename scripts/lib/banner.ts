// The lines `npm start` and `npm run start:cluster` print once the site answers: where it runs,
// how long it took, what takes payments, the demo accounts (their passwords are printed only
// this once) and how to stop it. One function for both, so the two starts say the same things.
import { formatDemoAccounts, type DemoAccount } from '../db/seed/demo-seed';
import { colour } from './log';

export interface ReadyBannerOptions {
  /** 'ITConnect', or 'ITConnect (cluster)'. */
  name: string;
  publicUrl: string;
  /** Seconds from the start of the script to the site answering. */
  readySeconds: number;
  isDev: boolean;
  /** Whether the Stripe stand-in takes the payments (no Stripe keys set). */
  isStandIn: boolean;
  /** Lines on how the site is laid out (the cluster's nginx and instances). */
  details?: string[];
  /** Demo accounts made by this start (none when the data was there already). */
  accounts: readonly DemoAccount[];
}

export function readyBanner({ name, publicUrl, readySeconds, isDev, isStandIn, details = [], accounts }: ReadyBannerOptions): string {
  return [
    '',
    colour.green(colour.bold(`${name} is running at ${publicUrl}`)) + colour.dim(`  (ready in ${readySeconds.toFixed(1)} s${isDev ? ', development mode' : ''})`),
    ...details.map((line) => colour.dim(line)),
    ...(isStandIn ? [colour.yellow('Payments: the Stripe stand-in (test mode, no real payments). Card 4242 4242 4242 4242 pays.')] : []),
    ...(accounts.length > 0 ? ['', ...formatDemoAccounts(accounts)] : []),
    colour.dim('Press Ctrl-C to stop.'),
    '',
  ].join('\n');
}

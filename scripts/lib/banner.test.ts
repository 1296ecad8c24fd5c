// The text both starts print when the site answers (colours, on a terminal, stripped).
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readyBanner as colouredBanner, type ReadyBannerOptions } from './banner';

const readyBanner = (options: ReadyBannerOptions) => stripVTControlCharacters(colouredBanner(options));

const accounts = [
  { role: 'admin', email: 'admin@itconnect.test', password: 'pw-admin-1', name: 'Admin' },
  { role: 'customer', email: 'cara@itconnect.test', password: 'pw-cust-2', name: 'Cara' },
] as const;

describe('readyBanner', () => {
  it("says where npm start's site runs, what takes payments, the demo accounts and how to stop", () => {
    const text = readyBanner({ name: 'ITConnect', publicUrl: 'http://localhost:3000', readySeconds: 12.345, isDev: false, isStandIn: true, accounts });
    expect(text.split('\n')).toEqual([
      '',
      'ITConnect is running at http://localhost:3000  (ready in 12.3 s)',
      'Payments: the Stripe stand-in (test mode, no real payments). Card 4242 4242 4242 4242 pays.',
      '',
      'Demo accounts (passwords are shown only this once; keep them or reseed with npm run db:seed -- --force):',
      '  admin    admin@itconnect.test  pw-admin-1',
      '  customer cara@itconnect.test   pw-cust-2',
      'Press Ctrl-C to stop.',
      '',
    ]);
  });

  it("gives the cluster's layout, development mode, and nothing for payments with Stripe keys or accounts on a later start", () => {
    const text = readyBanner({
      name: 'ITConnect (cluster)',
      publicUrl: 'http://localhost:3000',
      readySeconds: 40,
      isDev: true,
      isStandIn: false,
      details: ['nginx on 127.0.0.1:3000 → 2 APIs (127.0.0.1:3001, 127.0.0.1:3002); 2 workers; nginx files in .data/cluster/nginx-3000'],
      accounts: [],
    });
    expect(text.split('\n')).toEqual([
      '',
      'ITConnect (cluster) is running at http://localhost:3000  (ready in 40.0 s, development mode)',
      'nginx on 127.0.0.1:3000 → 2 APIs (127.0.0.1:3001, 127.0.0.1:3002); 2 workers; nginx files in .data/cluster/nginx-3000',
      'Press Ctrl-C to stop.',
      '',
    ]);
  });
});

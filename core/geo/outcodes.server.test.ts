import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findOutcodesCsv, loadOutcodeIndex, parseOutcodesCsv } from './outcodes.server';

describe('outcode index', () => {
  const index = loadOutcodeIndex();

  it('holds every row of core/geo/uk-outcodes.csv', () => {
    expect(index.size).toBe(2943);
  });

  it('finds Manchester for M1 1AE', () => {
    const m1 = index.lookup('M1 1AE');
    expect(m1).toMatchObject({ outcode: 'M1', town: 'Manchester', region: 'North West' });
    expect(m1!.lat).toBeCloseTo(53.48, 1);
    expect(m1!.lng).toBeCloseTo(-2.24, 1);
  });

  it('accepts any spacing and case, and outcodes alone', () => {
    expect(index.lookup(' sw1a1aa ')).toMatchObject({ outcode: 'SW1A', town: 'Westminster', region: 'London' });
    expect(index.lookup('SW1A 1AA')!.lat).toBeCloseTo(51.50, 1);
    expect(index.lookup('SW1A 1AA')!.lng).toBeCloseTo(-0.13, 1);
    expect(index.lookup('BT1')).toMatchObject({ outcode: 'BT1', town: 'Belfast', region: 'Northern Ireland' });
  });

  it('reads quoted town names with commas', () => {
    expect(index.lookup('BH1 1AA')!.town).toBe('Bournemouth, Christchurch and Poole');
  });

  it('returns null for unknown districts and malformed input', () => {
    expect(index.lookup('ZZ99 9ZZ')).toBeNull();
    expect(index.lookup('not a postcode')).toBeNull();
    expect(index.lookup('')).toBeNull();
  });

  it('loads once per process and looks up far below 5 ms per job', () => {
    expect(loadOutcodeIndex()).toBe(index);
    // The whole table is read and parsed in well under a second even on a slow CI machine.
    expect(index.loadMs).toBeLessThan(1000);
    const postcodes = ['M1 1AE', 'SW1A 1AA', 'BT1 1AA', 'EH1 1YZ', 'ZZ99 9ZZ', 'CF10 1AA', 'AB10 1XG', 'LS1 4AP'];
    const rounds = 10_000;
    const started = performance.now();
    for (let i = 0; i < rounds; i++) index.lookup(postcodes[i % postcodes.length]!);
    const perLookupMs = (performance.now() - started) / rounds;
    expect(perLookupMs).toBeLessThan(0.5);
  });
});

describe('findOutcodesCsv', () => {
  it('walks up from a nested folder (as from dist/worker/main.js) to core/geo', () => {
    const root = mkdtempSync(join(tmpdir(), 'itc-outcodes-'));
    mkdirSync(join(root, 'core', 'geo'), { recursive: true });
    mkdirSync(join(root, 'dist', 'worker'), { recursive: true });
    writeFileSync(join(root, 'core', 'geo', 'uk-outcodes.csv'), 'outcode,lat,lng,town,region\nM1,53.4775,-2.2362,Manchester,North West\n');
    const bundle = new URL(`file://${join(root, 'dist', 'worker', 'main.js')}`);
    try {
      const found = findOutcodesCsv(bundle);
      expect(found).toBe(join(root, 'core', 'geo', 'uk-outcodes.csv'));
      expect(loadOutcodeIndex({ csvPath: found }).lookup('M1 1AE')?.town).toBe('Manchester');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('rejects a file that is not the outcode table', () => {
    expect(() => parseOutcodesCsv('postcode,lat\nM1,1\n')).toThrow(/header/);
  });
});

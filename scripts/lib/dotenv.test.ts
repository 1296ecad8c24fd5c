import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDotEnv } from './dotenv';

describe('loadDotEnv', () => {
  it('adds the file’s values without overriding the environment', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'itc-dotenv-')), '.env');
    writeFileSync(file, '# comment\nPORT=4000\nREDIS_PREFIX="from_file"\nEMPTY=\n');
    const target: NodeJS.ProcessEnv = { PORT: '5000' };
    expect(loadDotEnv(file, target).sort()).toEqual(['EMPTY', 'REDIS_PREFIX']);
    expect(target).toEqual({ PORT: '5000', REDIS_PREFIX: 'from_file', EMPTY: '' });
  });

  it('does nothing without a file', () => {
    const target: NodeJS.ProcessEnv = {};
    expect(loadDotEnv('/nonexistent/.env', target)).toEqual([]);
    expect(target).toEqual({});
  });
});

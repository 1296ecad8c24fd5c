import { describe, expect, it } from 'vitest';
import { redactUrl, withDatabase } from './services';

describe('service URLs', () => {
  it('points a URL at another database on the same server', () => {
    expect(withDatabase('postgres://postgres:pw@127.0.0.1:5433/postgres', 'itconnect_e2e_1')).toBe('postgres://postgres:pw@127.0.0.1:5433/itconnect_e2e_1');
    expect(withDatabase('postgres://u@h/x?sslmode=require', 'y')).toBe('postgres://u@h/y?sslmode=require');
  });

  it('hides passwords in logs', () => {
    expect(redactUrl('redis://:secret@127.0.0.1:6380')).toBe('redis://:***@127.0.0.1:6380');
    expect(redactUrl('postgres://postgres@127.0.0.1:5432/itconnect')).toBe('postgres://postgres@127.0.0.1:5432/itconnect');
  });
});

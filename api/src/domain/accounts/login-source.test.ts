import { describe, expect, it } from 'vitest';
import { loginSource } from './login-source';

describe('loginSource', () => {
  it('keeps an IPv4 address, also when written as IPv6', () => {
    expect(loginSource('192.0.2.10')).toBe('192.0.2.10');
    expect(loginSource('::ffff:192.0.2.10')).toBe('192.0.2.10');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    expect(loginSource('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(loginSource('2001:0DB8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(loginSource('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(loginSource('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(loginSource('::1')).toBe('0:0:0:0::/64');
  });

  it('tells different networks apart', () => {
    expect(loginSource('2001:db8:1:2::1')).not.toBe(loginSource('2001:db8:1:3::1'));
    expect(loginSource('192.0.2.10')).not.toBe(loginSource('192.0.2.11'));
  });
});

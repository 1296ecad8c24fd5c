import { describe, expect, it, vi } from 'vitest';
import { CAPTCHA_LOAD_RETRIES, captchaRetryPauseMs, loadWithRetries } from './load-with-retries';

/** A load that fails `failures` times, then gives 'widget'. */
function flakyLoad(failures: number) {
  let calls = 0;
  return vi.fn(() => {
    calls += 1;
    return calls <= failures ? Promise.reject(new Error(`failed load ${calls}`)) : Promise.resolve('widget');
  });
}

describe('loadWithRetries', () => {
  it('loads once when the first load works, with no pause', async () => {
    const load = flakyLoad(0);
    const wait = vi.fn(() => Promise.resolve());
    await expect(loadWithRetries(load, { wait })).resolves.toBe('widget');
    expect(load).toHaveBeenCalledTimes(1);
    expect(wait).not.toHaveBeenCalled();
  });

  it('tries again twice, after 1 s and then 2 s, and gives the third load', async () => {
    const load = flakyLoad(2);
    const wait = vi.fn(() => Promise.resolve());
    await expect(loadWithRetries(load, { wait })).resolves.toBe('widget');
    expect(load).toHaveBeenCalledTimes(3);
    expect(wait.mock.calls).toEqual([[1_000], [2_000]]);
  });

  it('rejects with the last error after the retries, trying no more', async () => {
    const load = flakyLoad(10);
    const wait = vi.fn(() => Promise.resolve());
    await expect(loadWithRetries(load, { wait })).rejects.toThrow('failed load 3');
    expect(load).toHaveBeenCalledTimes(CAPTCHA_LOAD_RETRIES + 1);
    expect(wait).toHaveBeenCalledTimes(CAPTCHA_LOAD_RETRIES);
  });

  it('waits out each pause before the next load (real timers, faked)', async () => {
    vi.useFakeTimers();
    try {
      const load = flakyLoad(2);
      const result = loadWithRetries(load);
      await vi.advanceTimersByTimeAsync(999);
      expect(load).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(load).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1_999);
      expect(load).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(load).toHaveBeenCalledTimes(3);
      await expect(result).resolves.toBe('widget');
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes another number of retries and pauses when asked', async () => {
    const load = flakyLoad(5);
    const wait = vi.fn(() => Promise.resolve());
    await expect(loadWithRetries(load, { retries: 0, wait })).rejects.toThrow('failed load 1');
    expect(wait).not.toHaveBeenCalled();
    expect(captchaRetryPauseMs(1)).toBe(1_000);
    expect(captchaRetryPauseMs(2)).toBe(2_000);
  });
});

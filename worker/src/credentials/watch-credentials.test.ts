// Which reminder a check is due (product rule 45): the 30-day one from 30 to 8 days before its
// expiry day, the 7-day one from 7 to 1 days before, none outside; a late run sends the window's own.
import { describe, expect, it } from 'vitest';
import { reminderDue } from './watch-credentials';

describe('reminderDue', () => {
  it('names the window a day is in', () => {
    expect(reminderDue(31)).toBeNull();
    expect(reminderDue(30)).toBe(30);
    expect(reminderDue(8)).toBe(30);
    expect(reminderDue(7)).toBe(7);
    expect(reminderDue(1)).toBe(7);
    expect(reminderDue(0)).toBeNull();
    expect(reminderDue(-3)).toBeNull();
  });
});

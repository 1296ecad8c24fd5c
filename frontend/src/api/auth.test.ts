// Signing out leaves nothing of the account in the SPA's memory (ASVS 5.0 V14.3.1): every answer
// SWR holds (the inbox, My Profile, admin lists) is dropped with the current user.
import { mutate } from 'swr';
import { describe, expect, it } from 'vitest';
import { globalSwrCache } from '../testing/swr-cache';
import { clearCurrentUser } from './auth';
import { CURRENT_USER_KEY } from './use-current-user';

describe('clearCurrentUser', () => {
  it('forgets the user and every answer fetched while signed in', async () => {
    const cache = globalSwrCache();
    await mutate(CURRENT_USER_KEY, { id: 7, email: 'ada@example.com' }, { revalidate: false });
    await mutate('/api/messages/threads', [{ id: 1, subject: 'Private matter' }], { revalidate: false });
    await mutate('/api/my-profile', { phone: '01632 960000' }, { revalidate: false });
    expect(cache.get('/api/messages/threads')?.data).toBeDefined();

    await clearCurrentUser();

    expect(cache.get(CURRENT_USER_KEY)?.data).toBeNull();
    expect(cache.get('/api/messages/threads')?.data).toBeUndefined();
    expect(cache.get('/api/my-profile')?.data).toBeUndefined();
  });
});

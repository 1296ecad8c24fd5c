import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearCurrentUser, signOut } from '../../api/auth';
import { showToast } from '../toast';

/**
 * Sign out, go home and say so (spec section 4); a failure is only logged ('Logout failed'), with no
 * redirect (section 8). Logged as a warning: nothing broke on the page.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut();
    } catch (error) {
      console.warn('Logout failed', error);
      return;
    }
    await navigate('/');
    await clearCurrentUser();
    showToast({ title: 'Signed out successfully', description: 'You have been logged out of your account.' });
  }, [navigate]);
}

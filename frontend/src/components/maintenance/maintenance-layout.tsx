// The frame of the site while the maintenance gate is shown (routes.tsx, gate routes): the site's
// name, the gate or the sign-in page, and the toasts; no navigation, since every other page is
// closed. An administrator who signs in here passes (the server lets admins through), so the gate
// steps aside and the site renders at the address the sign-in page went to.
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { isAdmin } from '../../api/current-user';
import { useCurrentUser } from '../../api/use-current-user';
import { LogoMark } from '../icons';
import { PageLoading } from '../layout/page-loading';
import { MAIN_ID } from '../layout/skip-link';
import { pageWidthClass } from '../styles';
import { AppToaster } from '../toaster';
import { setMaintenanceGate } from './maintenance-state';

export function MaintenanceLayout() {
  const { user } = useCurrentUser();
  const isAdminSignedIn = isAdmin(user);
  useEffect(() => {
    if (isAdminSignedIn) setMaintenanceGate(false);
  }, [isAdminSignedIn]);

  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <header className="border-b border-gray-200 bg-white">
        <div className={`${pageWidthClass} flex h-16 items-center gap-2`}>
          <LogoMark />
          <span className="text-xl font-bold tracking-tight text-gray-900">ITConnect</span>
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 outline-none">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <AppToaster />
    </div>
  );
}

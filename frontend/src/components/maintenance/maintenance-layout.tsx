// The frame of the site while the maintenance gate is shown (routes.tsx, gate routes): the site's
// name, the gate or the sign-in page, and the toasts; no navigation, since every other page is
// closed. An administrator who signs in here may pass, but the server decides: it lets an admin
// through only with two-step verification on where admins need it (product rule 35). So the
// start-up probe is asked again, and the gate steps aside only when it now passes; an admin still
// refused keeps the gate, whose access code lets them in to turn two-step verification on (a site
// shown to them would answer 503 to everything, with the code's form out of reach).
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { isAdmin } from '../../api/current-user';
import { probeMaintenance } from '../../api/maintenance';
import { useCurrentUser } from '../../api/use-current-user';
import { LogoMark } from '../icons';
import { PageLoading } from '../layout/page-loading';
import { MAIN_ID } from '../layout/skip-link';
import { pageWidthClass } from '../styles';
import { AppToaster } from '../toaster';
import { setMaintenanceGate } from './maintenance-state';

export function MaintenanceLayout() {
  const { user } = useCurrentUser();
  const signedInAdminId = isAdmin(user) ? user?.id : undefined;
  useEffect(() => {
    if (signedInAdminId === undefined) return;
    let isCurrent = true;
    void probeMaintenance().then((isClosed) => {
      if (isCurrent && !isClosed) setMaintenanceGate(false);
    });
    return () => {
      isCurrent = false;
    };
  }, [signedInAdminId]);

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

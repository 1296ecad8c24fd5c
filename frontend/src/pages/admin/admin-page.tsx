// /admin (spec "Admin dashboard", issue 11): administrators only. Anonymous visitors go to the
// sign-in page, which brings them back here; a signed-in customer or provider is told this page is
// not for them; an admin without two-step verification where it is required (product rule 35) is
// sent to turn it on. The API checks the role and two-step verification on every call all the same (401/403).
import { Navigate } from 'react-router-dom';
import { PAGES } from '../../../../core/pages';
import { isAdmin, type CurrentUser } from '../../api/current-user';
import { useCurrentUser } from '../../api/use-current-user';
import { useSiteConfig } from '../../api/use-site-config';
import { TWO_STEP_MESSAGES } from '../../../../core/two-step';
import { PageLoading } from '../../components/layout/page-loading';
import { MessagePage } from '../../components/message-page';
import { signInPathFor } from '../../components/return-path';
import { useDocumentTitle } from '../../components/use-document-title';
import { AdminDashboard } from './admin-dashboard';

export const NOT_ALLOWED = { heading: 'Access denied', message: 'Sorry, the admin dashboard is only available to administrators.' } as const;

export function AdminPage() {
  useDocumentTitle(PAGES.admin.title);
  const { user, isLoading } = useCurrentUser();
  if (isLoading && !user) return <PageLoading />;
  if (!user) return <Navigate to={signInPathFor(PAGES.admin.path)} replace />;
  if (!isAdmin(user)) return <MessagePage heading={NOT_ALLOWED.heading} message={NOT_ALLOWED.message} />;
  return <AdminWithTwoStep user={user} />;
}

function AdminWithTwoStep({ user }: { user: CurrentUser }) {
  const { config } = useSiteConfig();
  if (config?.adminTwoStepRequired && !user.twoStepEnabled) {
    return (
      <MessagePage heading="Turn on two-step verification" message={TWO_STEP_MESSAGES.adminRequired} link={{ to: '/profile', label: 'Go to My Profile' }} />
    );
  }
  return <AdminDashboard user={user} />;
}

// /admin (spec "Admin dashboard", issue 11): administrators only. Anonymous visitors go to the
// sign-in page, which brings them back here; a signed-in customer or provider is told this page is
// not for them. The API checks the role on every call all the same (401/403).
import { Navigate } from 'react-router-dom';
import { PAGES } from '../../../../core/pages';
import { isAdmin } from '../../api/current-user';
import { useCurrentUser } from '../../api/use-current-user';
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
  return <AdminDashboard user={user} />;
}

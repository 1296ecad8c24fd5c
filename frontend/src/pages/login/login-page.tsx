// Placeholder until the issue that owns this page builds it (see routes.tsx).
import { ComingSoon } from '../../components/coming-soon';

export function LoginPage() {
  return <ComingSoon heading="Sign in" />;
}

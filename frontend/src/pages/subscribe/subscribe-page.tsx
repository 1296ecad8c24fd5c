// Placeholder until the issue that owns this page builds it (see routes.tsx).
import { ComingSoon } from '../../components/coming-soon';

export function SubscribePage() {
  return <ComingSoon heading="Subscribe" />;
}

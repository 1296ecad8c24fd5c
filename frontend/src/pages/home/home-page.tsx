// Placeholder until the home page's issue builds it (see routes.tsx).
import { ComingSoon } from '../../components/coming-soon';

export function HomePage() {
  return <ComingSoon heading="Connect for free with verified IT professionals" title={null} />;
}

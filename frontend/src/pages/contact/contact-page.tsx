// Placeholder until the issue that owns this page builds it (see routes.tsx).
import { ComingSoon } from '../../components/coming-soon';

export function ContactPage() {
  return <ComingSoon heading="Contact us" />;
}

// Placeholder until the issue that owns this page builds it (see routes.tsx).
import { ComingSoon } from '../../components/coming-soon';

export function ProfessionalsPage() {
  return <ComingSoon heading="Professionals" title="Browse Professionals" />;
}

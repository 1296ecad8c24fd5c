// Placeholder until the issue that owns this page builds it (see routes.tsx).
import { ComingSoon } from '../../components/coming-soon';

export function LocationsPage() {
  return <ComingSoon heading="Professionals by location" title="Locations" />;
}

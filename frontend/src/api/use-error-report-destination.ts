// Sends error reports to Sentry once the site config names a DSN (product rule 37); without one
// they keep going to the API. Called once, by the layout.
import { useEffect } from 'react';
import { reportToSentry } from './error-reporting';
import { useSiteConfig } from './use-site-config';

export function useErrorReportDestination(): void {
  const { config } = useSiteConfig();
  const dsn = config?.sentryDsn ?? null;
  useEffect(() => reportToSentry(dsn), [dsn]);
}

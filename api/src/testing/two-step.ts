// A wait that keeps a test's two-step verification codes (product rule 35) inside the window the API
// accepts, for the integration tests and the e2e journey alike.
import { TOTP_PERIOD_SECONDS } from '../../../core/two-step';

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

/**
 * Waits until the current 30-second step has at least 5 s left, so that codes made for the steps
 * around now are still "one step either side" when the API checks them.
 */
export async function awayFromStepEdge(): Promise<void> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 5000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

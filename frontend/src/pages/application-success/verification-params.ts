// /application-success?session_id=…&application_id=… (spec: Application success): verification runs
// only when both are present; without either the page goes straight to 'Payment Failed'.
export interface VerificationParams {
  sessionId: string | null;
  applicationId: string | null;
}

export function verificationParams(search: string | URLSearchParams): VerificationParams {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const read = (name: string) => {
    const value = params.get(name)?.trim() ?? '';
    return value === '' ? null : value;
  };
  return { sessionId: read('session_id'), applicationId: read('application_id') };
}

export function canVerify({ sessionId, applicationId }: VerificationParams): boolean {
  return sessionId !== null && applicationId !== null;
}

// Checks a professional can earn (issue 34, product rule 45; paths in core/credentials.ts
// CREDENTIAL_PATHS): the signed-in provider's own credentials on /profile, the evidence files they
// upload first (the file's bytes as the body, ?name= its name; the API sniffs the type), and the
// admins' queue with its decisions.
import useSWR from 'swr';
import { apiPath } from '../../../core/api-paths';
import { CREDENTIAL_PATHS, type AdminCredential, type EvidenceFileInfo, type MyCredential } from '../../../core/credentials';
import { refreshAdminData } from './admin-actions';
import { ApiRequestError, getJson, postJson } from './client';

export const MY_CREDENTIALS_KEY = apiPath(CREDENTIAL_PATHS.mine);

const withId = (pattern: string, id: number) => apiPath(pattern.replace(':id', String(id)));

/** Where an evidence file is read (its owner and admins only). */
export function evidenceHref(name: string): string {
  return apiPath(CREDENTIAL_PATHS.evidence.replace(':name', encodeURIComponent(name)));
}

export function useMyCredentials() {
  const { data, error, isLoading, mutate } = useSWR<MyCredential[] | null>(MY_CREDENTIALS_KEY, (path: string) => getJson<MyCredential[]>(path));
  return { credentials: data ?? null, error: error as unknown, isLoading, mutate };
}

export function submitCredential(body: unknown) {
  return postJson<MyCredential>(MY_CREDENTIALS_KEY, body);
}

export function withdrawCredential(id: number) {
  return postJson<MyCredential>(withId(CREDENTIAL_PATHS.withdraw, id));
}

/**
 * PUTs one evidence file's bytes; `onProgress` hears the share sent (0 to 1). XMLHttpRequest, not
 * fetch: only it reports an upload's progress.
 */
export function uploadEvidence(file: File, onProgress?: (share: number) => void): Promise<EvidenceFileInfo> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `${apiPath(CREDENTIAL_PATHS.uploadEvidence)}?name=${encodeURIComponent(file.name)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as EvidenceFileInfo);
        } catch {
          reject(new ApiRequestError(xhr.status, xhr.statusText, xhr.responseText));
        }
      } else reject(new ApiRequestError(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => reject(new Error('The upload failed: check your connection and try again.'));
    xhr.send(file);
  });
}

export const ADMIN_CREDENTIALS_PATH = apiPath(CREDENTIAL_PATHS.adminList);

export async function approveCredential(id: number) {
  const answer = await postJson<AdminCredential>(withId(CREDENTIAL_PATHS.adminApprove, id));
  await refreshAdminData();
  return answer;
}

export async function rejectCredential(id: number, reason: string) {
  const answer = await postJson<AdminCredential>(withId(CREDENTIAL_PATHS.adminReject, id), { reason });
  await refreshAdminData();
  return answer;
}

// The signed-in provider's case studies (issue 34; api/src/routes/case-studies.ts). Texts and order
// are saved together (PUT); a photo's file goes as its bytes, as the listing's photos do.
import useSWR from 'swr';
import type { CaseStudy } from '../../../core/case-studies';
import { CASE_STUDY_PATHS, type CaseStudiesUpdateInput } from '../../../core/case-study-input';
import { ApiRequestError, deleteJson, getJson, putJson } from './client';

export function useCaseStudies() {
  const { data, error, isLoading, mutate } = useSWR<CaseStudy[] | null>(CASE_STUDY_PATHS.list, (path: string) => getJson<CaseStudy[]>(path));
  return { caseStudies: data ?? null, error: error as unknown, isLoading, mutate };
}

export const saveCaseStudies = (body: CaseStudiesUpdateInput) => putJson<CaseStudy[]>(CASE_STUDY_PATHS.list, body);

export async function addCaseStudyPhoto(caseStudy: string, file: Blob, alt?: string): Promise<CaseStudy[]> {
  const query = new URLSearchParams({ caseStudy, ...(alt ? { alt } : {}) });
  const response = await fetch(`${CASE_STUDY_PATHS.photos}?${query}`, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
  });
  const text = await response.text();
  if (!response.ok) throw new ApiRequestError(response.status, response.statusText, text);
  return JSON.parse(text) as CaseStudy[];
}

export const deleteCaseStudyPhoto = (caseStudy: string, key: string) =>
  deleteJson<CaseStudy[]>(`${CASE_STUDY_PATHS.photo(key)}?${new URLSearchParams({ caseStudy })}`);

// The signed-in provider's logo and photos (product rule 34; api/src/routes/media.ts). Uploads send
// the file's bytes as the body (the API sniffs the type and converts it); the rest is JSON.
import useSWR from 'swr';
import type { ProfessionalMedia } from '../../../core/media';
import { ApiRequestError, deleteJson, getJson, patchJson } from './client';

export const LISTING_MEDIA_KEY = '/api/professionals/my-profile/media';

export function useListingMedia() {
  const { data, error, isLoading, mutate } = useSWR<ProfessionalMedia | null>(LISTING_MEDIA_KEY, (path: string) => getJson<ProfessionalMedia>(path));
  return { media: data ?? null, error: error as unknown, isLoading, mutate };
}

async function sendFile(path: string, method: 'PUT' | 'POST', file: Blob, alt?: string): Promise<ProfessionalMedia> {
  const url = alt ? `${path}?alt=${encodeURIComponent(alt)}` : path;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
  });
  const text = await response.text();
  if (!response.ok) throw new ApiRequestError(response.status, response.statusText, text);
  return JSON.parse(text) as ProfessionalMedia;
}

export const uploadLogo = (file: Blob, alt?: string) => sendFile(`${LISTING_MEDIA_KEY}/logo`, 'PUT', file, alt);
export const addPhoto = (file: Blob, alt?: string) => sendFile(`${LISTING_MEDIA_KEY}/photos`, 'POST', file, alt);
export const setLogoAlt = (alt: string) => patchJson<ProfessionalMedia>(`${LISTING_MEDIA_KEY}/logo`, { alt });
export const deleteLogo = () => deleteJson<ProfessionalMedia>(`${LISTING_MEDIA_KEY}/logo`);
export const setPhotoAlt = (key: string, alt: string) => patchJson<ProfessionalMedia>(`${LISTING_MEDIA_KEY}/photos/${key}`, { alt });
export const deletePhoto = (key: string) => deleteJson<ProfessionalMedia>(`${LISTING_MEDIA_KEY}/photos/${key}`);

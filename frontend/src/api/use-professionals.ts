// The directory's data (docs/architecture.md, Folders): a paged list of professionals for a set of filters, every
// located match for the map, and one professional's popup card. SWR keys are the API paths.
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { MapPoints, ProfessionalCard, ProfessionalListItem } from '../../../core/directory';
import { getJson } from './client';
import { fetchProfessionalsPage, type ProfessionalsPage } from './directory-fetch';
import { DEFAULT_PAGE_SIZE } from '../../../core/directory';
import { mapPointsApiPath, professionalsApiPath, type DirectoryFilters } from './directory-query';

export interface UseProfessionalsResult {
  professionals: ProfessionalListItem[];
  /** Matches of the filters; undefined until the first page answers. */
  total: number | undefined;
  isLoading: boolean;
  isLoadingMore: boolean;
  hasMore: boolean;
  error: unknown;
  loadMore: () => void;
  retry: () => void;
}

/** The SWR keys of the pages of a directory search (also what the server renders the first page with). */
export function professionalsPageKey(filters: DirectoryFilters) {
  return (index: number, previous: ProfessionalsPage | null): string | null => {
    if (previous && (previous.items.length < DEFAULT_PAGE_SIZE || (index * DEFAULT_PAGE_SIZE >= previous.total))) return null;
    return professionalsApiPath(filters, index * DEFAULT_PAGE_SIZE);
  };
}

export function useProfessionals(filters: DirectoryFilters): UseProfessionalsResult {
  const getKey = professionalsPageKey(filters);
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite(getKey, fetchProfessionalsPage, {
    revalidateFirstPage: false,
    revalidateAll: false,
  });

  const pages = data ?? [];
  const professionals = pages.flatMap((page) => page.items);
  const total = pages[0]?.total;
  const isLoadingMore = !error && data !== undefined && size > data.length;
  const lastPage = pages[pages.length - 1];
  const hasMore =
    total !== undefined && lastPage !== undefined && lastPage.items.length === DEFAULT_PAGE_SIZE && professionals.length < total;

  return {
    professionals,
    total,
    isLoading,
    isLoadingMore: isLoadingMore || (isValidating && !isLoading && data === undefined),
    hasMore,
    error,
    loadMore: () => void setSize(size + 1),
    retry: () => void mutate(),
  };
}

/** Every located match of the filters, for the map; null key while `enabled` is false. */
export function useMapPoints(filters: DirectoryFilters, enabled = true) {
  const key = enabled ? mapPointsApiPath(filters) : null;
  const { data, error, isLoading } = useSWR(key, (path: string) => getJson<MapPoints>(path));
  return { points: data ?? undefined, error: error as unknown, isLoading };
}

/** A map popup's content, loaded when the popup opens. */
export function useProfessionalCard(id: number | null) {
  const key = id === null ? null : `/api/professionals/${id}/card`;
  const { data, error, isLoading } = useSWR(key, (path: string) => getJson<ProfessionalCard>(path));
  return { card: data ?? undefined, error: error as unknown, isLoading };
}

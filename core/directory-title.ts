// The directory page's title and description, one rule for the server's page head and the SPA's
// document title (they used to differ: the tab changed title as the page loaded). The title
// follows the filters ('Web Design in Manchester'), so each service/location pair is a page of its
// own for search engines; free-text and distance searches are not indexed (endless combinations).
// Zod-free: the directory page's chunk imports it. Callers pass filters already resolved to the
// service list's and the location list's names, and nothing for a default ('All Services').

export interface DirectoryTitleFilters {
  service?: string | undefined;
  location?: string | undefined;
  search?: string | undefined;
  near?: string | undefined;
}

export interface DirectoryPageText {
  title: string;
  description: string;
  /** Path and query of the canonical page: only service and location are kept. */
  canonicalPath: string;
  /** False for free-text and distance searches. */
  isIndexable: boolean;
}

export function directoryPageText({ service, location, search, near }: DirectoryTitleFilters): DirectoryPageText {
  const params: string[] = [];
  if (service) params.push(`service=${encodeURIComponent(service)}`);
  if (location) params.push(`location=${encodeURIComponent(location)}`);
  const canonicalPath = params.length > 0 ? `/professionals?${params.join('&')}` : '/professionals';

  const where = location ? ` in ${location}` : near ? ` near ${near}` : '';
  let title: string;
  if (search) title = `Results for "${search}"${where}`;
  else if (service && location) title = `${service} in ${location}`;
  else if (service) title = `${service} professionals${where || ' in the UK'}`;
  else if (where) title = `IT professionals${where}`;
  else title = 'Browse IT Professionals';

  const what = service ? `${service} professionals` : 'IT professionals';
  const description = search
    ? `IT professionals matching "${search}" on ITConnect: compare ratings, reviews and rates, and contact them directly.`
    : `Find verified ${what} in ${location ?? 'the UK'} on ITConnect: compare ratings, customer reviews and rates, and contact them directly for free.`;

  return { title, description, canonicalPath, isIndexable: !search && !near };
}

// The directory's title and description follow its filters ('Web Design in Manchester'), so each
// service/location combination is a page of its own for search engines. Search results and
// distance searches are not indexed (endless combinations of free text).
import { DirectoryQuery } from '../../../../core/directory';

export interface DirectoryPageText {
  title: string;
  description: string;
  /** Path and query of the canonical page: only service and location are kept. */
  canonicalPath: string;
  isIndexable: boolean;
}

function queryString(query: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(query)) flat[key] = Array.isArray(value) ? value[0] : value;
  return flat;
}

export function directoryPageText(rawQuery: Record<string, string | string[] | undefined>): DirectoryPageText {
  const parsed = DirectoryQuery.safeParse(queryString(rawQuery));
  const q = parsed.success ? parsed.data : {};
  const { service, location, search, near } = q as Partial<DirectoryQuery>;

  const params: string[] = [];
  if (service) params.push(`service=${encodeURIComponent(service)}`);
  if (location) params.push(`location=${encodeURIComponent(location)}`);
  const canonicalPath = params.length > 0 ? `/professionals?${params.join('&')}` : '/professionals';

  let title: string;
  if (search) title = `Results for "${search}"${location ? ` in ${location}` : ''}`;
  else if (service && location) title = `${service} in ${location}`;
  else if (service) title = `${service} professionals in the UK`;
  else if (location) title = `IT professionals in ${location}`;
  else title = 'Browse IT Professionals';

  const what = service ? `${service} professionals` : 'IT professionals';
  const where = location ?? 'the UK';
  const description = search
    ? `IT professionals matching "${search}" on ITConnect: compare ratings, reviews and rates, and contact them directly.`
    : `Find verified ${what} in ${where} on ITConnect: compare ratings, customer reviews and rates, and contact them directly for free.`;

  return { title, description, canonicalPath, isIndexable: parsed.success && !search && !near };
}

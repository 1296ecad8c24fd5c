// The directory page's title and description, one rule for the server's page head and the SPA's
// document title (they used to differ: the tab changed title as the page loaded). The title
// follows the filters ('Web Design in Manchester'), so each service/location pair is a page of its
// own for search engines; free-text and distance searches are not indexed (endless combinations).
// Zod-free: the directory page's chunk imports it. Callers pass the active filters by parameter
// name, resolved to the service list's and the location list's names, and nothing for a default
// ('All Services'). The service and the search text are the title's subject; every other phrase,
// which parameters the canonical address keeps and which keep a page out of the index come from
// the parameter table (core/directory-params.ts).
import { pageEntriesInAddressOrder } from './directory-address';
import { DIRECTORY_PARAMS, type ParamTable } from './directory-params';

/** Active filters by parameter name (a checked API query, or the page's active values). */
export type DirectoryTitleFilters = Readonly<Record<string, unknown>>;

export interface DirectoryPageText {
  title: string;
  description: string;
  /** Path and query of the canonical page: only service and location are kept. */
  canonicalPath: string;
  /** False for free-text and distance searches. */
  isIndexable: boolean;
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The qualifiers as one phrase that reads as English: consecutive 'with …' share their 'with'
 * ('with insurance and Cyber Essentials'), and clauses join with 'and', commas before the last
 * when there are three or more ('working remotely, with insurance and taking on new clients').
 */
export function qualifierText(qualifiers: readonly string[]): string {
  const clauses: string[][] = [];
  for (const q of qualifiers) {
    const last = clauses.at(-1);
    if (last && q.startsWith('with ') && last[0]!.startsWith('with ')) last.push(q.slice('with '.length));
    else clauses.push([q]);
  }
  return listText(clauses.map(listText));
}

function listText(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export function directoryPageText(filters: DirectoryTitleFilters, table: ParamTable = DIRECTORY_PARAMS): DirectoryPageText {
  const service = textOf(filters.service);
  const location = textOf(filters.location);
  const search = textOf(filters.search);

  const canonical: string[] = [];
  const qualifiers: string[] = [];
  let place: string | undefined;
  let isIndexable = true;
  for (const [name, page] of pageEntriesInAddressOrder(table)) {
    const value = filters[name];
    if (value === undefined || value === '') continue;
    if (page.seo === 'canonical') canonical.push(`${name}=${encodeURIComponent(String(value))}`);
    if (page.seo === 'noindex') isIndexable = false;
    if (page.title?.isPlace) place ??= page.title.phrase(value);
    else if (page.title) qualifiers.push(page.title.phrase(value));
  }
  const canonicalPath = canonical.length > 0 ? `/professionals?${canonical.join('&')}` : '/professionals';

  const what = qualifiers.length > 0 ? ` ${qualifierText(qualifiers)}` : '';
  const where = place ? ` ${place}` : '';
  let title: string;
  if (search) title = `Results for "${search}"${what}${where}`;
  else if (service && location && what === '') title = `${service}${where}`;
  else if (service) title = `${service} professionals${what}${where || ' in the UK'}`;
  else if (what || where) title = `IT professionals${what}${where || ' in the UK'}`;
  else title = 'Browse IT Professionals';

  const whom = service ? `${service} professionals` : 'IT professionals';
  const description = search
    ? `IT professionals matching "${search}" on ITConnect: compare ratings, reviews and rates, and contact them directly.`
    : `Find verified ${whom} in ${location ?? 'the UK'} on ITConnect: compare ratings, customer reviews and rates, and contact them directly for free.`;

  return { title, description, canonicalPath, isIndexable };
}

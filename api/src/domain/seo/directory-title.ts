// The directory's page head from its address: the query parsed as the API parses it, then the one
// title rule shared with the SPA (core/directory-title.ts). An address the API would refuse gets the
// plain directory title and is not indexed.
import { directoryPageText as textFor, type DirectoryPageText } from '../../../../core/directory-title';
import { DirectoryQuery } from '../../../../core/directory-query';

export type { DirectoryPageText } from '../../../../core/directory-title';

function queryString(query: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(query)) flat[key] = Array.isArray(value) ? value[0] : value;
  return flat;
}

export function directoryPageText(rawQuery: Record<string, string | string[] | undefined>): DirectoryPageText {
  const parsed = DirectoryQuery.safeParse(queryString(rawQuery));
  const text = textFor(parsed.success ? parsed.data : {});
  return { ...text, isIndexable: parsed.success && text.isIndexable };
}

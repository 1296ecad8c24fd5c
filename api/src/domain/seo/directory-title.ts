// The directory's page head from its address: the query parsed as the API parses it, then the one
// title rule shared with the SPA (core/directory-title.ts). An address the API would refuse gets the
// plain directory title and is not indexed.
import { parseDirectoryQuery } from '../../../../core/directory-query';
import { directoryPageText as textFor, type DirectoryPageText } from '../../../../core/directory-title';
import type { QueryValues } from '../../../../core/query-values';

export type { DirectoryPageText } from '../../../../core/directory-title';

export function directoryPageText(rawQuery: QueryValues): DirectoryPageText {
  const parsed = parseDirectoryQuery(rawQuery);
  const text = textFor(parsed.success ? parsed.data : {});
  return { ...text, isIndexable: parsed.success && text.isIndexable };
}

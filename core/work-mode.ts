// Where a professional works (product rule 39): at the client's premises, remotely, or both. The
// listing field (core/listing-fields.ts WORK_MODE_FIELD), the directory's `workMode` parameter
// (core/directory-params.ts) and its filter (api/src/domain/directory/filters.ts) read these.
// A file of its own so the directory's pages get the values without the listing forms' code.

export const WORK_MODES = ['on_site', 'remote', 'both'] as const;
export type WorkMode = (typeof WORK_MODES)[number];

/** What a directory search can ask for: one of the two; a professional who does both is found by either. */
export const SEARCHED_WORK_MODES = ['on_site', 'remote'] as const;
export type SearchedWorkMode = (typeof SEARCHED_WORK_MODES)[number];

/** The stored work modes a search for each mode finds. */
export const WORK_MODES_FOUND: Readonly<Record<SearchedWorkMode, readonly WorkMode[]>> = {
  on_site: ['on_site', 'both'],
  remote: ['remote', 'both'],
};

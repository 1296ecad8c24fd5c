// Whether the map's tiles are coming (a pure rule, unit tested). Offline, a blocked tile host or a
// tile server that is down leaves Leaflet drawing an empty grey box with markers on nothing: the
// directory then shows the list alone with a note instead (product rule 30).

/** Failed tiles, with none loaded, that mean the tiles are not coming. */
export const FAILED_TILES_LIMIT = 3;
/** How long the first tile may take before the tiles count as not coming (a server that hangs). */
export const TILE_LOAD_TIMEOUT_MS = 12_000;

export type TileHealth = 'ok' | 'waiting' | 'failed';

export function tileHealth({ loaded, failed, timedOut }: { loaded: number; failed: number; timedOut: boolean }): TileHealth {
  if (loaded > 0) return 'ok';
  if (failed >= FAILED_TILES_LIMIT || timedOut) return 'failed';
  return 'waiting';
}

// The map's status overlay (spec "Map behaviour"): 'Loading map...' before the map is ready, then
// 'Searching...' while the located professionals load, or when some match but none is located.
// Kept out of the Leaflet chunk so the page can show it while that chunk downloads.

/** Said instead of the map when its tiles cannot load. */
export const MAP_UNAVAILABLE_NOTE = 'The map is not available right now (its map images could not be loaded), so every result is listed here.';

export type MapOverlayState = 'loading-map' | 'searching' | 'none';

export function MapOverlay({ state }: { state: MapOverlayState }) {
  return (
    <div role="status" className="pointer-events-none absolute inset-0 z-[500] flex items-center justify-center">
      {state === 'none' ? null : (
        <div className="rounded-lg bg-white/95 px-6 py-4 text-center shadow-md">
          {state === 'loading-map' ? (
            <p className="text-sm font-medium text-gray-900">Loading map...</p>
          ) : (
            <>
              <p className="text-sm font-semibold text-gray-900">Searching...</p>
              <p className="mt-1 text-sm text-gray-700">Please wait while we locate IT professionals in your area</p>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** Which overlay to show for the map's state. */
export function mapOverlayState(input: {
  isMapReady: boolean;
  isLoadingPoints: boolean;
  /** Matches of the filters (located or not); undefined before the points answer. */
  total: number | undefined;
  located: number | undefined;
}): MapOverlayState {
  if (!input.isMapReady) return 'loading-map';
  if (input.isLoadingPoints) return 'searching';
  if (input.total !== undefined && input.total > 0 && (input.located ?? 0) === 0) return 'searching';
  return 'none';
}

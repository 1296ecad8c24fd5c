import { describe, expect, it } from 'vitest';
import { mapOverlayState } from './map-overlay';

describe('mapOverlayState', () => {
  it("reads 'Loading map...' until the map is ready", () => {
    expect(mapOverlayState({ isMapReady: false, isLoadingPoints: false, total: 5, located: 5 })).toBe('loading-map');
  });

  it("reads 'Searching...' while points load, or when matches exist but none is located", () => {
    expect(mapOverlayState({ isMapReady: true, isLoadingPoints: true, total: undefined, located: undefined })).toBe(
      'searching',
    );
    expect(mapOverlayState({ isMapReady: true, isLoadingPoints: false, total: 3, located: 0 })).toBe('searching');
  });

  it('disappears once located points are shown, or when nothing matches', () => {
    expect(mapOverlayState({ isMapReady: true, isLoadingPoints: false, total: 3, located: 2 })).toBe('none');
    expect(mapOverlayState({ isMapReady: true, isLoadingPoints: false, total: 0, located: 0 })).toBe('none');
  });
});

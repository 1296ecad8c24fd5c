import { describe, expect, it } from 'vitest';
import { UK_LOCATIONS } from '../locations';
import { boundingBox, haversineMiles } from './distance';

describe('haversineMiles', () => {
  it('measures London to Manchester at about 163 miles', () => {
    expect(haversineMiles(51.5074, -0.1278, 53.4794, -2.2453)).toBeCloseTo(163, 0);
  });
});

describe('boundingBox', () => {
  it('holds every point on the circle of the radius, north of Scotland included', () => {
    for (const centre of [UK_LOCATIONS[0]!, { lat: 50.1, lng: -5.5 }, { lat: 60.1, lng: -1.2 }]) {
      for (const miles of [0.5, 10, 100, 600]) {
        const box = boundingBox(centre.lat, centre.lng, miles);
        for (let bearing = 0; bearing < 360; bearing += 5) {
          // The point `miles` away on this bearing (spherical destination formula).
          const d = miles / 3958.8;
          const b = (bearing * Math.PI) / 180;
          const lat1 = (centre.lat * Math.PI) / 180;
          const lng1 = (centre.lng * Math.PI) / 180;
          const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
          const lng2 = lng1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
          const lat = (lat2 * 180) / Math.PI;
          const lng = (lng2 * 180) / Math.PI;
          expect(lat).toBeGreaterThanOrEqual(box.minLat);
          expect(lat).toBeLessThanOrEqual(box.maxLat);
          expect(lng).toBeGreaterThanOrEqual(box.minLng);
          expect(lng).toBeLessThanOrEqual(box.maxLng);
        }
      }
    }
  });
});

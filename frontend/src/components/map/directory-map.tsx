// The directory's map (a lazily loaded chunk: Leaflet and its cluster plugin stay out of the page's
// own bundle). Markers come only from stored coordinates: GET /api/professionals/map returns
// [id, lat, lng] for every located match of the filters (not just the listed page); nothing is
// geocoded in the browser. Markers are clustered, the view fits all of them with 10% padding, and
// a marker's popup loads its card (GET /api/professionals/{id}/card) when it opens.
// The list beside the map is the accessible equivalent: the map is a labelled region only.
import 'leaflet/dist/leaflet.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.Default.css';
import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useRef, useState } from 'react';
import { MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import { useLeafletContext } from '@react-leaflet/core';
import { Link } from 'react-router-dom';
import type { DirectoryFilters } from '../../api/directory-query';
import { useMapPoints, useProfessionalCard } from '../../api/use-professionals';
import { linkClass } from '../styles';
import { useSiteConfig } from '../../api/use-site-config';
import { RatingText } from '../professional-card/rating-text';
import { resultsStateFor } from '../professional-card/results-link';
import {
  priceLine,
  profileHref,
  visibleServices,
} from '../professional-card/format-professional';
import { MapOverlay, mapOverlayState } from './map-overlay';

// Bundlers rename Leaflet's images, so its guess at their address fails: give it the real ones.
delete (L.Icon.Default.prototype as unknown as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

export const UK_CENTRE: [number, number] = [54.5, -2.5];
export const UK_ZOOM = 6;
const FIT_PADDING = 0.1;
/** A single marker (or a tight group) is not zoomed in further than this. */
const FIT_MAX_ZOOM = 13;
/**
 * The map's own zoom limit (OpenStreetMap's tiles stop at 19). Set on the map, not left to the
 * tile layer: the tile layer waits for the site config, and the marker clusters refuse to join a
 * map without a maxZoom, which happened whenever the points arrived first.
 */
const MAP_MAX_ZOOM = 18;

interface OpenPoint {
  id: number;
  lat: number;
  lng: number;
}

export interface DirectoryMapProps {
  filters: DirectoryFilters;
  /** Told how many matches have a place on the map (null while unknown). */
  onLocatedCount?: (count: number | null) => void;
}

export function DirectoryMap({ filters, onLocatedCount }: DirectoryMapProps) {
  const { config } = useSiteConfig();
  const { points, isLoading } = useMapPoints(filters);
  const [isMapReady, setMapReady] = useState(false);
  const [openPoint, setOpenPoint] = useState<OpenPoint | null>(null);
  const located = points?.points.length;

  useEffect(() => {
    onLocatedCount?.(located ?? null);
  }, [located, onLocatedCount]);

  // A new set of points replaces the markers: the popup of an old one goes too.
  useEffect(() => setOpenPoint(null), [points]);

  const overlay = mapOverlayState({ isMapReady, isLoadingPoints: isLoading, total: points?.total, located });

  return (
    <div className="relative h-full w-full">
      <MapContainer
        center={UK_CENTRE}
        zoom={UK_ZOOM}
        maxZoom={MAP_MAX_ZOOM}
        className="h-full w-full bg-gray-100"
        whenReady={() => setMapReady(true)}
        scrollWheelZoom
      >
        {config ? (
          <TileLayer
            url={config.mapTileUrl}
            attribution={config.mapTileAttribution}
            // Offline or blocked tiles leave a blank background; nothing to report.
            eventHandlers={{ tileerror: () => undefined }}
          />
        ) : null}
        <MarkerClusterGroup chunkedLoading showCoverageOnHover={false}>
          <PointMarkers points={points?.points} onOpen={setOpenPoint} />
        </MarkerClusterGroup>
        <FitToPoints points={points?.points} />
        {openPoint ? <CardPopup point={openPoint} near={filters.near} onClose={() => setOpenPoint(null)} /> : null}
      </MapContainer>
      <MapOverlay state={overlay} />
    </div>
  );
}

/** Adds one marker per point to the surrounding cluster group (imperatively: 100,000 points must
 * not become 100,000 React components). */
function PointMarkers({
  points,
  onOpen,
}: {
  points: [number, number, number][] | undefined;
  onOpen: (point: OpenPoint) => void;
}) {
  const { layerContainer } = useLeafletContext();
  const onOpenRef = useRef(onOpen);
  useEffect(() => {
    onOpenRef.current = onOpen;
  }, [onOpen]);

  useEffect(() => {
    if (!layerContainer || !points || points.length === 0) return;
    const markers = points.map(([id, lat, lng]) =>
      L.marker([lat, lng], { alt: 'IT professional', keyboard: true }).on('click', () => onOpenRef.current({ id, lat, lng })),
    );
    for (const marker of markers) layerContainer.addLayer(marker);
    return () => {
      for (const marker of markers) layerContainer.removeLayer(marker);
    };
  }, [layerContainer, points]);

  return null;
}

/** After the points load, fits the view to all of them with 10% padding. */
function FitToPoints({ points }: { points: [number, number, number][] | undefined }) {
  const map = useMap();
  useEffect(() => {
    if (!points || points.length === 0) return;
    const bounds = L.latLngBounds(points.map(([, lat, lng]) => [lat, lng] as [number, number]));
    map.fitBounds(bounds.pad(FIT_PADDING), { maxZoom: FIT_MAX_ZOOM });
  }, [map, points]);
  return null;
}

function CardPopup({ point, near, onClose }: { point: OpenPoint; near: string; onClose: () => void }) {
  const popupRef = useRef<L.Popup>(null);
  const { card, error, isLoading } = useProfessionalCard(point.id);

  // The content's size changes when the card arrives: let Leaflet re-layout and re-pan.
  useEffect(() => {
    popupRef.current?.update();
  }, [card, error]);

  return (
    <Popup
      ref={popupRef}
      position={[point.lat, point.lng]}
      eventHandlers={{ remove: onClose }}
      minWidth={200}
      maxWidth={280}
    >
      {isLoading ? (
        <p className="text-sm text-gray-700">Loading…</p>
      ) : card ? (
        <div className="space-y-1">
          <p className="text-base font-semibold text-gray-900">{card.companyName}</p>
          <p className="text-sm text-gray-700">{card.region}</p>
          <RatingText rating={card.rating} reviewCount={card.reviewCount} starClassName="h-3.5 w-3.5" />
          <p className="text-sm text-gray-700">{formatServices(card.services)}</p>
          {priceLine(card.hourlyRate, card.rateType) ? (
            <p className="text-sm font-medium text-gray-900">{priceLine(card.hourlyRate, card.rateType)}</p>
          ) : null}
          <p className="pt-1">
            <Link to={profileHref(card.slug, near || undefined)} state={resultsStateFor('/professionals', window.location.search)} className={`${linkClass} text-sm`}>
              View Profile →
            </Link>
          </p>
        </div>
      ) : (
        <p className="text-sm text-gray-700">This professional could not be loaded.</p>
      )}
    </Popup>
  );
}

function formatServices(services: readonly string[]): string {
  const { shown, more } = visibleServices(services);
  return more > 0 ? `${shown.join(', ')} +${more} more` : shown.join(', ');
}

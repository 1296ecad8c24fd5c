// The directory's map (a lazily loaded chunk: Leaflet and its cluster plugin stay out of the page's
// own bundle). Markers come only from stored coordinates: GET /api/professionals/map returns
// [id, lat, lng] for every located match of the filters (not just the listed page); nothing is
// geocoded in the browser. Markers are clustered, the view fits all of them with 10% padding, and
// a marker's popup loads its card (GET /api/professionals/{id}/card) when it opens.
// The list beside the map is the accessible equivalent, and the map is usable by keyboard too: each
// marker is a button named after the company, Enter or Space opens its popup (focus moves to the
// popup's link), Escape closes it; a cluster is a button named by its count (cluster-icon.ts). When the tiles cannot load (offline, blocked, the tile server
// down) the map tells its page (onTilesFailed), which shows the list alone with a note.
import 'leaflet/dist/leaflet.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.Default.css';
import './directory-map.css';
import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useCallback, useEffect, useRef, useState } from 'react';
import { MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import { useLeafletContext } from '@react-leaflet/core';
import { Link } from 'react-router-dom';
import type { MapPoint } from '../../../../core/directory';
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
import { clusterIcon } from './cluster-icon';
import { MapOverlay, mapOverlayState } from './map-overlay';
import { TILE_LOAD_TIMEOUT_MS, tileHealth } from './tile-health';

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
  /** Opened with Enter or Space: focus moves into the popup, and back to this marker when Escape closes it. */
  byKeyboard: boolean;
  marker?: HTMLElement | undefined;
}

export interface DirectoryMapProps {
  filters: DirectoryFilters;
  /** The map's focusable box (the list's 'Skip to the map' link points at it). */
  id?: string;
  /** Told how many matches have a place on the map (null while unknown). */
  onLocatedCount?: (count: number | null) => void;
  /** Told once when the tiles cannot be loaded: the map would be an empty grey box. */
  onTilesFailed?: () => void;
}

export function DirectoryMap({ filters, id, onLocatedCount, onTilesFailed }: DirectoryMapProps) {
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
        {...(id ? { id } : {})}
        center={UK_CENTRE}
        zoom={UK_ZOOM}
        maxZoom={MAP_MAX_ZOOM}
        className="h-full w-full bg-gray-100"
        whenReady={() => setMapReady(true)}
        scrollWheelZoom
      >
        {config ? <WatchedTileLayer url={config.mapTileUrl} attribution={config.mapTileAttribution} onFailed={onTilesFailed} /> : null}
        <MarkerClusterGroup chunkedLoading showCoverageOnHover={false} iconCreateFunction={clusterIcon}>
          <PointMarkers points={points?.points} onOpen={setOpenPoint} />
        </MarkerClusterGroup>
        <FitToPoints points={points?.points} />
        {openPoint ? <CardPopup key={openPoint.id} point={openPoint} near={filters.near} onClose={() => setOpenPoint(null)} /> : null}
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
  points: MapPoint[] | undefined;
  onOpen: (point: OpenPoint) => void;
}) {
  const { layerContainer } = useLeafletContext();
  const onOpenRef = useRef(onOpen);
  useEffect(() => {
    onOpenRef.current = onOpen;
  }, [onOpen]);

  useEffect(() => {
    if (!layerContainer || !points || points.length === 0) return;
    const markers = points.map(([id, lat, lng, companyName]) =>
      // Very large answers leave names out (core/directory.ts MapPoint): a generic name then.
      L.marker([lat, lng], { alt: companyName ?? 'IT professional', keyboard: true })
        .on('click', () => onOpenRef.current({ id, lat, lng, byKeyboard: false }))
        // The marker is a role=button image: make Enter and Space press it, as on any button.
        .on('keydown', (event: L.LeafletKeyboardEvent) => {
          const { key } = event.originalEvent;
          if (key !== 'Enter' && key !== ' ') return;
          event.originalEvent.preventDefault();
          const marker = (event.target as L.Marker).getElement();
          onOpenRef.current({ id, lat, lng, byKeyboard: true, marker });
        }),
    );
    for (const marker of markers) layerContainer.addLayer(marker);
    return () => {
      for (const marker of markers) layerContainer.removeLayer(marker);
    };
  }, [layerContainer, points]);

  return null;
}

/** After the points load, fits the view to all of them with 10% padding. */
function FitToPoints({ points }: { points: MapPoint[] | undefined }) {
  const map = useMap();
  useEffect(() => {
    if (!points || points.length === 0) return;
    const bounds = L.latLngBounds(points.map(([, lat, lng]) => [lat, lng] as [number, number]));
    map.fitBounds(bounds.pad(FIT_PADDING), { maxZoom: FIT_MAX_ZOOM });
  }, [map, points]);
  return null;
}

function CardPopup({ point, near, onClose }: { point: OpenPoint; near: string; onClose: () => void }) {
  const map = useMap();
  const popupRef = useRef<L.Popup>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const { card, error, isLoading } = useProfessionalCard(point.id);

  // The content's size changes when the card arrives: let Leaflet re-layout and re-pan.
  useEffect(() => {
    popupRef.current?.update();
  }, [card, error]);

  // Opened from the keyboard: focus goes to the popup's link, so Tab and Enter reach the profile.
  useEffect(() => {
    if (point.byKeyboard && card) linkRef.current?.focus();
  }, [point.byKeyboard, card]);

  return (
    <Popup
      ref={popupRef}
      position={[point.lat, point.lng]}
      eventHandlers={{
        remove: onClose,
        // Leaflet closes a popup on Escape only while the map box itself has focus; from the
        // popup's own link it must too, and focus goes back to the marker that opened it.
        add: (event) => {
          (event.target as L.Popup).getElement()?.addEventListener('keydown', (keyEvent) => {
            if (keyEvent.key !== 'Escape') return;
            keyEvent.preventDefault();
            map.closePopup();
            point.marker?.focus();
          });
        },
      }}
      minWidth={200}
      maxWidth={280}
      // Pans clear of the zoom buttons in the top-left corner.
      autoPanPaddingTopLeft={[56, 16]}
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
            <Link ref={linkRef} to={profileHref(card.slug, near || undefined)} state={resultsStateFor('/professionals', window.location.search)} className={`${linkClass} text-sm`}>
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

/**
 * The tile layer, watched: the first tile that loads settles it; several failed tiles and none
 * loaded, or none loaded in TILE_LOAD_TIMEOUT_MS (a server that never answers), tells the page.
 */
function WatchedTileLayer({ url, attribution, onFailed }: { url: string; attribution: string; onFailed?: (() => void) | undefined }) {
  const counts = useRef({ loaded: 0, failed: 0, reported: false });
  const onFailedRef = useRef(onFailed);
  useEffect(() => {
    onFailedRef.current = onFailed;
  }, [onFailed]);

  const check = useCallback((timedOut: boolean) => {
    const state = counts.current;
    if (state.reported || tileHealth({ loaded: state.loaded, failed: state.failed, timedOut }) !== 'failed') return;
    state.reported = true;
    onFailedRef.current?.();
  }, []);

  useEffect(() => {
    const timer = window.setTimeout(() => check(true), TILE_LOAD_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [check]);

  return (
    <TileLayer
      url={url}
      attribution={attribution}
      eventHandlers={{
        tileload: () => {
          counts.current.loaded += 1;
        },
        tileerror: () => {
          counts.current.failed += 1;
          check(false);
        },
      }}
    />
  );
}

function formatServices(services: readonly string[]): string {
  const { shown, more } = visibleServices(services);
  return more > 0 ? `${shown.join(', ')} +${more} more` : shown.join(', ');
}

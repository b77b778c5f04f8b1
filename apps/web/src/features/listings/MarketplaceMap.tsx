import 'leaflet/dist/leaflet.css';
import { Box, Text } from '@mantine/core';
import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { formatRate } from './format';
import type { Listing } from './types';

/**
 * The tiles under the map: OpenStreetMap's by default, another tile server with VITE_MAP_TILE_URL at build time
 * (`{z}/{x}/{y}` placeholders; the server's CSP allows any https image host).
 */
const TILE_URL = import.meta.env.VITE_MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
/** India, when no listing has coordinates. */
const INDIA: L.LatLngExpression = [22.5, 79];

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

export interface MarketplaceMapProps {
  listings: readonly Listing[];
}

/**
 * The map view of the marketplace: a pin for every listing of the results that has coordinates, each opening a
 * popup with its title, rate and a link to its page. Pins are drawn circles (no marker images to load).
 */
export default function MarketplaceMap({ listings }: MarketplaceMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pins = useRef<L.LayerGroup | null>(null);
  const placed = useMemo(() => listings.filter((l) => l.lat !== null && l.lng !== null), [listings]);

  useEffect(() => {
    if (!element.current) return;
    const created = L.map(element.current, { scrollWheelZoom: false }).setView(INDIA, 4);
    L.tileLayer(TILE_URL, { attribution: ATTRIBUTION, maxZoom: 18 }).addTo(created);
    pins.current = L.layerGroup().addTo(created);
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      pins.current = null;
    };
  }, []);

  useEffect(() => {
    const group = pins.current;
    const current = map.current;
    if (!group || !current) return;
    group.clearLayers();
    const points: L.LatLngExpression[] = [];
    for (const listing of placed) {
      const point: L.LatLngExpression = [listing.lat as number, listing.lng as number];
      points.push(point);
      const rate =
        listing.rateInr !== null && listing.unit !== null
          ? `<br>${escapeHtml(formatRate(listing.rateInr, listing.unit))}`
          : '';
      L.circleMarker(point, {
        radius: 8,
        color: '#087f5b',
        fillColor: '#12b886',
        fillOpacity: 0.85,
        weight: 2,
        className: 'listing-pin',
      })
        .bindPopup(
          `<a href="/listings/${encodeURIComponent(listing._id)}">${escapeHtml(listing.title)}</a>${rate}<br>${escapeHtml(listing.city ?? listing.location)}`,
        )
        .addTo(group);
    }
    if (points.length > 0) current.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 11 });
  }, [placed]);

  return (
    <Box>
      <Box
        ref={element}
        h={{ base: 360, sm: 520 }}
        data-testid="listing-map"
        data-pins={placed.length}
        style={{ borderRadius: 8, zIndex: 0 }}
        aria-label="Map of the listings"
        role="region"
      />
      <Text fz="sm" c="dimmed" mt="xs">
        {placed.length} of {listings.length} listings shown have a place on the map.
      </Text>
    </Box>
  );
}

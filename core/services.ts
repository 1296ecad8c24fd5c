// The spec's service list (31 entries including the 'All Services' default) and the home page's
// category tiles, whose links use the service list's names (product rule 18).

export const ALL_SERVICES = 'All Services';

export const SERVICES = [
  'Web Design',
  'Web Development',
  'UI/UX Design',
  'Managed Service Providers',
  'Home User Support',
  'Mobile App Development',
  'Cloud Services',
  'Cybersecurity',
  'Data Recovery',
  'Network Installation',
  'Network Setup',
  'Database Management',
  'Software Development',
  'System Administration',
  'IT Consulting',
  'Hardware Repair',
  'Backup Solutions',
  'Server Management',
  'Data Migration',
  'Remote Support',
  'Training & Support',
  'Procurement',
  'DevOps',
  'General Business Support',
  'Data Analytics & Reporting',
  'SEO & SEM',
  'Digital Marketing',
  'Hosting & Domains',
  'Business Email',
  'Graphic Design',
] as const;

export type Service = (typeof SERVICES)[number];

/** What the service picker offers: the default first, then every service. */
export const SERVICE_OPTIONS: readonly string[] = [ALL_SERVICES, ...SERVICES];

export function isService(value: string): value is Service {
  return (SERVICES as readonly string[]).includes(value);
}

/** Home page tiles: the label shown and the service name the tile links to and counts. */
export const CATEGORY_TILES: readonly { label: string; service: Service }[] = [
  { label: 'Web Development', service: 'Web Development' },
  { label: 'Web Design', service: 'Web Design' },
  { label: 'UI/UX Design', service: 'UI/UX Design' },
  { label: 'Managed Service Providers', service: 'Managed Service Providers' },
  { label: 'Home User Support', service: 'Home User Support' },
  { label: 'Cybersecurity', service: 'Cybersecurity' },
  { label: 'Cloud Services', service: 'Cloud Services' },
  { label: 'Network Setup', service: 'Network Setup' },
];

/** The header search's rotating placeholders (every 2.5 s). */
export const SEARCH_PLACEHOLDERS = [
  'Search for web design...',
  'Search for PC help...',
  'Search for graphic design...',
  'Search for IT consultant...',
  'Search for UI/UX design...',
  'Search for web hosting...',
  'Search for network help...',
] as const;

export const SEARCH_PLACEHOLDER_INTERVAL_MS = 2500;

/** At most this many services on a listing or an application (spec section 5). */
export const MAX_LISTING_SERVICES = 10;

/** Adds or removes a service; a selection beyond MAX_LISTING_SERVICES is ignored, and says so. */
export function toggleService(services: readonly string[], service: string): { services: string[]; ignored: boolean } {
  if (services.includes(service)) return { services: services.filter((s) => s !== service), ignored: false };
  if (services.length >= MAX_LISTING_SERVICES) return { services: [...services], ignored: true };
  return { services: [...services, service], ignored: false };
}

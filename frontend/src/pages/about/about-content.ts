// The About page's named services and cities (the spec: 12 of each). Only names from the shared
// lists, so every link leads to a real filter.
import type { Service } from '../../../../core/services';

export const ABOUT_SERVICES: readonly Service[] = [
  'Web Design',
  'Web Development',
  'UI/UX Design',
  'Managed Service Providers',
  'Home User Support',
  'Cybersecurity',
  'Cloud Services',
  'Network Setup',
  'IT Consulting',
  'Data Recovery',
  'Hardware Repair',
  'Software Development',
];

export const ABOUT_CITIES: readonly string[] = [
  'London',
  'Birmingham',
  'Manchester',
  'Leeds',
  'Sheffield',
  'Bristol',
  'Liverpool',
  'Newcastle upon Tyne',
  'Glasgow',
  'Edinburgh',
  'Cardiff',
  'Belfast',
];

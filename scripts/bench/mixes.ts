// The search mixes of `npm run bench` (and the default of `npm run bench:profile`): each spreads
// over many distinct searches, as real traffic does.
import { BUDGETS, type LoadBudget } from './budgets';

export interface Mix {
  name: string;
  budget: LoadBudget;
  paths: string[];
  connections?: number;
  seconds?: number;
}

const q = (params: Record<string, string | number>) => `/api/professionals?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

/** Every combination of the given values, as query paths (deterministic order). */
function combinations(a: Record<string, string | number>[], b: Record<string, string | number>[]): string[] {
  return a.flatMap((x) => b.map((y) => q({ ...x, ...y })));
}

/**
 * The search mixes. Each spreads over many distinct searches (64 or more), as real traffic does,
 * rather than repeating a handful: with the answer cache on, every distinct search is computed
 * from the database once, then kept until the data changes.
 */
export function searchMixes(): Mix[] {
  const search = BUDGETS.cachedSearch;
  const services = ['Web Design', 'Cybersecurity', 'IT Consulting', 'Cloud Services', 'Network Setup', 'Data Recovery', 'Web Development', 'Home User Support'];
  const places = ['Manchester', 'London', 'Leeds', 'Greater London', 'Bristol', 'Scotland', 'Kent', 'Birmingham'];
  const words = ['web design', 'cyber security', 'data recovery', 'cloud', 'network installation', 'bright pixel', 'server management', 'seo',
    'wordpress', 'laptop repair', 'it support', 'backup', 'microsoft 365', 'wifi', 'devops', 'app development'];
  const postcodes = ['M1 1AE', 'SW1A 1AA', 'LS1 4DY', 'B1 1AA', 'EH1 1YZ', 'CF10 1AA', 'BS1 4DJ', 'G1 1XQ',
    'NE1 4ST', 'L1 8JQ', 'NG1 5FS', 'S1 2HE', 'CB2 1TN', 'OX1 3BD', 'BT1 5GS', 'PL1 2AA'];
  return [
    {
      name: 'search: service + location',
      budget: search,
      paths: combinations(services.map((service) => ({ service })), places.map((location) => ({ location }))),
    },
    {
      name: 'search: text',
      budget: search,
      paths: combinations(words.map((w) => ({ search: w })), [{}, { location: 'Manchester' }, { location: 'London' }, { offset: 24 }]),
    },
    {
      name: 'search: distance near a postcode',
      budget: search,
      paths: combinations(postcodes.map((near) => ({ near })), [{}, { radiusMiles: 5 }, { radiusMiles: 10 }, { radiusMiles: 25, service: 'Web Design' }]),
    },
    {
      name: 'search: rating + price',
      budget: search,
      paths: combinations(
        [{ minRating: 3 }, { minRating: 4 }, { minRating: 4.5 }, { minRating: 5 }],
        [{ maxHourlyRate: 40 }, { maxHourlyRate: 50, sort: 'price' }, { minHourlyRate: 30, maxHourlyRate: 80 }, { minHourlyRate: 60 },
          { minHourlyRate: 100 }, { sort: 'newest' }, { service: 'DevOps' }, { service: 'DevOps', offset: 24 }, { sort: 'price', offset: 48 },
          { maxHourlyRate: 70, sort: 'rating' }, { minHourlyRate: 20, sort: 'newest' }, { service: 'Web Design', sort: 'price' },
          { location: 'Wales' }, { location: 'West Yorkshire', sort: 'price' }, { location: 'London', maxHourlyRate: 60 }, { offset: 96 }],
      ),
    },
  ];
}

/** The same mixes with the database path's own budgets (issue 15, `DIRECTORY_CACHE_MB=0`); profiles and maps keep theirs. */
export function withDatabasePathBudgets(mixes: Mix[]): Mix[] {
  return mixes.map((mix) =>
    mix.name.startsWith('search:') ? { ...mix, budget: mix.name === 'search: text' ? BUDGETS.databasePathText : BUDGETS.databasePathSearch } : mix,
  );
}

// The directory page's title is the same whether the server writes it into the page head or the
// SPA sets it after navigating, for the same address: both use core/directory-title.ts, and this
// keeps each side's reading of the address from drifting apart.
import { describe, expect, it } from 'vitest';
import { directoryPageText } from '../../api/src/domain/seo/directory-title';
import { directoryTitle, filtersFromSearchParams } from '../../frontend/src/api/directory-query';

const ADDRESSES = [
  '',
  'service=Web+Design',
  'service=web%20design',
  'location=Leeds',
  'service=Web+Design&location=Manchester',
  'service=All+Services&location=All+UK',
  'search=wordpress',
  'search=backup&location=Bristol',
  'near=M1+1AE',
  'service=Cybersecurity&near=LS1',
  'location=Greater+Manchester&minRating=4&maxHourlyRate=50',
  'service=Cloud+Services&sort=newest',
];

describe('the directory title', () => {
  it.each(ADDRESSES)('is the same on the server and in the SPA for ?%s', (query) => {
    const server = directoryPageText(Object.fromEntries(new URLSearchParams(query))).title;
    const spa = directoryTitle(filtersFromSearchParams(new URLSearchParams(query)));
    expect(spa).toBe(server);
  });
});

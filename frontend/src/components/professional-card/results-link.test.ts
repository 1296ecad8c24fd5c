import { describe, expect, it } from 'vitest';
import { backToResults, resultsStateFor } from './results-link';

describe('back to results', () => {
  it('carries the directory search and links back to it', () => {
    const state = resultsStateFor('/professionals', '?service=Web%20Design&sort=rating');
    expect(backToResults(state)).toEqual({ href: '/professionals?service=Web%20Design&sort=rating', label: 'Back to results' });
  });

  it('links to the directory from anywhere else, and never off the site', () => {
    expect(resultsStateFor('/', '')).toBeUndefined();
    expect(backToResults(undefined)).toEqual({ href: '/professionals', label: 'Browse all professionals' });
    expect(backToResults({ resultsPath: '//evil.example/professionals' }).href).toBe('/professionals');
    expect(backToResults({ resultsPath: '/admin' }).href).toBe('/professionals');
  });
});

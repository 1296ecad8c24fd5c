import { describe, expect, it } from 'vitest';
import { firstValues } from './query-values';

describe('firstValues', () => {
  it('keeps the first value of a repeated key and leaves the rest as they are', () => {
    expect(firstValues({ a: ['1', '2'], b: 'x', c: undefined, d: [] })).toEqual({ a: '1', b: 'x', c: undefined, d: undefined });
  });
});

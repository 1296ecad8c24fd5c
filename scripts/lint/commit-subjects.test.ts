import { describe, expect, it } from 'vitest';
import { longSubjects, SUBJECT_MAX } from './commit-subjects';

describe('commit subjects', () => {
  it('lets through a subject of exactly the limit and stops one a character longer', () => {
    const atLimit = 'a'.repeat(SUBJECT_MAX);
    const over = 'a'.repeat(SUBJECT_MAX + 1);
    expect(longSubjects([atLimit, over, 'Short subject'])).toEqual([over]);
  });

  it('counts characters, not bytes', () => {
    const pounds = '£'.repeat(SUBJECT_MAX);
    expect(longSubjects([pounds])).toEqual([]);
    expect(longSubjects([`${pounds}£`])).toEqual([`${pounds}£`]);
  });
});

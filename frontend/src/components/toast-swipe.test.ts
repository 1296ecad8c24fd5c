import { describe, expect, it } from 'vitest';
import { moveSwipe, pressSwipe, releaseSwipe, SWIPE_THRESHOLD_PX, type SwipePress } from './toast-swipe';

function drag(pointerType: string, ...points: Array<[number, number]>): SwipePress | null {
  let press: SwipePress | null = pressSwipe({ x: 100, y: 100, pointerType });
  for (const [x, y] of points) {
    if (!press) break;
    press = moveSwipe(press, { x, y });
  }
  return press;
}

describe('swipe right to dismiss', () => {
  it('dismisses past the 50 px threshold, for a finger and a mouse alike', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(50);
    expect(releaseSwipe(drag('touch', [120, 102], [151, 104]))).toBe('dismiss');
    expect(releaseSwipe(drag('mouse', [110, 100], [180, 100]))).toBe('dismiss');
  });

  it('springs back at 50 px or less', () => {
    expect(releaseSwipe(drag('touch', [120, 100], [150, 100]))).toBe('spring-back');
    expect(releaseSwipe(drag('mouse', [140, 100]))).toBe('spring-back');
  });

  it('follows the pointer right, and never left of where it started', () => {
    expect(drag('mouse', [110, 100])?.offset).toBe(10);
    expect(drag('mouse', [110, 100], [130, 140])?.offset).toBe(30);
    expect(drag('mouse', [110, 100], [60, 100])?.offset).toBe(0);
    expect(releaseSwipe(drag('mouse', [200, 100], [90, 100]))).toBe('spring-back');
  });

  it('is not a swipe until the pointer has moved a few pixels right (a tap or a shaky finger)', () => {
    const press = drag('touch', [108, 103]);
    expect(press?.offset).toBeNull();
    expect(releaseSwipe(press)).toBe('none');
    expect(drag('mouse', [103, 100])?.offset).toBe(3);
  });

  it('is not a swipe for the rest of a press that moved up, down or left first', () => {
    expect(drag('touch', [102, 130], [200, 130])).toBeNull();
    expect(drag('mouse', [90, 100], [200, 100])).toBeNull();
    expect(drag('touch', [112, 115])).toBeNull();
    expect(releaseSwipe(null)).toBe('none');
  });
});

// Swipe right to dismiss a toast, the way Radix's Toast decides it, for pointer events of any kind
// (a finger and a mouse share this one path). A press becomes a swipe once it has moved a few
// pixels more right than up or down; moving another way first (scrolling, selecting) means it is
// not one for the rest of that press. On release, a toast moved more than SWIPE_THRESHOLD_PX right
// is dismissed; anything less springs back.

/** How far right (px) a toast must be dragged to be dismissed. */
export const SWIPE_THRESHOLD_PX = 50;

/** How far (px) a press may wander before it is decided: a finger shakes more than a mouse. */
function startBuffer(pointerType: string): number {
  return pointerType === 'touch' ? 10 : 2;
}

export interface SwipePress {
  startX: number;
  startY: number;
  pointerType: string;
  /** How far right the toast follows the pointer (px, never below 0); null until the press is a swipe. */
  offset: number | null;
}

export function pressSwipe({ x, y, pointerType }: { x: number; y: number; pointerType: string }): SwipePress {
  return { startX: x, startY: y, pointerType, offset: null };
}

/** The press after a pointer move to (x, y); null once it is known not to be a swipe. */
export function moveSwipe(press: SwipePress, { x, y }: { x: number; y: number }): SwipePress | null {
  const dx = x - press.startX;
  const dy = y - press.startY;
  if (press.offset !== null) return { ...press, offset: Math.max(0, dx) };
  const buffer = startBuffer(press.pointerType);
  if (dx > buffer && dx > Math.abs(dy)) return { ...press, offset: dx };
  if (Math.abs(dx) > buffer || Math.abs(dy) > buffer) return null;
  return press;
}

/** What letting go does: dismiss the toast, put it back, or nothing (the press never became a swipe). */
export function releaseSwipe(press: SwipePress | null): 'dismiss' | 'spring-back' | 'none' {
  if (press?.offset == null) return 'none';
  return press.offset > SWIPE_THRESHOLD_PX ? 'dismiss' : 'spring-back';
}

// The header search's placeholder cycles through SEARCH_PLACEHOLDERS every 2.5 s.
import { useEffect, useState } from 'react';
import { SEARCH_PLACEHOLDER_INTERVAL_MS, SEARCH_PLACEHOLDERS } from '../../../core/services';

export function nextPlaceholderIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return (index + 1) % count;
}

/** Starts the rotation; calls onTick with each new index. Returns the function that stops it. */
export function startRotation(
  count: number,
  onTick: (index: number) => void,
  intervalMs: number = SEARCH_PLACEHOLDER_INTERVAL_MS,
): () => void {
  let index = 0;
  const timer = setInterval(() => {
    index = nextPlaceholderIndex(index, count);
    onTick(index);
  }, intervalMs);
  return () => clearInterval(timer);
}

export function useRotatingPlaceholder(
  placeholders: readonly string[] = SEARCH_PLACEHOLDERS,
  intervalMs: number = SEARCH_PLACEHOLDER_INTERVAL_MS,
): string {
  const [index, setIndex] = useState(0);
  useEffect(() => startRotation(placeholders.length, setIndex, intervalMs), [placeholders.length, intervalMs]);
  return placeholders[index] ?? placeholders[0] ?? '';
}

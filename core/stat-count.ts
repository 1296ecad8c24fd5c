// The home page's statistics band shows counts as readable figures (product rule 6). Its own module,
// free of zod, so the home page's bundle does not pull in the directory's query schema.
import { formatCount } from './counts';

/** '1,234' → floor to a readable '1,200+' above 100 (product rule 6); exact below. */
export function formatStatCount(n: number): string {
  if (n <= 100) return formatCount(n);
  const magnitude = 10 ** Math.max(1, Math.floor(Math.log10(n)) - 1);
  return `${formatCount(Math.floor(n / magnitude) * magnitude)}+`;
}

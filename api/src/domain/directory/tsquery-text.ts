// A visitor's free text as PostgreSQL's tsquery: the SQL that builds it (the SQL path's condition
// and rank), and the text of a whole query joined from each word's (the directory index asks
// PostgreSQL once per word, decision 0023). PostgreSQL's stemmer and stop words stay its own.
import { Prisma } from '../../../../prisma/db';

/** At most this many of a text's words are searched for. */
const MAX_SEARCH_WORDS = 8;

/**
 * A search's plain words (letters and digits, lower case, the first eight), or null when the text
 * uses web-search syntax (quotes, OR, -word) or has no word at all.
 */
export function plainSearchWords(search: string): string[] | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const usesOperators = /["]|(^|\s)-\S|\sor\s/i.test(search);
  return usesOperators || words.length === 0 ? null : words.slice(0, MAX_SEARCH_WORDS);
}

/**
 * The text search as a tsquery. Plain words ('web des') become every word as a prefix, ANDed
 * ('web:* & des:*'), so a half-typed word still finds 'Web Design'; the words hold letters and
 * digits only, so that is always valid to_tsquery syntax (and it still travels as a parameter).
 * Text using web-search syntax (quotes, OR, -word) goes to websearch_to_tsquery as written.
 */
export function tsquerySql(search: string): Prisma.Sql {
  const words = plainSearchWords(search);
  if (!words) return Prisma.sql`websearch_to_tsquery('english', ${search})`;
  const prefix = words.map((w) => `${w}:*`).join(' & ');
  return Prisma.sql`to_tsquery('english', ${prefix})`;
}

/** PostgreSQL's text of one prefix operand ('web':*), or of none (a stop word). */
const SINGLE_OPERAND = /^(?:'(?:[^']|'')+':\*)?$/;

/**
 * PostgreSQL's text of `to_tsquery('english', 'w1:* & w2:* …')` from its text for each word alone
 * (`to_tsquery('english', 'w1:*')`): the operands joined by ' & ', stop words ('') left out. Null
 * when a word's text is missing or more than one operand (then ask PostgreSQL for the whole text).
 */
export function joinWordQueries(parts: readonly (string | undefined)[]): string | null {
  if (!parts.every((part) => part !== undefined && SINGLE_OPERAND.test(part))) return null;
  return parts.filter((part) => part !== '').join(' & ');
}

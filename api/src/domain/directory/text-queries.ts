// Visitors' texts as the directory index evaluates them (decision 0019): PostgreSQL turns each text
// into a tsquery (its stemmer and stop words), asked once per distinct word (decision 0023) and
// kept; the index parses it (text-search.ts) and binds it to its dictionary (bound-text.ts).
import { LRUCache } from 'lru-cache';
import type { PrismaClient } from '../../../../prisma/db';
import type { BoundText, Lexicon } from './bound-text';
import { parseTsquery, type TextQuery } from './text-search';
import { joinWordQueries, plainSearchWords, tsquerySql } from './tsquery-text';

export class TextQueries {
  /** Visitor text → its parsed tsquery (null: the index can't evaluate it, SQL answers), and its binding once asked. */
  private readonly texts = new LRUCache<string, { query: TextQuery | null; bound?: BoundText }>({ max: 20_000 });
  /** A plain word → PostgreSQL's text of `to_tsquery('english', 'word:*')` ('' for a stop word). */
  private readonly words = new LRUCache<string, string>({ max: 20_000 });

  constructor(
    private readonly prisma: PrismaClient,
    private readonly lexicon: Lexicon,
  ) {}

  /** Makes the text known: its tsquery from PostgreSQL, parsed (once per distinct text). */
  async parse(search: string): Promise<void> {
    if (this.texts.has(search)) return;
    const text = await this.tsqueryText(search);
    this.texts.set(search, { query: parseTsquery(text) });
  }

  /** The parsed text bound to the dictionary and brought up to date; null when not parsed yet or not evaluable here. */
  bound(search: string): BoundText | null {
    const known = this.texts.get(search);
    if (!known?.query) return null;
    known.bound ??= this.lexicon.bind(known.query);
    known.bound.extend();
    return known.bound;
  }

  /**
   * PostgreSQL's tsquery text for the search, as `SELECT to_tsquery(…)::text` gives it. Plain words
   * are asked once per word rather than once per text: PostgreSQL's text for 'w1:* & w2:*' is its
   * text for each word joined by ' & ', a stop word's (empty) left out. Visitors combine a few
   * thousand words in many more ways than they use words, and a word's text that is not one plain
   * operand (a word the parser splits) sends the whole text to PostgreSQL as before.
   * tests/integration/directory-index.int.test.ts compares the two.
   */
  private async tsqueryText(search: string): Promise<string> {
    const words = plainSearchWords(search);
    if (words) {
      const unknown = [...new Set(words.filter((word) => !this.words.has(word)))];
      if (unknown.length > 0) {
        const rows = await this.prisma.$queryRaw<{ word: string; q: string }[]>`
          SELECT word, (to_tsquery('english', word || ':*'))::text AS q FROM unnest(${unknown}::text[]) AS word`;
        for (const row of rows) this.words.set(row.word, row.q);
      }
      const text = joinWordQueries(words.map((word) => this.words.get(word)));
      if (text !== null) return text;
    }
    const rows = await this.prisma.$queryRaw<{ q: string }[]>`SELECT (${tsquerySql(search)})::text AS q`;
    return rows[0]?.q ?? '';
  }
}

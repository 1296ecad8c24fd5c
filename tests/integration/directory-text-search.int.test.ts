// The directory index's full-text matching and ranking (text-search.ts, bound-text.ts) against the
// live PostgreSQL: a few hundred generated documents (lexemes sharing prefixes, up to 300
// positions of every weight, words near and far apart, some lexemes without positions) and
// generated queries (AND, OR, NOT, prefixes, nested), each pair ranked and matched by PostgreSQL
// and here, from PostgreSQL's own text of both (as the index reads them), compared exactly.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/services';
import { Lexicon } from '../../api/src/domain/directory/bound-text';
import { parseTsquery, tsRank } from '../../api/src/domain/directory/text-search';

const LEXEMES = ['web', 'webs', 'websit', 'design', 'desk', 'cloud', 'clou', 'backup', 'network', 'net', 'wifi', 'secur', 'data', 'recoveri', 'london', 'zoë', "o'reilli"];

const documentArbitrary = fc
  .uniqueArray(
    fc.record({
      lexeme: fc.constantFrom(...LEXEMES),
      positions: fc.oneof(
        { weight: 1, arbitrary: fc.constant([] as number[]) },
        { weight: 9, arbitrary: fc.uniqueArray(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 14 }) },
      ),
      weights: fc.array(fc.constantFrom('A', 'B', 'C', ''), { minLength: 14, maxLength: 14 }),
    }),
    { selector: (entry) => entry.lexeme, minLength: 1, maxLength: 8 },
  )
  .map((entries) =>
    entries
      .map(({ lexeme, positions, weights }) => {
        const quoted = `'${lexeme.replace(/'/g, "''")}'`;
        return positions.length === 0 ? quoted : `${quoted}:${positions.map((p, i) => `${p}${weights[i]}`).join(',')}`;
      })
      .join(' '),
  );

const operand = fc.record({ lexeme: fc.constantFrom(...LEXEMES, 'nosuch'), prefix: fc.boolean() }).map(({ lexeme, prefix }) => `'${lexeme.replace(/'/g, "''")}'${prefix ? ':*' : ''}`);
const { query: queryArbitrary } = fc.letrec<{ query: string }>((tie) => ({
  query: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    operand,
    tie('query').map((q) => `!(${q})`),
    fc.tuple(tie('query'), tie('query')).map(([a, b]) => `(${a}) & (${b})`),
    fc.tuple(tie('query'), tie('query')).map(([a, b]) => `(${a}) | (${b})`),
  ),
}));

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db?.drop();
});

describe('ts_rank and @@ in JavaScript', () => {
  it('rank and match generated documents for generated queries exactly as PostgreSQL does', async () => {
    const documents = fc.sample(documentArbitrary, { numRuns: 300, seed: 20261131 });
    // Flat ANDs of two to four words are what the index ranks most (visitors' words); nested trees too.
    const queries = [
      ...fc.sample(fc.array(operand, { minLength: 2, maxLength: 4 }).map((words) => words.join(' & ')), { numRuns: 20, seed: 20261132 }),
      ...fc.sample(queryArbitrary, { numRuns: 30, seed: 20261133 }),
    ];
    const rows = await db.prisma.$queryRaw<{ vector: string; query: string; rank: number; matches: boolean }[]>`
      SELECT d.v::tsvector::text AS vector, q.t::tsquery::text AS query, ts_rank(d.v::tsvector, q.t::tsquery)::float8 AS rank,
        d.v::tsvector @@ q.t::tsquery AS matches
      FROM unnest(${documents}::text[]) AS d(v), unnest(${queries}::text[]) AS q(t)`;
    expect(rows.length).toBe(documents.length * queries.length);
    const lexicon = new Lexicon();
    let compared = 0;
    let matched = 0;
    let tiny = 0;
    for (const row of rows) {
      const parsed = parseTsquery(row.query);
      expect(parsed, row.query).not.toBeNull();
      const text = lexicon.bind(parsed!);
      const doc = lexicon.document(row.vector);
      const label = `ts_rank('${row.vector}', '${row.query}')`;
      expect(text.finds(doc), label).toBe(row.matches);
      expect(tsRank(doc, text.query, text.operandLexemes), label).toBe(row.rank);
      compared += 1;
      if (row.matches) matched += 1;
      if (row.rank > 0 && row.rank < 1e-10) tiny += 1;
    }
    expect(compared).toBe(15_000);
    // Matches and misses, and tiny ranks (words far apart, an AND finding one word) besides the rest: else it proves little.
    expect(matched).toBeGreaterThan(1_000);
    expect(compared - matched).toBeGreaterThan(1_000);
    expect(tiny).toBeGreaterThan(500);
  }, 120_000);
});

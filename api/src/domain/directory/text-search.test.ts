// text-search.ts against PostgreSQL 15 itself: the ranks and matches below were copied from
//   SELECT ts_rank(v::tsvector, q::tsquery)::float8, v::tsvector @@ q::tsquery FROM DOCUMENTS, QUERIES
// (the documents as PostgreSQL prints them), run on PostgreSQL 15.20. They cover ts_rank's OR and
// AND paths, weights, repeated positions, words more than 100 apart, an AND finding one operand
// (1e-20), NOT, prefixes, quoting, and lexemes stored without positions. The same comparison over
// hundreds of generated documents, against the live server, is
// tests/integration/directory-text-search.int.test.ts.
import { describe, expect, it } from 'vitest';
import { Lexicon } from './bound-text';
import { lexemeMatches, packPositions, parseTsquery, parseTsvector, tsRank, type TextQuery } from './text-search';

const DOCUMENTS = [
  "'design':2A 'friend':9C 'manchest':5B 'support':10C 'web':1A",
  "'backup':3A,150 'cloud':1A,20C 'server':7 'support':8,9,10,11",
  "'network':1A,3B,5C,7 'wifi':2,200",
  "'data':1A 'london':120B 'recoveri':2A",
  "'secur':4 'web':104",
  "'back\\\\slash':4 'café':2A 'o''reilli':1A 'zoë':3B",
  "'design':6B,7C,8 'web':1A,2A,3A,4A,5A",
  "'cloud' 'web'",
];

const QUERIES = [
  "'web':* & 'design':*",
  "'support':*",
  "'cloud':* | 'backup':*",
  "'network' & !'wifi'",
  "'data' & 'recoveri' & 'london'",
  "'web' & 'secur'",
  "'nosuch'",
  "'web' & 'nosuch'",
  "!'web'",
  "'caf':* | 'zoë'",
  "'cloud' & 'web'",
  "'cloud' | 'web'",
];

const E20 = 9.999999682655225e-21;
/** PostgreSQL's ts_rank of each document (rows) for each query (columns), as float8. */
const RANKS = [
  [0.9910321831703186, 0.1215854212641716, 0, E20, E20, E20, 0, E20, 0.6079270839691162, 0, E20, 0.3039635419845581],
  [E20, 0.0865451768040657, 0.6307243704795837, E20, E20, E20, 0, E20, 0, 0, E20, 0.31916171312332153],
  [E20, 0, 0, 0.5687125325202942, E20, E20, 0, E20, 0, 0, E20, 0],
  [E20, 0, 0, E20, 0.9910321831703186, E20, 0, E20, 0, 0, E20, 0],
  [E20, 0, 0, E20, E20, 4.058137391394195e-15, 0, E20, 0.0607927106320858, 0, E20, 0.0303963553160429],
  [E20, 0, 0, E20, E20, E20, 0, E20, 0, 0.4255489706993103, E20, 0],
  [0.999885618686676, 0, 0, E20, E20, E20, 0, E20, 0.8897688984870911, 0, E20, 0.44488444924354553],
  [E20, 0, 0.0303963553160429, E20, E20, E20, 0, E20, 0.0607927106320858, 0, 1.0000000168623835e-16, 0.0607927106320858],
];
/** PostgreSQL's `@@` of each document for each query ('T': matches). */
const MATCHES = ['TT---------T', '-TT-----T--T', '--------T---', '----T---T---', '-----T-----T', '--------TT--', 'T----------T', '--T-------TT'];

/** A document as the index keeps it, and per operand of `query` the lexemes (by position in the document) it finds. */
function ranked(vector: string, query: TextQuery) {
  const parsed = parseTsvector(vector);
  const doc = { lexemeIds: Int32Array.from(parsed.lexemes.map((_, i) => i)), positions: packPositions(parsed.positions) };
  const operands = query.operands.map((operand) => new Set(parsed.lexemes.flatMap((lexeme, i) => (lexemeMatches(lexeme, operand) ? [i] : []))));
  return tsRank(doc, query, operands);
}

describe('tsRank', () => {
  it("is PostgreSQL 15's ts_rank bit for bit, document by query", () => {
    DOCUMENTS.forEach((vector, d) => {
      QUERIES.forEach((text, q) => {
        expect(ranked(vector, parseTsquery(text)!), `${vector} ranked for ${text}`).toBe(RANKS[d]![q]);
      });
    });
  });

  it('is 0 for an empty document or a query of stop words only', () => {
    expect(ranked('', parseTsquery("'web'")!)).toBe(0);
    expect(ranked("'web':1", parseTsquery('')!)).toBe(0);
  });
});

describe('matching (bound-text.ts) as PostgreSQL matches', () => {
  it('finds exactly the documents PostgreSQL finds, with each text bound to one dictionary', () => {
    const lexicon = new Lexicon();
    const documents = DOCUMENTS.map((vector) => lexicon.document(vector));
    QUERIES.forEach((text, q) => {
      const bound = lexicon.bind(parseTsquery(text)!);
      const found = documents.map((doc) => (bound.finds(doc) ? 'T' : '-'));
      expect(found, text).toEqual(MATCHES.map((row) => row[q]));
    });
  });

  it('sees a word the dictionary learns after the text was bound', () => {
    const lexicon = new Lexicon();
    const bound = lexicon.bind(parseTsquery("'pixel':*")!);
    expect(bound.finds(lexicon.document("'web':1"))).toBe(false);
    expect(bound.finds(lexicon.document("'pixels':1A"))).toBe(true);
  });
});

describe('parseTsvector', () => {
  it('reads quoting, backslashes, weights and positions as PostgreSQL prints them', () => {
    expect(parseTsvector("'back\\\\slash':4 'café':2A 'o''reilli':1A,7 'zoë':3B 'bare'")).toEqual({
      lexemes: ['back\\slash', 'café', "o'reilli", 'zoë', 'bare'],
      positions: [Uint16Array.of(4), Uint16Array.of(2 | (3 << 14)), Uint16Array.of(1 | (3 << 14), 7), Uint16Array.of(3 | (2 << 14)), Uint16Array.of()],
    });
    expect(parseTsvector('')).toEqual({ lexemes: [], positions: [] });
    expect(() => parseTsvector('web:1')).toThrow(/not tsvector text/);
    expect(() => parseTsvector("'web")).toThrow(/unterminated/);
  });

  it('packs positions per lexeme: their count, then each', () => {
    expect(Array.from(packPositions([Uint16Array.of(1, 5), Uint16Array.of(), Uint16Array.of(9)]))).toEqual([2, 1, 5, 0, 1, 9]);
  });
});

describe('parseTsquery', () => {
  it('reads ! tightest, then &, then |, with parentheses, prefixes and quoting', () => {
    expect(parseTsquery("'a' | 'b':* & !'c'")!.root).toEqual({
      kind: 'or',
      left: { kind: 'word', lexeme: 'a', prefix: false },
      right: { kind: 'and', left: { kind: 'word', lexeme: 'b', prefix: true }, right: { kind: 'not', operand: { kind: 'word', lexeme: 'c', prefix: false } } },
    });
    expect(parseTsquery("( 'a' | 'b' ) & 'o''c'")!.root).toEqual({
      kind: 'and',
      left: { kind: 'or', left: { kind: 'word', lexeme: 'a', prefix: false }, right: { kind: 'word', lexeme: 'b', prefix: false } },
      right: { kind: 'word', lexeme: "o'c", prefix: false },
    });
  });

  it('keeps each operand once, in the byte order PostgreSQL sorts them', () => {
    expect(parseTsquery("'zoë' & 'web' & 'zoe' & 'web':* & 'Zed'")!.operands.map((o) => o.lexeme)).toEqual(['Zed', 'web', 'zoe', 'zoë']);
  });

  it('is an empty query for stop words only, and null for what the index leaves to SQL (phrases, weights, nonsense)', () => {
    expect(parseTsquery('')).toEqual({ root: null, operands: [] });
    expect(parseTsquery("'data' <-> 'recoveri'")).toBeNull();
    expect(parseTsquery("'data' <2> 'recoveri'")).toBeNull();
    expect(parseTsquery("'web':A")).toBeNull();
    expect(parseTsquery("'web' &")).toBeNull();
    expect(parseTsquery("('web'")).toBeNull();
    expect(parseTsquery('web')).toBeNull();
  });
});

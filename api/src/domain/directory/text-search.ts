// PostgreSQL's full-text matching and ts_rank, in JavaScript, for the in-process directory index
// (decision 0019). The index keeps each listing's stored search_vector (read as text) and asks
// PostgreSQL only to turn a visitor's words into a tsquery (stemming and stop words stay
// PostgreSQL's: `to_tsquery('english', …)::text`, cached per text). Matching and ranking are then
// done here, so a text search costs no database time beyond that one cached call.
//
// The rank is PostgreSQL's ts_rank with its default weights and no normalisation
// (src/backend/utils/adt/tsrank.c: calc_rank, calc_rank_and, calc_rank_or), step by step in
// float4 (Math.fround) so that equal ranks stay equal and the order matches the SQL path's
// `ts_rank(p.search_vector, q) DESC` exactly; tests/integration/directory-index.int.test.ts compares the two.
// Phrase operators (<->) and weight-restricted operands are not handled here: parseTsquery
// returns null for them and the caller answers that search from SQL.

/**
 * A stored tsvector: lexemes in PostgreSQL's order, each with its positions (WordEntryPos: pos |
 * weight << 14); none for a lexeme stored without positions (ts_rank then counts one, see POSNULL).
 */
export interface TextDocument {
  lexemes: string[];
  positions: Uint16Array[];
}

export type QueryNode =
  | { kind: 'word'; lexeme: string; prefix: boolean }
  | { kind: 'not'; operand: QueryNode }
  | { kind: 'and' | 'or'; left: QueryNode; right: QueryNode };

/** A parsed tsquery: null tree for an empty query (stop words only), which matches nothing. */
export interface TextQuery {
  root: QueryNode | null;
  /** Every operand, sorted and de-duplicated as SortAndUniqItems does. */
  operands: { lexeme: string; prefix: boolean }[];
}

const WEIGHT_LETTERS: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/** tsvector output: `'lexeme':1A,5 'other':3B` (quotes doubled inside; backslashes doubled). */
export function parseTsvector(text: string): TextDocument {
  const lexemes: string[] = [];
  const positions: Uint16Array[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ') {
      i += 1;
      continue;
    }
    if (text[i] !== "'") throw new Error(`not tsvector text at ${i}`);
    let lexeme = '';
    i += 1;
    for (;;) {
      const c = text[i];
      if (c === undefined) throw new Error('unterminated lexeme');
      if (c === "'" && text[i + 1] === "'") {
        lexeme += "'";
        i += 2;
      } else if (c === '\\') {
        lexeme += text[i + 1] ?? '';
        i += 2;
      } else if (c === "'") {
        i += 1;
        break;
      } else {
        lexeme += c;
        i += 1;
      }
    }
    const list: number[] = [];
    if (text[i] === ':') {
      i += 1;
      while (i < text.length && text[i] !== ' ') {
        let n = 0;
        while (i < text.length && text[i]! >= '0' && text[i]! <= '9') n = n * 10 + (text.charCodeAt(i++) - 48);
        let weight = 0;
        const letter = text[i];
        if (letter !== undefined && letter in WEIGHT_LETTERS) {
          weight = WEIGHT_LETTERS[letter]!;
          i += 1;
        }
        list.push((n & 0x3fff) | (weight << 14));
        if (text[i] === ',') i += 1;
      }
    }
    lexemes.push(lexeme);
    positions.push(Uint16Array.from(list));
  }
  return { lexemes, positions };
}

/**
 * tsquery output (`'web':* & !'design' | 'cloud'`) → a tree; null when it uses what this module
 * does not evaluate (phrase operators, weight restrictions), so the caller goes to SQL.
 */
export function parseTsquery(text: string): TextQuery | null {
  const tokens: string[] = [];
  const re = /\s*('(?:[^']|'')*'(?::[*A-Da-d]+)?|<\d*-?>|[&|!()])/gy;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = re.exec(text))) {
    tokens.push(m[1]!);
    consumed = re.lastIndex;
  }
  if (text.slice(consumed).trim() !== '') return null;
  if (tokens.length === 0) return { root: null, operands: [] };
  if (tokens.some((t) => t.startsWith('<'))) return null;

  let at = 0;
  const operands: { lexeme: string; prefix: boolean }[] = [];
  // Precedence as PostgreSQL prints it: ! tightest, then &, then |.
  const parseOr = (): QueryNode | null => {
    let left = parseAnd();
    while (left && tokens[at] === '|') {
      at += 1;
      const right = parseAnd();
      if (!right) return null;
      left = { kind: 'or', left, right };
    }
    return left;
  };
  const parseAnd = (): QueryNode | null => {
    let left = parseUnary();
    while (left && tokens[at] === '&') {
      at += 1;
      const right = parseUnary();
      if (!right) return null;
      left = { kind: 'and', left, right };
    }
    return left;
  };
  const parseUnary = (): QueryNode | null => {
    const token = tokens[at++];
    if (token === undefined) return null;
    if (token === '!') {
      const operand = parseUnary();
      return operand && { kind: 'not', operand };
    }
    if (token === '(') {
      const inner = parseOr();
      if (tokens[at++] !== ')') return null;
      return inner;
    }
    if (!token.startsWith("'")) return null;
    const close = token.lastIndexOf("'");
    const lexeme = token.slice(1, close).replace(/''/g, "'");
    const flags = token.slice(close + 1);
    if (flags !== '' && flags !== ':*') return null;
    const prefix = flags === ':*';
    operands.push({ lexeme, prefix });
    return { kind: 'word', lexeme, prefix };
  };
  const root = parseOr();
  if (!root || at !== tokens.length) return null;
  return { root, operands: sortAndUniq(operands) };
}

/** tsCompareString: bytes (UTF-8) first, then the shorter first. */
function compareLexemes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function sortAndUniq(operands: { lexeme: string; prefix: boolean }[]): { lexeme: string; prefix: boolean }[] {
  const sorted = [...operands].sort((a, b) => compareLexemes(a.lexeme, b.lexeme));
  return sorted.filter((op, i) => i === 0 || sorted[i - 1]!.lexeme !== op.lexeme);
}

export function lexemeMatches(lexeme: string, operand: { lexeme: string; prefix: boolean }): boolean {
  return operand.prefix ? lexeme.startsWith(operand.lexeme) : lexeme === operand.lexeme;
}

/**
 * A document as the index keeps it: its lexemes as dictionary ids in PostgreSQL's order, and
 * their positions. `found[i]` tells which lexeme ids operand i of the query (sorted, unique) finds.
 */
export interface IndexedDocument {
  lexemeIds: Int32Array;
  /** Per lexeme in order: its number of positions, then the positions (WordEntryPos). One array, for memory. */
  positions: Uint16Array;
}

/** The positions of every lexeme of a document, packed as IndexedDocument keeps them. */
export function packPositions(positions: Uint16Array[]): Uint16Array {
  const packed = new Uint16Array(positions.reduce((n, list) => n + 1 + list.length, 0));
  let at = 0;
  for (const list of positions) {
    packed[at++] = list.length;
    packed.set(list, at);
    at += list.length;
  }
  return packed;
}
/** Per operand (sorted, unique), the dictionary ids of the lexemes it finds. */
export type OperandLexemes = ReadonlySet<number>[];

const f = Math.fround;
/** ts_rank's default weights for D, C, B, A, as float4. */
const WEIGHTS = [f(0.1), f(0.2), f(0.4), f(1.0)] as const;
const MAX_ENTRY_POS = 1 << 14;

const weightOf = (pos: number): number => WEIGHTS[pos >> 14]!;

/**
 * What ts_rank counts for a lexeme stored without positions (tsrank.c's `posnull`): one position
 * of weight D, at 0 for calc_rank_or (only its weight counts) and at MAXENTRYPOS - 1 for
 * calc_rank_and, where two of them, at distance 0, count as MAXENTRYPOS apart.
 */
const POSNULL_OR = 0;
const POSNULL_AND = MAX_ENTRY_POS - 1;

function wordDistance(distance: number): number {
  if (distance > 100) return f(1e-30);
  return f(1.0 / (1.005 + 0.05 * Math.exp(distance / 1.5 - 2)));
}

function rankOr(doc: IndexedDocument, operands: OperandLexemes): number {
  const { lexemeIds, positions } = doc;
  let res = 0;
  for (const finds of operands) {
    // An operand finding one lexeme (most): compared as a number, not looked up, in the loop that
    // ranks every match of a broad text (decision 0019).
    const only = finds.size === 1 ? finds.values().next().value! : -1;
    // Every entry the operand finds (find_wordentry), in the document's order.
    let at = 0;
    for (let i = 0; i < lexemeIds.length; i++) {
      const count = positions[at]!;
      if (only >= 0 ? lexemeIds[i] === only : finds.has(lexemeIds[i]!)) {
        let resj = 0;
        let wjm = -1;
        let jm = 0;
        for (let j = 0; j < (count || 1); j++) {
          const w = weightOf(count === 0 ? POSNULL_OR : positions[at + 1 + j]!);
          resj = f(resj + f(w / ((j + 1) * (j + 1))));
          if (w > wjm) {
            wjm = w;
            jm = j;
          }
        }
        const term = f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1))));
        res = f(res + term / 1.64493406685);
      }
      at += 1 + count;
    }
  }
  if (operands.length > 0) res = f(res / operands.length);
  return res;
}

/** Scratch space for rankAnd: per operand, where its last found entry's positions start and how many (-1: none). */
let lastStart = new Int32Array(16);
let lastCount = new Int32Array(16);

function rankAnd(doc: IndexedDocument, operands: OperandLexemes): number {
  if (operands.length < 2) return rankOr(doc, operands);
  const { lexemeIds, positions } = doc;
  if (lastStart.length < operands.length) {
    lastStart = new Int32Array(operands.length);
    lastCount = new Int32Array(operands.length);
  }
  lastCount.fill(-1, 0, operands.length);
  let res = -1;
  for (let i = 0; i < operands.length; i++) {
    const finds = operands[i]!;
    let at = 0;
    for (let e = 0; e < lexemeIds.length; e++) {
      const count = positions[at]!;
      if (finds.has(lexemeIds[e]!)) {
        lastStart[i] = at + 1;
        lastCount[i] = count;
        for (let k = 0; k < i; k++) {
          const otherCount = lastCount[k]!;
          if (otherCount < 0) continue;
          const otherStart = lastStart[k]!;
          for (let l = 0; l < (count || 1); l++) {
            const mine = count === 0 ? POSNULL_AND : positions[at + 1 + l]!;
            for (let p = 0; p < (otherCount || 1); p++) {
              const theirs = otherCount === 0 ? POSNULL_AND : positions[otherStart + p]!;
              let dist = Math.abs((mine & (MAX_ENTRY_POS - 1)) - (theirs & (MAX_ENTRY_POS - 1)));
              if (dist === 0) {
                if (count !== 0 && otherCount !== 0) continue;
                dist = MAX_ENTRY_POS;
              }
              const curw = f(Math.sqrt(f(f(weightOf(mine) * weightOf(theirs)) * wordDistance(dist))));
              res = res < 0 ? curw : f(1.0 - (1.0 - res) * (1.0 - curw));
            }
          }
        }
      }
      at += 1 + count;
    }
  }
  return res;
}

/** ts_rank(document, query) as PostgreSQL computes it (a float4, returned as a number). */
export function tsRank(doc: IndexedDocument, query: TextQuery, operands: OperandLexemes): number {
  if (doc.lexemeIds.length === 0 || query.root === null) return 0;
  const res = query.root.kind === 'and' ? rankAnd(doc, operands) : rankOr(doc, operands);
  return res < 0 ? f(1e-20) : res;
}

// The directory index's dictionary of lexemes, and visitors' texts bound to it (decision 0019).
// Every lexeme of every stored search_vector gets an id once (the dictionary only grows, across
// loads); a document is its lexemes' ids with their positions; a parsed tsquery keeps, per
// operand, the ids of the lexemes it finds, brought up to date as new listings bring new words.
import { lexemeMatches, packPositions, parseTsvector, type IndexedDocument, type QueryNode, type TextQuery } from './text-search';

export class Lexicon {
  /** Every lexeme seen, by id. */
  readonly lexemes: string[] = [];
  private readonly ids = new Map<string, number>();

  get size(): number {
    return this.lexemes.length;
  }

  /** A stored tsvector's text as a document of dictionary ids. */
  document(vectorText: string): IndexedDocument {
    const parsed = parseTsvector(vectorText);
    const lexemeIds = new Int32Array(parsed.lexemes.length);
    parsed.lexemes.forEach((lexeme, i) => {
      let id = this.ids.get(lexeme);
      if (id === undefined) {
        id = this.lexemes.length;
        this.lexemes.push(lexeme);
        this.ids.set(lexeme, id);
      }
      lexemeIds[i] = id;
    });
    return { lexemeIds, positions: packPositions(parsed.positions) };
  }

  /** A parsed text search bound to this dictionary, its operands' lexemes found. */
  bind(query: TextQuery): BoundText {
    const text = new BoundText(query, this);
    text.extend();
    return text;
  }
}

/** A parsed text search with, per operand, the dictionary's lexeme ids it finds. */
export class BoundText {
  /** Per operand, the lexeme ids it finds: as a set (membership, ts_rank) and a list (its listings through the postings). */
  readonly operandLexemes: Set<number>[];
  readonly operandIds: number[][];
  /** Each word node of the tree → its operand's index. */
  readonly operandOf = new Map<QueryNode, number>();
  /** Searches sorted by relevance with this text so far (the index builds an order from the third on). */
  searches = 0;
  /** The dictionary size the operands' lexemes were found at. */
  private dictionarySize = 0;

  constructor(
    readonly query: TextQuery,
    private readonly lexicon: Lexicon,
  ) {
    this.operandLexemes = query.operands.map(() => new Set<number>());
    this.operandIds = query.operands.map(() => []);
    const visit = (node: QueryNode | null): void => {
      if (!node) return;
      if (node.kind === 'word') this.operandOf.set(node, query.operands.findIndex((o) => o.lexeme === node.lexeme));
      else if (node.kind === 'not') visit(node.operand);
      else {
        visit(node.left);
        visit(node.right);
      }
    };
    visit(query.root);
  }

  /**
   * Brings the operands' lexemes up to the dictionary, in place: only lexemes added since it was
   * last brought up are looked at. Everything holding the text (its relevance order, the answer
   * cache's matchers) sees a new listing's new word from then on.
   */
  extend(): void {
    const lexemes = this.lexicon.lexemes;
    const size = lexemes.length;
    if (this.dictionarySize === size) return;
    this.query.operands.forEach((operand, i) => {
      for (let id = this.dictionarySize; id < size; id++) {
        if (lexemeMatches(lexemes[id]!, operand)) {
          this.operandLexemes[i]!.add(id);
          this.operandIds[i]!.push(id);
        }
      }
    });
    this.dictionarySize = size;
  }

  /** `search_vector @@ query` for one document (of this dictionary). */
  finds(doc: IndexedDocument): boolean {
    const root = this.query.root;
    if (!root) return false;
    // The document may bring words the operands have not been matched against yet.
    this.extend();
    const has = (node: QueryNode): boolean => {
      switch (node.kind) {
        case 'word': {
          const finds = this.operandLexemes[this.operandOf.get(node)!]!;
          for (const id of doc.lexemeIds) if (finds.has(id)) return true;
          return false;
        }
        case 'not':
          return !has(node.operand);
        case 'and':
          return has(node.left) && has(node.right);
        case 'or':
          return has(node.left) || has(node.right);
      }
    };
    return has(root);
  }
}

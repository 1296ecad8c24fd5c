// The demo data must read like real businesses (issue 13 item 8): no sentence in two reviews, no
// review that is another with a few words swapped, and the same for owners' replies and business
// descriptions. Fails on templated text such as "{first} handled our {noun} and it was spot on".
import { describe, expect, it } from 'vitest';
import { buildDemoData } from './demo-data';
import { loadOutcodes } from './places';

const data = buildDemoData({ outcodes: loadOutcodes(), now: new Date('2026-11-22T12:00:00Z') });

/** Lower-case words without punctuation: "Wi-Fi, finally!" → ['wi', 'fi', 'finally']. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().replace(/[’']/g, '').match(/[a-z0-9£%]+/g) ?? [];
}

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?…:;])\s+/).filter((s) => wordsOf(s).length > 0);
}

/** Length of the longest common subsequence of two word lists: the words left once the differing ones are removed. */
function commonWords(a: readonly string[], b: readonly string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const word of a) {
    const row = [0];
    for (let j = 0; j < b.length; j++) row.push(word === b[j] ? previous[j]! + 1 : Math.max(previous[j + 1]!, row[j]!));
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * Two sentences are the same sentence with words swapped when, after removing the words that
 * differ, at least 75% of the shorter one is left (and at least five words), and their lengths
 * are comparable. "Ravi handled our office Wi-Fi and it was spot on" and "Sian handled our
 * backups and it was spot on" share 7 of 9 words in order.
 */
export function isSwappedCopy(a: readonly string[], b: readonly string[]): boolean {
  const [short, long] = a.length <= b.length ? [a.length, b.length] : [b.length, a.length];
  if (short < 5 || short / long < 0.6) return false;
  // The common subsequence is no longer than the words the two share (with repeats): a cheap first test.
  const counts = new Map<string, number>();
  for (const w of a) counts.set(w, (counts.get(w) ?? 0) + 1);
  let shared = 0;
  for (const w of b) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      shared++;
      counts.set(w, n - 1);
    }
  }
  if (shared < 5 || shared / short < 0.75) return false;
  const common = commonWords(a, b);
  return common >= 5 && common / short >= 0.75;
}

function shingles(words: readonly string[]): Set<string> {
  const set = new Set<string>();
  for (let i = 0; i + 3 <= words.length; i++) set.add(words.slice(i, i + 3).join(' '));
  return set;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / (a.size + b.size - shared);
}

interface Finding {
  what: string;
  a: string;
  b: string;
}

/** Every sentence seen in two different texts, every pair of swapped-word copies, every pair of texts too alike. */
export function findRepeats(texts: readonly string[], maxJaccard = 0.3): Finding[] {
  const findings: Finding[] = [];
  const seen = new Map<string, number>();
  const sentences: { text: number; sentence: string; words: string[] }[] = [];
  texts.forEach((text, index) => {
    for (const sentence of sentencesOf(text)) {
      const words = wordsOf(sentence);
      if (words.length >= 3) {
        const key = words.join(' ');
        const first = seen.get(key);
        if (first !== undefined && first !== index) findings.push({ what: 'same sentence', a: texts[first]!, b: text });
        else seen.set(key, index);
      }
      sentences.push({ text: index, sentence, words });
    }
  });
  for (let i = 0; i < sentences.length; i++) {
    for (let j = i + 1; j < sentences.length; j++) {
      const [x, y] = [sentences[i]!, sentences[j]!];
      if (x.text !== y.text && x.words.join(' ') !== y.words.join(' ') && isSwappedCopy(x.words, y.words)) {
        findings.push({ what: 'same sentence with words swapped', a: x.sentence, b: y.sentence });
      }
    }
  }
  const sets = texts.map((t) => shingles(wordsOf(t)));
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const similarity = jaccard(sets[i]!, sets[j]!);
      if (similarity >= maxJaccard) findings.push({ what: `3-word shingles ${similarity.toFixed(2)} alike`, a: texts[i]!, b: texts[j]! });
    }
  }
  return findings;
}

describe('the repeat finder', () => {
  it('catches a template with words swapped, a shared sentence and a near-copy, and passes distinct texts', () => {
    expect(isSwappedCopy(wordsOf('Ravi handled our office Wi-Fi and it was spot on.'), wordsOf('Sian handled our backups and it was spot on.'))).toBe(true);
    expect(isSwappedCopy(wordsOf('Arrived at nine sharp and fixed the webcam.'), wordsOf('Our warehouse scanners used to lose signal in the back aisles.'))).toBe(false);
    expect(findRepeats(['Great work. Will use again soon.', 'Quick visit. Will use again soon!']).map((f) => f.what)).toContain('same sentence');
    expect(findRepeats(['The engineer came on a Tuesday and fixed the router in an hour', 'The engineer came on a Tuesday and fixed the printer in a day']).map((f) => f.what)).toEqual(
      expect.arrayContaining(['same sentence with words swapped', expect.stringMatching(/^3-word shingles 0\.\d\d alike$/)]),
    );
    expect(findRepeats(['Printer fixed in ten minutes flat, thank you', 'Laptop screen replaced within a week, very good'])).toEqual([]);
  });
});

describe('the demo texts', () => {
  it('share no sentence between reviews, and no review is a near-copy of another', () => {
    expect(findRepeats(data.reviews.map((r) => r.comment))).toEqual([]);
  });

  it('share no sentence between owners’ replies, nor between a reply and a review', () => {
    const replies = data.reviews.flatMap((r) => (r.reply ? [r.reply] : []));
    expect(replies.length).toBeGreaterThan(10);
    expect(findRepeats([...replies, ...data.reviews.map((r) => r.comment)])).toEqual([]);
  });

  it('gives every business its own description', () => {
    expect(findRepeats([...data.professionals, ...data.applications].map((p) => p.description))).toEqual([]);
  });

  it('repeats a plain review title at most twice, as on a real site', () => {
    const counts = new Map<string, number>();
    for (const r of data.reviews) counts.set(wordsOf(r.title).join(' '), (counts.get(wordsOf(r.title).join(' ')) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 2)).toEqual([]);
  });

  it('answers a minority of reviews, the poor ones more often', () => {
    const share = (list: typeof data.reviews) => list.filter((r) => r.reply).length / list.length;
    const low = data.reviews.filter((r) => r.rating <= 3);
    const high = data.reviews.filter((r) => r.rating >= 4);
    expect(share(data.reviews)).toBeLessThan(0.35);
    expect(share(low)).toBeGreaterThan(share(high) * 2);
  });
});

// Word accuracy of OCR output against a page's true text, independent of reading order (the
// engines order columns differently, and reading order is scored elsewhere): the true and the
// read words are matched as multisets; recall is the share of true words read, precision the
// share of read words that are true, and word accuracy their harmonic mean (F1).
import { normalizeKeepCase } from '../quality/metrics.js';

/** Words of a text: NFKC (ligatures split), quotes and dashes unified, punctuation stripped at both ends. */
export function wordsOf(text: string): string[] {
  return normalizeKeepCase(text)
    .split(' ')
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

export interface WordScore {
  truth: number;
  read: number;
  matched: number;
  recall: number;
  precision: number;
  /** Harmonic mean of recall and precision. */
  accuracy: number;
}

export function wordAccuracy(truth: string, read: string): WordScore {
  const want = new Map<string, number>();
  const truthWords = wordsOf(truth);
  for (const w of truthWords) want.set(w, (want.get(w) ?? 0) + 1);
  const readWords = wordsOf(read);
  let matched = 0;
  for (const w of readWords) {
    const n = want.get(w) ?? 0;
    if (n > 0) {
      matched++;
      want.set(w, n - 1);
    }
  }
  const recall = truthWords.length ? matched / truthWords.length : 1;
  const precision = readWords.length ? matched / readWords.length : truthWords.length ? 0 : 1;
  const accuracy = recall + precision > 0 ? (2 * recall * precision) / (recall + precision) : 0;
  return { truth: truthWords.length, read: readWords.length, matched, recall, precision, accuracy };
}

// Quality metrics, after OmniDocBench's definitions: normalized edit distance of text, reading
// order over matched paragraphs, precision/recall/F1 of headings and list items, furniture leak.
import { distance } from 'fastest-levenshtein';

/** Markdown to plain text: markup, HTML tags and extra whitespace removed. */
export function stripMarkdown(md: string): string {
  return md
    .replace(/```[^\n]*\n?/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s*[-*+]\s+/gm, '')
    .replace(/\$\$/g, '')
    .replace(/\\([#>*_])/g, '$1')
    .replace(/(\*\*|__|\*|_)(\S[^*_]*?)\1/g, '$2');
}

/** Text compared by the metrics: lower-cased, whitespace collapsed, quotes and dashes unified. */
export function normalize(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‘’´`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[‐‑‒–—]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** normalize() without lower-casing. */
export function normalizeKeepCase(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[‘’´`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[‐‑‒–—]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Levenshtein distance divided by the longer length: 0 identical, 1 nothing in common. */
export function normalizedEditDistance(a: string, b: string): number {
  const x = normalize(a);
  const y = normalize(b);
  const longest = Math.max(x.length, y.length);
  return longest === 0 ? 0 : distance(x, y) / longest;
}

/** Character error rate: Levenshtein distance over the truth's length (after normalize()). */
export function characterErrorRate(truth: string, output: string): number {
  const x = normalize(truth);
  return x.length === 0 ? 0 : distance(x, normalize(output)) / x.length;
}

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
  truth: number;
  predicted: number;
}

/**
 * Precision, recall and F1 of predicted strings against true strings, one-to-one, where a pair
 * matches when its normalized edit distance is at most `tolerance`.
 */
export function matchF1(truth: string[], predicted: string[], tolerance = 0.2): Prf {
  const used = new Set<number>();
  let hits = 0;
  for (const t of truth) {
    let best = -1;
    let bestDistance = Infinity;
    predicted.forEach((p, i) => {
      if (used.has(i)) return;
      const d = normalizedEditDistance(t, p);
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    });
    if (best >= 0 && bestDistance <= tolerance) {
      used.add(best);
      hits++;
    }
  }
  const precision = predicted.length ? hits / predicted.length : truth.length ? 0 : 1;
  const recall = truth.length ? hits / truth.length : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1, truth: truth.length, predicted: predicted.length };
}

/**
 * Reading order: where each true paragraph is found in the output (by its first words), then
 * Kendall's tau between true order and found order, mapped to 0-1 (1 = same order).
 * Paragraphs that are not found are left out (the text metric already counts them).
 */
export function readingOrderScore(paragraphs: string[], output: string): { score: number; matched: number } {
  const hay = normalize(output);
  const positions: number[] = [];
  // The k-th paragraph opening with the same words is found at their k-th place (a slide title
  // repeated on its continuation slide is not the first slide's title twice).
  const seen = new Map<string, number>();
  for (const p of paragraphs) {
    const needle = normalize(p).slice(0, 40);
    if (needle.length < 8) continue;
    const copy = seen.get(needle) ?? 0;
    seen.set(needle, copy + 1);
    let at = hay.indexOf(needle);
    for (let k = copy; k > 0 && at >= 0; k--) at = hay.indexOf(needle, at + 1);
    if (at >= 0) positions.push(at);
  }
  const n = positions.length;
  if (n < 2) return { score: 1, matched: n };
  let concordant = 0;
  let discordant = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (positions[i]! < positions[j]!) concordant++;
      else discordant++;
    }
  }
  const tau = (concordant - discordant) / (concordant + discordant);
  return { score: (tau + 1) / 2, matched: n };
}

/** Share of furniture strings (running headers, footers, page numbers) found in the output. */
export function furnitureLeak(furniture: string[], output: string): number {
  if (!furniture.length) return 0;
  const lines = new Set(output.split('\n').map(normalize));
  const hay = normalize(output);
  const leaked = furniture.filter((f) => {
    const n = normalize(f);
    // Short strings (page numbers) count only as whole lines; longer ones anywhere.
    return n.length <= 4 ? lines.has(n) : hay.includes(n);
  });
  return leaked.length / furniture.length;
}

/**
 * Fuzzy containment for olmOCR-Bench text tests: some window within maxDiffs edits. Like the
 * benchmark, case-sensitive unless told otherwise.
 */
export function containsFuzzy(haystack: string, needle: string, maxDiffs: number, caseSensitive = false): boolean {
  const fold = (t: string) => (caseSensitive ? normalizeKeepCase(t) : normalize(t));
  const hay = fold(haystack);
  const n = fold(needle);
  if (!n) return true;
  if (hay.includes(n)) return true;
  if (maxDiffs === 0) return false;
  // Slide windows of the needle's length ± maxDiffs over the haystack.
  for (let i = 0; i + n.length - maxDiffs <= hay.length; i++) {
    for (let len = n.length - maxDiffs; len <= n.length + maxDiffs; len++) {
      if (len > 0 && distance(hay.slice(i, i + len), n) <= maxDiffs) return true;
    }
  }
  return false;
}

// Small numeric helpers shared by the engine's stages.

/** The median of `values` (the upper one of an even count), 0 for none. */
export function median(values: number[]): number {
  return middle(values) ?? 0;
}

/**
 * What `[...values].sort((a, b) => a - b)[values.length >> 1]` gives (undefined for none),
 * without the copy and the comparator calls where that cannot change the answer: numbers only,
 * none NaN (the comparator's order is then no order) and none zero (the sort keeps -0 and 0 in
 * their order, a typed array's puts -0 first). Then the values are sorted as a Float64Array, or
 * picked by comparisons when there are three or fewer.
 */
export function middle(values: readonly number[]): number | undefined {
  const n = values.length;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (typeof v !== 'number' || v !== v || v === 0) return [...values].sort((a, b) => a - b)[n >> 1];
  }
  if (n === 0) return undefined;
  if (n === 1) return values[0];
  const a = values[0]!;
  const b = values[1]!;
  if (n === 2) return Math.max(a, b);
  if (n === 3) return Math.max(Math.min(a, b), Math.min(Math.max(a, b), values[2]!));
  const copy = new Float64Array(n);
  for (let i = 0; i < n; i++) copy[i] = values[i]!;
  return copy.sort()[n >> 1];
}

// Small numeric helpers shared by the engine's stages.

/** The median of `values` (the upper one of an even count), 0 for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}

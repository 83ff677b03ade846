// Small statistics for the benchmarks' tables.

/** The p-quantile (0..1) of an ascending list (nearest rank); 0 for an empty list. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0
}

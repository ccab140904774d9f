/** The p-th percentile (0–100) of a list of numbers, by nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

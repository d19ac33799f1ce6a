import { type RiskLevel, riskLevel } from '@pc/shared';

export const SCALE = [1, 2, 3, 4] as const;

export interface RiskPoint {
  likelihood: unknown;
  severity: unknown;
}

export const onScale = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 4;

/** Which risks (1-based numbers) sit in which cell, keyed "likelihood-severity"; off-scale risks are left out. */
export function placeRisks(risks: readonly RiskPoint[]): Map<string, number[]> {
  const cells = new Map<string, number[]>();
  risks.forEach((r, i) => {
    if (!onScale(r.likelihood) || !onScale(r.severity)) return;
    const key = `${r.likelihood}-${r.severity}`;
    cells.set(key, [...(cells.get(key) ?? []), i + 1]);
  });
  return cells;
}

/** The level of every valid risk; the overall level is the highest of them. */
export function matrixOverall(risks: readonly RiskPoint[]): RiskLevel | null {
  const order: RiskLevel[] = ['low', 'medium', 'high', 'veryHigh'];
  let max = -1;
  for (const r of risks) {
    if (onScale(r.likelihood) && onScale(r.severity)) max = Math.max(max, order.indexOf(riskLevel(r.likelihood, r.severity)));
  }
  return max < 0 ? null : order[max]!;
}

/** Cell tints and strong tones per level (dark text on the tints keeps WCAG AA contrast). */
export const riskTint: Record<RiskLevel, string> = { low: '#e3f1e4', medium: '#fff3c4', high: '#ffd9b0', veryHigh: '#ffc9c9' };
export const riskTone: Record<RiskLevel, string> = { low: '#1b5e20', medium: '#6d4c00', high: '#8a3b00', veryHigh: '#b71c1c' };

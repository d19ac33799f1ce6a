/** The privacy radar's sizes and colours. */
export const RADAR_VIEW_BOX = 2000;
export const RADAR_DEFAULT_SIZE = 200;
export const RADAR_STEPS = 10;
/** Progress points per step: step i (1…10) is active when progress ≥ i × 10. */
export const RADAR_STEP_POINTS = 100 / RADAR_STEPS;

const CENTRE = RADAR_VIEW_BOX / 2;
/** Radius of the clickable centre (→ /home). */
export const INNER_RADIUS = 230;
/** Outer edge of the last ring; the labels sit outside it. */
export const OUTER_RADIUS = 830;
export const LABEL_RADIUS = 920;
const RING_GAP = 8;
const SECTOR_GAP_DEGREES = 1.6;

export function isStepActive(progress: number, step: number): boolean {
  return progress >= step * RADAR_STEP_POINTS;
}

export function activeSteps(progress: number): number {
  let n = 0;
  for (let step = 1; step <= RADAR_STEPS; step++) if (isStepActive(progress, step)) n++;
  return n;
}

function point(radius: number, degrees: number): [number, number] {
  // 0° is straight up, angles grow clockwise.
  const rad = ((degrees - 90) * Math.PI) / 180;
  return [CENTRE + radius * Math.cos(rad), CENTRE + radius * Math.sin(rad)];
}

const f = (n: number) => Math.round(n * 10) / 10;

/** Path of an annulus sector between two radii and two angles. */
export function sectorPath(inner: number, outer: number, start: number, end: number): string {
  const large = end - start > 180 ? 1 : 0;
  const [x1, y1] = point(outer, start);
  const [x2, y2] = point(outer, end);
  const [x3, y3] = point(inner, end);
  const [x4, y4] = point(inner, start);
  return [
    `M${f(x1)} ${f(y1)}`,
    `A${outer} ${outer} 0 ${large} 1 ${f(x2)} ${f(y2)}`,
    `L${f(x3)} ${f(y3)}`,
    `A${inner} ${inner} 0 ${large} 0 ${f(x4)} ${f(y4)}`,
    'Z',
  ].join(' ');
}

export interface Segment {
  step: number;
  d: string;
}

/** The ten ring segments of category `index` out of `count`. */
export function categorySegments(index: number, count: number): Segment[] {
  const width = 360 / count;
  const gap = count > 1 ? SECTOR_GAP_DEGREES : 0;
  const start = index * width + gap / 2;
  const end = (index + 1) * width - gap / 2;
  const ring = (OUTER_RADIUS - INNER_RADIUS - RING_GAP) / RADAR_STEPS;
  return Array.from({ length: RADAR_STEPS }, (_, i) => {
    const inner = INNER_RADIUS + RING_GAP + i * ring;
    return { step: i + 1, d: sectorPath(inner, inner + ring - RING_GAP, start, end) };
  });
}

/** The whole sector (hit area and hover outline). */
export function categorySector(index: number, count: number): string {
  const width = 360 / count;
  return sectorPath(INNER_RADIUS, LABEL_RADIUS + 70, index * width, (index + 1) * width);
}

export function labelPosition(index: number, count: number): { x: number; y: number } {
  const [x, y] = point(LABEL_RADIUS, (index + 0.5) * (360 / count));
  return { x: f(x), y: f(y) };
}

/** Colour of active steps by the category's progress (red at 0, yellow at 50, green at 100). */
export function progressTone(progress: number): 'error' | 'warning' | 'success' {
  if (progress >= 100) return 'success';
  return progress >= 50 ? 'warning' : 'error';
}

/** Half the thickness of the earlier figure's mark, in view-box units. */
const MARK_HALF = 16;

/**
 * The mark of an earlier figure (the previous quarter's) on category `index`: a thin arc across
 * the sector at the radius where that progress would end the filled rings (0 % at the inner edge,
 * 100 % at the outer one).
 */
export function previousMark(index: number, count: number, progress: number): string {
  const width = 360 / count;
  const inset = count > 1 ? SECTOR_GAP_DEGREES + 2 : 0;
  const span = OUTER_RADIUS - INNER_RADIUS - RING_GAP;
  const r = INNER_RADIUS + RING_GAP + (Math.max(0, Math.min(100, progress)) / 100) * span;
  return sectorPath(Math.max(INNER_RADIUS, r - MARK_HALF), r + MARK_HALF, index * width + inset, (index + 1) * width - inset);
}

// The organisation chart's layout and plain-SVG drawing, used by the web's chart and export and by
// the server's PDF of it. A subpath of its own: ELK is large, and nothing else needs it.
export { type Layout, layoutDiagram, leafSize, type PlacedNode } from './layout';
export { chartSvg, type SvgTexts, wrap } from './svg';

import { decomposeColor, getContrastRatio, recomposeColor } from '@mui/material/styles';
import { itemStatuses, statusHex, statusTextHex } from '@pc/shared';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

/** WCAG AA for a chip's label: small text needs 4.5:1 against what is behind it. */
const AA_TEXT = 4.5;

const theme = createAppTheme('de');
const { palette } = theme;
/** The tones a chip takes through `color=` (filled: main under contrastText; outlined: main on the surface). */
const tones = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;
/** Where chips stand: cards and dialogs (paper) and the page itself. */
const surfaces = { paper: palette.background.paper, page: palette.background.default };

/** A translucent colour laid over an opaque one, as the page shows it. */
function over(surface: string, overlay: string): string {
  const base = decomposeColor(surface).values;
  const [r, g, b, a = 1] = decomposeColor(overlay).values;
  const mix = [r, g, b].map((v, i) => Math.round(v * a + base[i]! * (1 - a))) as [number, number, number];
  return recomposeColor({ type: 'rgb', values: mix });
}

/** Every pair of text and background colour a status chip can show, with where it comes from. */
function chipPairs(): { chip: string; text: string; background: string }[] {
  const pairs: { chip: string; text: string; background: string }[] = [];
  for (const s of itemStatuses) {
    pairs.push({ chip: `item status ${s.name}`, text: statusTextHex[s.colour], background: statusHex[s.colour] });
  }
  for (const tone of tones) {
    const { main, dark, contrastText } = palette[tone];
    pairs.push({ chip: `${tone} filled`, text: contrastText, background: main });
    // Some chips fill with the dark shade (a scheduled terms version, a locked user).
    pairs.push({ chip: `${tone} filled dark`, text: contrastText, background: dark });
    for (const [name, surface] of Object.entries(surfaces)) {
      pairs.push({ chip: `${tone} outlined on ${name}`, text: main, background: surface });
      pairs.push({ chip: `${tone} outlined dark on ${name}`, text: dark, background: surface });
    }
  }
  for (const [name, surface] of Object.entries(surfaces)) {
    // The default chip: a translucent grey over the surface, in the primary text colour.
    pairs.push({
      chip: `default filled on ${name}`,
      text: palette.text.primary,
      background: over(surface, palette.action.selected),
    });
    pairs.push({ chip: `default outlined on ${name}`, text: palette.text.primary, background: surface });
  }
  return pairs;
}

describe('status chip colours', () => {
  it('give every chip label 4.5:1 against its background', () => {
    const pairs = chipPairs();
    expect(pairs.length).toBeGreaterThan(30);
    const below = pairs
      .map((p) => ({ ...p, ratio: Math.round(getContrastRatio(p.text, p.background) * 100) / 100 }))
      .filter((p) => p.ratio < AA_TEXT);
    expect(below).toEqual([]);
  });
});

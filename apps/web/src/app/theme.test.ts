import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@mantine/core';
import { accessibleColors, placeholderColor, theme } from './theme';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const white = '#ffffff';
const gray = DEFAULT_THEME.colors.gray;

describe('theme contrast (WCAG AA, 4.5:1 for text)', () => {
  it.each(Object.entries(accessibleColors))(
    '%s meets 4.5:1 wherever Mantine writes text',
    (_, p) => {
      const shade = theme.primaryShade as number;
      // Filled buttons and badges: white text on the filled shade.
      expect(contrast(white, p[shade]!)).toBeGreaterThanOrEqual(4.5);
      // Outline, subtle and transparent variants, links: the shade as text on white and gray 0.
      expect(contrast(p[shade]!, gray[0])).toBeGreaterThanOrEqual(4.5);
      // Light variant (alerts, light badges): shade 9 on shade 1, and on shade 0.
      expect(contrast(p[9], p[1])).toBeGreaterThanOrEqual(4.5);
      expect(contrast(p[9], p[0])).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('the primary colour is one of them', () => {
    expect(Object.keys(accessibleColors)).toContain(theme.primaryColor);
  });

  it('dimmed text (gray 6) and placeholders read on white and on the light grays', () => {
    const grays = accessibleColors.gray;
    for (const background of [white, grays[0], grays[1]]) {
      expect(contrast(grays[6], background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(placeholderColor, background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("Mantine's own palettes would not (the check can fail)", () => {
    expect(contrast(white, DEFAULT_THEME.colors.teal[6])).toBeLessThan(4.5);
    expect(contrast(gray[6], white)).toBeLessThan(4.5);
  });
});

// Every theme's colours, as the pages pair them (src/web/styles/*.css), meet WCAG 2.2 AA:
// text at least 4.5:1 against what it sits on, controls and their states at least 3:1 (1.4.11).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Theme } from '../../src/engine/definition/theme.ts';
import { ROOT } from '../support/server.ts';

type Colour = keyof Theme['colors'];

/** Relative luminance (WCAG 2.2, "relative luminance") of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Text and what it is drawn on. */
const TEXT: [Colour, Colour, string][] = [
  ['text', 'background', 'page text'],
  ['text', 'surface', 'text in inputs and cards'],
  ['muted', 'background', 'hints on the page'],
  ['muted', 'surface', 'hints and scale ends in cards'],
  ['primaryText', 'primary', 'button labels'],
  ['primary', 'surface', 'secondary buttons and links'],
  ['primary', 'background', 'links on the page'],
  ['error', 'surface', 'error messages'],
  ['error', 'background', 'error messages on the page'],
  ['success', 'surface', 'confirmations'],
  ['accent', 'surface', 'the place name above a form'],
  ['surface', 'border', 'upcoming step numbers'],
];

/** Controls, their borders and states, against what surrounds them. */
const CONTROLS: [Colour, Colour, string][] = [
  ['border', 'surface', 'input and option borders, empty stars'],
  ['border', 'background', 'input borders on the page, upcoming steps'],
  ['primary', 'surface', 'selected option outline'],
  ['accent', 'surface', 'filled rating stars'],
  ['error', 'surface', 'invalid input border'],
  ['focus', 'background', 'focus ring on the page'],
  ['focus', 'surface', 'focus ring in cards'],
];

const themes = fs
  .readdirSync(path.join(ROOT, 'themes'))
  .filter((file) => file.endsWith('.json') && !file.endsWith('.schema.json') && file !== 'fonts.json')
  .map((file) => ({ file, theme: JSON.parse(fs.readFileSync(path.join(ROOT, 'themes', file), 'utf8')) as Theme }));

describe.each(themes)('theme $file', ({ theme }) => {
  it.each(TEXT)('text: %s on %s (%s) is at least 4.5:1', (fore, back) => {
    expect(contrast(theme.colors[fore], theme.colors[back])).toBeGreaterThanOrEqual(4.5);
  });
  it.each(CONTROLS)('control: %s against %s (%s) is at least 3:1', (fore, back) => {
    expect(contrast(theme.colors[fore], theme.colors[back])).toBeGreaterThanOrEqual(3);
  });
});

it('the contrast formula gives the known ratios (black on white 21:1, a colour on itself 1:1)', () => {
  expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrast('#777777', '#777777')).toBe(1);
  expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
});

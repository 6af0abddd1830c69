import { describe, expect, it } from 'vitest';
import type { MarkerConfig } from '@paraaf/contract';
import {
  baseSizeRule,
  clampToPage,
  createMarker,
  fromConfig,
  moveBy,
  normaliseFontSize,
  resizeTo,
  sizeRule,
  toConfig,
  type EditorMarker,
} from './markers';

const A4 = { width: 595, height: 842 };

describe('clampToPage', () => {
  it('pulls a box that sticks out back onto the page', () => {
    expect(clampToPage({ x: -10, y: 830, width: 150, height: 30 }, A4)).toEqual({
      x: 0,
      y: 812,
      width: 150,
      height: 30,
    });
    expect(clampToPage({ x: 500, y: -3, width: 150, height: 30 }, A4)).toMatchObject({
      x: 445,
      y: 0,
    });
  });

  it('shrinks a box larger than the page, proportionally when asked', () => {
    expect(clampToPage({ x: 0, y: 0, width: 1000, height: 30 }, A4)).toMatchObject({
      width: 595,
      height: 30,
    });
    expect(clampToPage({ x: 0, y: 0, width: 1190, height: 100 }, A4, true)).toMatchObject({
      width: 595,
      height: 50,
    });
  });

  it('leaves a box on the page alone', () => {
    expect(clampToPage({ x: 10, y: 20, width: 150, height: 30 }, A4)).toEqual({
      x: 10,
      y: 20,
      width: 150,
      height: 30,
    });
  });
});

describe('moveBy', () => {
  it('moves and stops at the edge', () => {
    const box = { x: 10, y: 10, width: 150, height: 30 };
    expect(moveBy(box, -20, 0, A4)).toMatchObject({ x: 0, y: 10 });
    expect(moveBy(box, 1, 10, A4)).toMatchObject({ x: 11, y: 20 });
  });
});

describe('size rules', () => {
  it('uses the seed defaults: paraph 50x50, checkbox 14x14, others 150x30 with min 150x30', () => {
    expect(
      baseSizeRule({ kind: 'variable', type: 'generated', value: 'signer.1.paraph' }),
    ).toMatchObject({
      defaultSize: { width: 50, height: 50 },
      keepRatio: true,
    });
    expect(baseSizeRule({ kind: 'field', type: 'checkbox' })).toMatchObject({
      defaultSize: { width: 14, height: 14 },
      minSize: { width: 10, height: 10 },
      keepRatio: true,
    });
    expect(baseSizeRule({ kind: 'variable', type: 'text', value: 'x' })).toEqual({
      defaultSize: { width: 150, height: 30 },
      minSize: { width: 150, height: 30 },
      keepRatio: false,
    });
    expect(
      baseSizeRule({ kind: 'variable', type: 'generated', value: 'signer.1.signature' }).minSize,
    ).toEqual({
      width: 60,
      height: 20,
    });
  });

  it("lets a marker's options override the minimum and keep-ratio", () => {
    const m = createMarker({ kind: 'variable', type: 'text' }, 1, { x: 100, y: 100 }, A4);
    const custom = {
      ...m,
      options: { ...m.options, minWidth: 40, minHeight: 12, keepRatio: true },
    } as EditorMarker;
    expect(sizeRule(custom)).toMatchObject({ minSize: { width: 40, height: 12 }, keepRatio: true });
  });
});

describe('resizeTo', () => {
  const rule = { minSize: { width: 150, height: 30 }, keepRatio: false };

  it('stops at the minimum', () => {
    expect(
      resizeTo({ x: 0, y: 0, width: 200, height: 40 }, { width: 20, height: 5 }, rule, A4),
    ).toEqual({
      width: 150,
      height: 30,
    });
  });

  it('stops at the page edge', () => {
    expect(
      resizeTo({ x: 500, y: 800, width: 150, height: 30 }, { width: 400, height: 400 }, rule, {
        width: 700,
        height: 842,
      }),
    ).toEqual({
      width: 200,
      height: 42,
    });
  });

  it('keeps the ratio of a keep-ratio marker, also at its minimum', () => {
    const ratio = { minSize: { width: 25, height: 25 }, keepRatio: true };
    const box = { x: 0, y: 0, width: 50, height: 50 };
    expect(resizeTo(box, { width: 100, height: 60 }, ratio, A4)).toEqual({
      width: 100,
      height: 100,
    });
    expect(resizeTo(box, { width: 5, height: 5 }, ratio, A4)).toEqual({ width: 25, height: 25 });
    const wide = { x: 0, y: 0, width: 60, height: 30 };
    expect(resizeTo(wide, { width: 90, height: 10 }, ratio, A4)).toEqual({ width: 90, height: 45 });
    expect(
      resizeTo({ x: 560, y: 0, width: 20, height: 20 }, { width: 100, height: 100 }, ratio, A4),
    ).toEqual({
      width: 35,
      height: 35,
    });
  });
});

describe('normaliseFontSize', () => {
  it('never goes below 8', () => {
    expect(normaliseFontSize(3)).toBe(8);
    expect(normaliseFontSize('7,5')).toBe(8);
    expect(normaliseFontSize('abc')).toBe(8);
    expect(normaliseFontSize(undefined)).toBe(8);
    expect(normaliseFontSize('12')).toBe(12);
    expect(normaliseFontSize(10.25)).toBe(10.3);
  });
});

describe('createMarker', () => {
  it('centres a new marker on the point, clamped to the page, with its default size', () => {
    const m = createMarker(
      { kind: 'variable', type: 'generated', signer: 2, what: 'signature' },
      3,
      { x: 590, y: 5 },
      A4,
    );
    expect(m).toMatchObject({
      page: 3,
      x: 445,
      y: 0,
      width: 150,
      height: 30,
      value: 'signer.2.signature',
    });
    const f = createMarker(
      { kind: 'field', type: 'checkbox', signer: 1, required: true },
      1,
      { x: 100, y: 100 },
      A4,
    );
    expect(f).toMatchObject({
      kind: 'field',
      width: 14,
      height: 14,
      x: 93,
      y: 93,
      options: { signer: 1, rules: ['required'] },
    });
    const d = createMarker({ kind: 'variable', type: 'date' }, 1, { x: 100, y: 100 }, A4);
    expect(d.options).toMatchObject({ format: 'DD-MM-YYYY', fontSize: 11 });
  });
});

describe('fromConfig / toConfig', () => {
  it('round-trips a config without the editor ids', () => {
    const config: MarkerConfig = {
      variables: [
        {
          x: 1,
          y: 2,
          width: 150,
          height: 30,
          page: 1,
          type: 'text',
          value: 'Hallo',
          options: { fontSize: 12 },
        },
      ],
      fields: [
        {
          x: 5,
          y: 6,
          width: 150,
          height: 30,
          page: 2,
          type: 'text',
          options: { signer: 1, rules: ['required'] },
        },
      ],
    };
    const list = fromConfig(config);
    expect(list.map((m) => m.kind)).toEqual(['variable', 'field']);
    expect(toConfig(list)).toEqual(config);
  });
});

import { describe, expect, it } from 'vitest';
import { createSignerApi } from '../api/signer-api';
import { drawingImages } from './drawings';

const api = createSignerApi();
const urlOf = (type: 'signature' | 'paraph') => api.drawingUrl('tok/en', type);

describe('drawing images on the markers', () => {
  it('shows the stored drawings by URL after a reload', () => {
    const images = drawingImages(
      { signature: true, paraph: false },
      { signature: null, paraph: null },
      urlOf,
    );
    expect(images).toEqual({ signature: '/api/signing/tok%2Fen/drawings/signature', paraph: null });
  });

  it('prefers a drawing made in this visit over the stored one', () => {
    const images = drawingImages(
      { signature: true, paraph: true },
      { signature: 'data:image/png;base64,AAAA', paraph: null },
      urlOf,
    );
    expect(images.signature).toBe('data:image/png;base64,AAAA');
    expect(images.paraph).toBe('/api/signing/tok%2Fen/drawings/paraph');
  });

  it('shows nothing (the marker label) without a drawing', () => {
    expect(drawingImages(undefined, { signature: null, paraph: null }, urlOf)).toEqual({
      signature: null,
      paraph: null,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { CROP_CANVAS, CROP_ZOOM, cropperZoom, outputSide } from '../app/components/auth/cropImage.ts';

describe('avatar crop (§5)', () => {
  it('zooms 0 to 2 in 0.01 steps on a 240×240 canvas', () => {
    expect(CROP_ZOOM).toEqual({ min: 0, max: 2, step: 0.01 });
    expect(CROP_CANVAS).toBe(240);
    expect(cropperZoom(0)).toBe(1);
    expect(cropperZoom(2)).toBe(3);
  });

  it('stores at most 240×240 and never scales a small crop up', () => {
    expect(outputSide({ x: 0, y: 0, width: 1200, height: 1200 })).toBe(240);
    expect(outputSide({ x: 10, y: 10, width: 120.4, height: 120.4 })).toBe(120);
  });
});

import { AVATAR_MAX_SIDE } from '@jiyin/contracts/accounts';

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** §5: the crop tool's zoom runs from 0 to 2 in steps of 0.01 on a 240×240 canvas. */
export const CROP_ZOOM = { min: 0, max: 2, step: 0.01 } as const;
export const CROP_CANVAS = 240;

/** The cropper works from zoom 1 (image fills the crop area); the slider's 0 maps to that. */
export const cropperZoom = (slider: number): number => 1 + slider;

/** The side of the stored picture: the crop scaled down to at most 240×240, never up. */
export const outputSide = (area: PixelArea): number =>
  Math.max(1, Math.min(AVATAR_MAX_SIDE, Math.round(Math.min(area.width, area.height))));

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('图片无法读取'));
    img.src = src;
  });
}

/** Draws the cropped area onto a canvas of at most 240×240 and encodes it as PNG. */
export async function cropToBlob(src: string, area: PixelArea): Promise<Blob> {
  const img = await loadImage(src);
  const side = outputSide(area);
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas unavailable');
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode failed'))), 'image/png'));
}

import sharp, { type Sharp } from 'sharp';

/** What a compute thread does to one uploaded image (the pool runs this module by name; nothing here touches files or the database). */
export interface EncodeImageInput {
  bytes: Uint8Array;
  format: 'png' | 'jpg';
  /** Longest side after resizing; null keeps the full size. */
  maxSide: number | null;
  /** Also the §5 share variants (an interlaced jpg and a webp) of the result. */
  variants: boolean;
}

export type EncodeImageOutput = { image: Uint8Array; jpg: Uint8Array | null; webp: Uint8Array | null } | { refused: true };

/** Refuses decompression bombs (a small file that claims a huge canvas); full-size scans may be larger. */
const MAX_INPUT_PIXELS = { resized: 40_000_000, fullSize: 60_000_000 };

/** §5 share variants of an image: an interlaced jpg on white and a webp (the start-up pass in variants.ts makes the same). */
export const shareJpg = (image: Sharp) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 85, progressive: true });
export const shareWebp = (image: Sharp) => image.webp({ quality: 85 });

/**
 * Re-encoding drops anything hidden after the image and its metadata (EXIF location included); the
 * orientation is applied first. Resized uploads are stored as interlaced jpgs (their own share
 * variant); full-size scans keep a higher quality. An unreadable image is refused, not thrown.
 */
export async function encodeImage(a: EncodeImageInput): Promise<EncodeImageOutput> {
  let image: Buffer;
  try {
    let pipeline = sharp(a.bytes, { limitInputPixels: a.maxSide ? MAX_INPUT_PIXELS.resized : MAX_INPUT_PIXELS.fullSize }).rotate();
    if (a.maxSide) pipeline = pipeline.resize(a.maxSide, a.maxSide, { fit: 'inside', withoutEnlargement: true });
    image = await (a.format === 'png'
      ? pipeline.png()
      : pipeline.jpeg(a.maxSide ? { quality: 88, progressive: true } : { quality: 90 })
    ).toBuffer();
  } catch {
    return { refused: true };
  }
  if (!a.variants) return { image, jpg: null, webp: null };
  // An interlaced jpg is already its own jpg variant.
  const jpg = a.format === 'jpg' ? null : await shareJpg(sharp(image)).toBuffer();
  const webp = await shareWebp(sharp(image)).toBuffer();
  return { image, jpg, webp };
}

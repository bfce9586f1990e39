import { refusal, refusalText } from '../../http/refusal';
import { IMAGE_SIZES, type ImageSize } from './imageFormat';

/**
 * The most pixels an upload may decode to (about 50 megapixels: an 8,000 × 6,000 camera picture fits). A small file
 * can claim a huge canvas (a decompression bomb: 20,000 × 20,000 is 1.6 GB of pixels), so both the header check
 * below and sharp's own limitInputPixels refuse it before any pixel is decoded.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;
export const IMAGE_TOO_MANY_PIXELS = refusalText('imageTooManyPixels');
export const IMAGE_UNREADABLE = refusalText('imageUnreadable');

/** One carousel size as it is stored and served. */
export interface SizedImage {
  size: ImageSize;
  mime: 'image/webp';
  width: number;
  height: number;
  content: Buffer;
}

/** WebP keeps photos and flat graphics (with transparency) small; quality 82 is visually lossless at these sizes. */
const WEBP = { quality: 82, effort: 4 } as const;

/**
 * The m, l and f sizes of an uploaded image: EXIF-rotated, scaled down (never up) to fit each box, re-encoded as
 * WebP without metadata (sharp drops EXIF, GPS and ICC comments unless asked to keep them). A damaged, truncated
 * or oversized image is refused with a clear 400, before anything is stored. `width` and `height` are the original's
 * as it is shown (after rotation).
 */
export async function carouselSizes(bytes: Buffer, declared: { width: number; height: number }): Promise<{ width: number; height: number; sizes: SizedImage[] }> {
  if (declared.width * declared.height > IMAGE_MAX_PIXELS) throw refusal(400, 'imageTooManyPixels');
  // Loaded on the first upload: libvips is not on the way to a started server.
  const { default: sharp } = await import('sharp');
  // failOn 'error' also refuses a truncated file (libvips would otherwise fill the missing rows with grey).
  const source = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', autoOrient: true, animated: false });
  try {
    const meta = await source.metadata();
    const shown = meta.autoOrient ?? { width: meta.width, height: meta.height };
    const sizes = await Promise.all(
      (Object.keys(IMAGE_SIZES) as ImageSize[]).map(async (size): Promise<SizedImage> => {
        const box = IMAGE_SIZES[size];
        const { data, info } = await source
          .clone()
          .resize({ width: box, height: box, fit: 'inside', withoutEnlargement: true })
          .webp(WEBP)
          .toBuffer({ resolveWithObject: true });
        return { size, mime: 'image/webp', width: info.width, height: info.height, content: data };
      }),
    );
    return { width: shown.width, height: shown.height, sizes };
  } catch (error) {
    if (/pixel limit/i.test(String((error as Error)?.message))) throw refusal(400, 'imageTooManyPixels');
    throw refusal(400, 'imageUnreadable');
  }
}

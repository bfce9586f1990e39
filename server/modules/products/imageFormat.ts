/** What an uploaded image is, read from its bytes (the client's name and content type are not trusted). */
export interface ImageFormat {
  mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  width: number;
  height: number;
}

/** PNG, JPEG, GIF or WebP with its pixel size; anything else (an SVG, which could carry script, included) is null. */
export function imageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return { mime: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 10 && (bytes.toString('latin1', 0, 6) === 'GIF87a' || bytes.toString('latin1', 0, 6) === 'GIF89a')) {
    return { mime: 'image/gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (bytes.length >= 30 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return webp(bytes);
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpeg(bytes);
  return null;
}

function webp(bytes: Buffer): ImageFormat | null {
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { mime: 'image/webp', width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  if (chunk === 'VP8 ') return { mime: 'image/webp', width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const bits = bytes.readUInt32LE(21);
    return { mime: 'image/webp', width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return null;
}

/** The size is in the first start-of-frame marker (SOF0…SOF15 but not DHT, JPG or DAC). */
function jpeg(bytes: Buffer): ImageFormat | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { mime: 'image/jpeg', height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/**
 * The carousel's sizes (shell §2): thumbnail m, large l, full-screen f, each a bounding box in pixels. The spec names
 * the sizes but not their pixels: m fills the 20rem hover preview, l the 32rem one at up to 1.5× density, f a screen.
 */
export const IMAGE_SIZES = { m: 300, l: 800, f: 1600 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

/** The width and height an image is shown at in a size's box: scaled down to fit, never up. */
export function fitInto(width: number, height: number, size: ImageSize): { width: number; height: number } {
  const box = IMAGE_SIZES[size];
  const scale = Math.min(1, box / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { shots } from './browser';

/**
 * The mean luminance (0 black … 255 white) of a screenshot of a page (whole) or of one element, decoded by Chromium itself on a blank
 * page of the same context (no PNG decoder in node_modules; the app's CSP would refuse a data: image).
 * The screenshot is also kept in test-output/e2e under `name`, for a person to look at what was compared.
 */
export async function screenLuminance(target: Page | Locator, name: string): Promise<number> {
  const page = 'page' in target ? target.page() : target;
  const png = 'page' in target ? await target.screenshot() : await target.screenshot({ fullPage: true });
  writeFileSync(join(shots, `${name}.png`), png);
  const blank = await page.context().newPage();
  try {
    return await blank.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      context.drawImage(bitmap, 0, 0);
      const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      let sum = 0;
      for (let index = 0; index < data.length; index += 4) sum += 0.2126 * data[index] + 0.7152 * data[index + 1] + 0.0722 * data[index + 2];
      return sum / (data.length / 4);
    }, png.toString('base64'));
  } finally {
    await blank.close();
  }
}

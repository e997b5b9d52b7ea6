/**
 * The company's logo as a square PNG (/logo.png, LOGO_PNG), rendered from content/logo.svg with
 * sharp: search engines take a raster logo for the company's structured data; and the logo on the
 * share cards (src/build/share-cards.ts, which also keeps /logo.png in its cache).
 */
import sharp from 'sharp';
import { LOGO_PNG } from '../site/images.ts';

/** The logo drawn `size` pixels square (LOGO_PNG's by default), centred, on a transparent background. */
export async function logoPng(svg: string, size: number = LOGO_PNG.size): Promise<Buffer> {
  const viewBox = /viewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(svg);
  const side = viewBox ? Math.max(Number(viewBox[1]), Number(viewBox[2])) : size;
  // Rendered at the density that makes its longest side the PNG's, so it is drawn, not scaled up.
  const density = Math.min(2400, Math.max(72, (72 * size) / side));
  return sharp(Buffer.from(svg), { density })
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

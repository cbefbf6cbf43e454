// Generates the PWA icons in public/ from the brand mark (run once: `npx tsx scripts/make-icons.ts`; outputs are committed).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { BRAND_COLOR } from '../src/app/product';

const publicDir = path.resolve(import.meta.dirname, '..', 'public');

// The same drawing as src/components/layout/Logo.tsx: a framed "A" on a rounded square.
function markSvg({ size, rounded, inset }: { size: number; rounded: boolean; inset: number }): string {
  const scale = (size - inset * 2) / 64;
  const background = rounded
    ? `<rect x="${inset + 2 * scale}" y="${inset + 2 * scale}" width="${60 * scale}" height="${60 * scale}" rx="${14 * scale}" fill="${BRAND_COLOR}"/>`
    : `<rect width="${size}" height="${size}" fill="${BRAND_COLOR}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  ${background}
  <g transform="translate(${inset} ${inset}) scale(${scale})">
    <rect x="11" y="11" width="42" height="42" rx="6" fill="none" stroke="#ffffff" stroke-width="3"/>
    <path d="M21 45 L32 18 L43 45 M25.5 35 H38.5" fill="none" stroke="#ffffff" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
</svg>`;
}

async function main() {
  await mkdir(path.join(publicDir, 'icons'), { recursive: true });
  await writeFile(path.join(publicDir, 'favicon.svg'), markSvg({ size: 64, rounded: true, inset: 0 }));
  for (const size of [192, 512]) {
    await sharp(Buffer.from(markSvg({ size, rounded: true, inset: 0 })))
      .png({ compressionLevel: 9 })
      .toFile(path.join(publicDir, 'icons', `icon-${size}.png`));
  }
  // Maskable: full-bleed background, the mark kept inside the 80% safe zone.
  await sharp(Buffer.from(markSvg({ size: 512, rounded: false, inset: 512 * 0.12 })))
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, 'icons', 'maskable-512.png'));
  console.log('icons written to', path.join(publicDir, 'icons'));
}

await main();

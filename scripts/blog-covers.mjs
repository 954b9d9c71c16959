// The blog's cover pictures as JPEG and WebP, drawn from their SVG artwork in api/static/blog/:
// `node scripts/blog-covers.mjs` after a cover's SVG is added or changed; both are committed beside their sources.
// A post names the JPEG; the API answers a browser that accepts WebP with the WebP beside it (api/src/http/static.ts):
// less than half the bytes, which matters on /blog, where the first seven covers load with the page.
//
// Why not the SVGs themselves: a post's cover is its Open Graph and Twitter picture, and link previews (X, Facebook,
// LinkedIn, messengers) show JPEG, PNG or GIF, never SVG. And each SVG <img> costs the page's main thread a document
// of its own (Chromium builds an isolated page per SVG image: 10-60 ms each in a trace of /blog, which shows twelve).
// Chromium (Debian's, as the e2e suite uses; CHROMIUM_PATH to use another) draws each SVG at its own size onto a
// canvas and encodes it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { chromium } = require('@playwright/test');
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dir = path.join(root, 'api', 'static', 'blog');
/** Quality per format: flat colours and large type; edges stay clean at about 20 KB (JPEG), 9 KB (WebP) for 1200 x 630. */
const FORMATS = [
  { ext: 'jpg', type: 'image/jpeg', quality: 0.82 },
  { ext: 'webp', type: 'image/webp', quality: 0.8 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.svg')).sort()) {
    const svg = readFileSync(path.join(dir, file));
    for (const { ext, type, quality } of FORMATS) {
      const dataUrl = await page.evaluate(
        async ({ src, type, quality }) => {
          const img = new Image();
          img.src = src;
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = img.naturalWidth;
          canvas.height = img.naturalHeight;
          canvas.getContext('2d').drawImage(img, 0, 0);
          return canvas.toDataURL(type, quality);
        },
        { src: `data:image/svg+xml;base64,${svg.toString('base64')}`, type, quality },
      );
      if (!dataUrl.startsWith(`data:${type};`)) throw new Error(`This Chromium cannot encode ${type}`);
      const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
      const out = file.replace(/\.svg$/, `.${ext}`);
      writeFileSync(path.join(dir, out), bytes);
      console.log(`${out}: ${(bytes.length / 1024).toFixed(1)} KB`);
    }
  }
} finally {
  await browser.close();
}

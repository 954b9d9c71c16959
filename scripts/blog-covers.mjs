// The blog's cover pictures as JPEG, drawn from their SVG artwork in api/static/blog/: `node scripts/blog-covers.mjs`
// after a cover's SVG is added or changed; the JPEGs are committed beside their sources.
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
/** JPEG quality: flat colours and large type; 0.82 keeps edges clean at about 20 KB for 1200 x 630. */
const QUALITY = 0.82;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.svg')).sort()) {
    const svg = readFileSync(path.join(dir, file));
    const dataUrl = await page.evaluate(
      async ({ src, quality }) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        canvas.getContext('2d').drawImage(img, 0, 0);
        return canvas.toDataURL('image/jpeg', quality);
      },
      { src: `data:image/svg+xml;base64,${svg.toString('base64')}`, quality: QUALITY },
    );
    const jpeg = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    const out = file.replace(/\.svg$/, '.jpg');
    writeFileSync(path.join(dir, out), jpeg);
    console.log(`${out}: ${(jpeg.length / 1024).toFixed(1)} KB`);
  }
} finally {
  await browser.close();
}

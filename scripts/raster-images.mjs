// The storefront's pictures as raster files, drawn from their SVG artwork: `node scripts/raster-images.mjs` after an
// SVG below is added or changed; the outputs are committed beside their sources.
//
// Why not the SVGs themselves:
// - Each SVG <img> costs the page's main thread a document of its own: Chromium builds an isolated page per SVG image
//   (its parse, style, layout and paint: 5-60 ms each in traces, inside Lighthouse's Total Blocking Time; the home page
//   showed 26). A raster picture is decoded off the main thread.
// - A blog post's cover is its Open Graph and Twitter picture, and link previews (X, Facebook, LinkedIn, messengers)
//   show JPEG, PNG or GIF, never SVG.
//
// The slides (api/static/slides/) stay SVG: the first is the home page's largest paint (see SETS).
// The API's other pictures (api/static/<folder>/) get a JPEG (opaque artwork) or a PNG (transparent corners) that seeds and
// posts name, and a WebP beside it that the API answers to browsers that accept WebP (api/src/http/static.ts): a
// crawler asking */* still gets the JPEG or PNG. A remote's bundled pictures get a WebP only (every browser the
// storefront supports shows WebP): the page imports it.
// Small artwork is drawn at twice its size, so it stays sharp on high-density screens.
// Chromium (Debian's, as the e2e suite uses; CHROMIUM_PATH to use another) draws each SVG onto a canvas and encodes it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { chromium } = require('@playwright/test');
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** Quality per format: flat colours and large type; edges stay clean at these. PNG is lossless. */
const JPEG = { ext: 'jpg', type: 'image/jpeg', quality: 0.82 };
const PNG = { ext: 'png', type: 'image/png' };
const WEBP = { ext: 'webp', type: 'image/webp', quality: 0.8 };
/** Artwork narrower than this is drawn at twice its size. */
const SMALL = 800;
const SETS = [
  { dir: 'api/static/blog', formats: [JPEG, WEBP] },
  { dir: 'api/static/services', formats: [JPEG, WEBP] },
  { dir: 'api/static/features', formats: [PNG, WEBP] },
  { dir: 'api/static/testimonials', formats: [PNG, WEBP] },
  // Not hero.svg: the home page's main picture when there are no slides, like the slides themselves. A picture that is
  // a page's largest paint stays SVG: 2-4 KB on the wire, where a raster one is 15-35 KB (Lighthouse's LCP on / went
  // from ~1.0 s to ~1.9 s with the first slide as WebP).
  { dir: 'mf-content/src/assets', formats: [WEBP], only: /^(card|feature|icon)-/ },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const { dir, formats, only = /./ } of SETS) {
    for (const file of readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.svg') && only.test(f)).sort()) {
      const svg = readFileSync(path.join(root, dir, file));
      for (const { ext, type, quality } of formats) {
        const dataUrl = await page.evaluate(
          async ({ src, type, quality, small }) => {
            const img = new Image();
            img.src = src;
            await img.decode();
            const scale = img.naturalWidth < small ? 2 : 1;
            const canvas = document.createElement('canvas');
            canvas.width = img.naturalWidth * scale;
            canvas.height = img.naturalHeight * scale;
            canvas.getContext('2d').drawImage(img, 0, 0, canvas.width, canvas.height);
            return canvas.toDataURL(type, quality);
          },
          { src: `data:image/svg+xml;base64,${svg.toString('base64')}`, type, quality, small: SMALL },
        );
        if (!dataUrl.startsWith(`data:${type};`)) throw new Error(`This Chromium cannot encode ${type}`);
        const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
        const out = path.join(dir, file.replace(/\.svg$/, `.${ext}`));
        writeFileSync(path.join(root, out), bytes);
        console.log(`${out}: ${(bytes.length / 1024).toFixed(1)} KB`);
      }
    }
  }
} finally {
  await browser.close();
}

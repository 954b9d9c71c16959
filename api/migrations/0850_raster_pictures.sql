-- The services', testimonials' and home-page features' pictures are JPEG or PNG (scripts/raster-images.mjs draws each
-- from its SVG artwork, which stays beside it; the API answers browsers with the WebP drawn beside that): every SVG
-- picture costs a page's main thread a document of its own in Chromium. Rows seeded before still name the SVG; a
-- picture staff chose is left alone. The slides stay SVG (the first is the home page's largest paint).
UPDATE services SET image = regexp_replace(image, '\.svg$', '.jpg')
WHERE image IN (
  '/static/services/domain.svg', '/static/services/shared-hosting.svg', '/static/services/wordpress-hosting.svg',
  '/static/services/vps-hosting.svg'
);
UPDATE testimonials SET image = regexp_replace(image, '\.svg$', '.png')
WHERE image IN (
  '/static/testimonials/chioma-eze.svg', '/static/testimonials/david-mensah.svg', '/static/testimonials/fatima-bello.svg',
  '/static/testimonials/ifeanyi-obi.svg', '/static/testimonials/grace-adeyemi.svg'
);
UPDATE manager_services SET image = regexp_replace(image, '\.svg$', '.png')
WHERE image IN (
  '/static/features/web-design.svg', '/static/features/domains.svg', '/static/features/business-email.svg',
  '/static/features/ssl.svg', '/static/features/migration.svg', '/static/features/support.svg'
);

-- The blog's covers are JPEG (scripts/blog-covers.mjs draws each from its SVG artwork, which stays in api/static/blog/):
-- a post's cover is its link-preview picture, and previews never show SVG. Posts seeded before still name the SVG; a
-- picture staff chose is left alone.
UPDATE blog_posts SET image = '/static/blog/' || slug || '.jpg'
WHERE image = '/static/blog/' || slug || '.svg'
  AND slug IN (
    'backups-that-actually-work', 'choosing-the-right-domain-name', 'dns-records-a-beginners-guide',
    'domain-transfer-checklist', 'free-ssl-certificates-explained', 'growing-traffic-after-launch',
    'launching-an-online-store', 'moving-your-website-without-downtime',
    'ng-domains-for-nigerian-businesses', 'professional-email-on-your-domain', 'shared-vs-vps-hosting',
    'speed-up-your-wordpress-site'
  );
-- Posts staff created were given 'blog/default.jpg' when they named no cover, or the path they typed as typed: without
-- the leading '/' (a broken picture unless it began 'static/'). Each is its path under /static/ now, where the house
-- cover, api/static/blog/default.jpg, is.
UPDATE blog_posts SET image = regexp_replace(image, '^(static/)?', '/static/') WHERE image !~ '^(/|https?://)';

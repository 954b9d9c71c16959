-- The policies name the company's details by placeholder ({{company.name}}, {{company.address}}, {{company.email}}),
-- which the public policy routes fill with the current company details (api/src/content/placeholders.ts, issue 20.4):
-- before, the seeded privacy, terms and return policies had the seeded name, address and e-mail written in, and kept
-- them after staff changed the company details. A policy still exactly as seeded (its MD5 is that of the seeded
-- text: api/src/seed/content.ts with the seeded company details filled in) gets the placeholders; a policy staff
-- edited is left alone. What visitors read does not change while the company details are the seeded ones.
UPDATE policies
SET body = replace(
  replace(
    replace(body, 'hello@hosthub.example', '{{company.email}}'),
    '14 Adeola Odeku Street, Victoria Island, Lagos 101241, Nigeria', '{{company.address}}'
  ),
  'HostHub', '{{company.name}}'
)
WHERE (kind = 'privacy' AND md5(body) = '0b8133440f1ada972a41cc606020779a')
   OR (kind = 'terms' AND md5(body) = '393cbc431ae054e6bc0b758e320e987a')
   OR (kind = 'return' AND md5(body) = 'f9a609586442c4c3c4844234c4908e29');

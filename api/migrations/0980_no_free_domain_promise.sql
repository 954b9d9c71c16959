-- The seeded Business plans listed 'Free domain for a year', which checkout never gave: a domain bought with the
-- plan was charged in full. The promise goes from the seeded texts (api/src/seed/content.ts no longer has it) and from
-- every plan that still lists it.
UPDATE hosting_plans SET description = replace(description, E'\nFree domain for a year', '')
WHERE description LIKE E'%\nFree domain for a year%';
UPDATE pricing_plans SET features = replace(features, E'\nFree domain for a year', '')
WHERE features LIKE E'%\nFree domain for a year%';

-- The public content's version (GET /content/version/), one for all the nodes of a cluster: the storefront's server
-- keys its cached pages (and the content answers it keeps) by it, and asks whichever node the balancer picks. Each node
-- kept its own (its start time and edit count), so the version alternated from one request to the next and the
-- storefront's server dropped what it kept at nearly every page. A new random value at each content write and each
-- start of a node (content/routes.ts), led by a serial number: every node follows by the cluster event, and never
-- goes back to an older version whose event came late.
CREATE TABLE content_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  serial bigint NOT NULL DEFAULT 0,
  version text NOT NULL
);
INSERT INTO content_version (version) VALUES ('0-' || md5(random()::text));

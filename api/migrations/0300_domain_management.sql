-- One domain's settings and DNS records (issue 15). The store's DNS server answers from memory; these triggers tell it,
-- through NOTIFY 'dns_zone_changed' (sent at commit, to every API node listening), which zone to reload.

-- Created on a domain's first change; until then the defaults apply (lock on, serial from the registration date).
CREATE TABLE domain_settings (
  domain_id      integer     PRIMARY KEY REFERENCES customer_domains (id) ON DELETE CASCADE,
  registrar_lock boolean     NOT NULL DEFAULT true,
  -- The transfer (EPP) code, made on its first reveal; it is shown to the owner, so it cannot be stored hashed.
  epp_code       text,
  -- The zone's SOA serial: YYYYMMDDnn-style, raised on every change of the zone (never lowered).
  dns_serial     bigint      NOT NULL CHECK (dns_serial BETWEEN 1 AND 4294967295),
  updated_at     timestamptz NOT NULL
);

CREATE TABLE dns_records (
  id         serial      PRIMARY KEY,
  domain_id  integer     NOT NULL REFERENCES customer_domains (id) ON DELETE CASCADE,
  -- Owner name relative to the domain, punycode, lower case: '@' is the domain itself.
  name       text        NOT NULL CHECK (name <> '' AND length(name) <= 253),
  type       text        NOT NULL CHECK (type IN ('A', 'AAAA', 'CNAME', 'MX', 'TXT', 'CAA')),
  ttl        integer     NOT NULL CHECK (ttl BETWEEN 60 AND 86400),
  value      text        NOT NULL,
  priority   integer     CHECK (priority BETWEEN 0 AND 65535),
  caa_flags  integer     CHECK (caa_flags IN (0, 128)),
  caa_tag    text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX dns_records_domain_idx ON dns_records (domain_id, name);
-- The same record cannot be added twice (md5: a TXT value may be longer than an index entry allows).
CREATE UNIQUE INDEX dns_records_same_key
  ON dns_records (domain_id, name, type, md5(value), coalesce(priority, -1), coalesce(caa_flags, -1), coalesce(caa_tag, ''));

CREATE FUNCTION dns_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text;
BEGIN
  IF TG_TABLE_NAME = 'customer_domains' THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('dns_zone_changed', OLD.domainname);
    END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.domainname IS DISTINCT FROM OLD.domainname) THEN
      PERFORM pg_notify('dns_zone_changed', NEW.domainname);
    END IF;
  ELSE
    IF TG_OP = 'DELETE' THEN
      SELECT domainname INTO zone FROM customer_domains WHERE id = OLD.domain_id;
    ELSE
      SELECT domainname INTO zone FROM customer_domains WHERE id = NEW.domain_id;
    END IF;
    IF zone IS NOT NULL THEN
      PERFORM pg_notify('dns_zone_changed', zone);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER customer_domains_dns AFTER INSERT OR UPDATE OR DELETE ON customer_domains
  FOR EACH ROW EXECUTE FUNCTION dns_zone_changed();
CREATE TRIGGER domain_settings_dns AFTER INSERT OR UPDATE OR DELETE ON domain_settings
  FOR EACH ROW EXECUTE FUNCTION dns_zone_changed();
CREATE TRIGGER dns_records_dns AFTER INSERT OR UPDATE OR DELETE ON dns_records
  FOR EACH ROW EXECUTE FUNCTION dns_zone_changed();

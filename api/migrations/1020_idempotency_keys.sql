-- Requests sent with an Idempotency-Key header (http/idempotency.ts): the first one's answer, given again to a repeat of
-- it (a retry after a lost answer, a double click) instead of doing it twice. `scope` is whose keys they are (one staff
-- member's); a key is forgotten after a day.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  status integer,
  body jsonb,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);

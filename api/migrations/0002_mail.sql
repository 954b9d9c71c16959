-- The development mail outbox (transport 'outbox'): every message sent, readable at GET /dev/outbox.
CREATE TABLE mail_outbox (
  id         serial PRIMARY KEY,
  to_address text        NOT NULL,
  subject    text        NOT NULL,
  text       text        NOT NULL,
  html       text        NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX mail_outbox_to_idx ON mail_outbox (lower(to_address));

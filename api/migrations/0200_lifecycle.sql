-- After the sale (issue 14): the time machine's offset, auto-renew flags, the lifecycle statuses, renewal invoices
-- (one per item and period, by a unique key), marks for things done at most once (reminders, daily auto-pay tries),
-- and the delivery state of queued mail.

-- Development only: how far the time machine moved the clock, so a restart keeps the same "now".
CREATE TABLE dev_clock (
  id        integer PRIMARY KEY CHECK (id = 1),
  offset_ms bigint  NOT NULL CHECK (offset_ms >= 0)
);

-- Domains: expiry date is nextduedate; Grace, Redemption and Released follow an unpaid expiry.
ALTER TABLE customer_domains ADD COLUMN auto_renew boolean NOT NULL DEFAULT true;
ALTER TABLE customer_domains DROP CONSTRAINT customer_domains_status_check;
ALTER TABLE customer_domains ADD CONSTRAINT customer_domains_status_check
  CHECK (status IN ('Active', 'Pending Transfer', 'Cancelled', 'Expired', 'Grace', 'Redemption', 'Released'));
-- A name in Grace or Redemption is still its customer's: only Released frees it.
DROP INDEX customer_domains_live_key;
CREATE UNIQUE INDEX customer_domains_live_key ON customer_domains (domainname)
  WHERE status IN ('Active', 'Pending Transfer', 'Grace', 'Redemption');
-- The lifecycle passes read only the items near or past their due date.
CREATE INDEX customer_domains_due_idx ON customer_domains (nextduedate) WHERE status IN ('Active', 'Grace', 'Redemption');

ALTER TABLE user_services ADD COLUMN auto_renew boolean NOT NULL DEFAULT true;
ALTER TABLE user_services DROP CONSTRAINT user_services_status_check;
ALTER TABLE user_services ADD CONSTRAINT user_services_status_check
  CHECK (status IN ('Active', 'Pending', 'Suspended', 'Cancelled', 'Terminated'));
CREATE INDEX user_services_due_idx ON user_services (nextduedate) WHERE status IN ('Active', 'Suspended');

ALTER TABLE invoice_items DROP CONSTRAINT invoice_items_kind_check;
ALTER TABLE invoice_items ADD CONSTRAINT invoice_items_kind_check
  CHECK (kind IN ('domain_register', 'domain_transfer', 'hosting', 'domain_renewal', 'hosting_renewal', 'restore_fee'));

-- One renewal invoice per item and period: key 'renewal:domain:42:2027-03-03' (the due date it renews from).
-- applied_at is set once, in the transaction that marks the invoice paid and moves the due date to period_end.
CREATE TABLE renewals (
  id         serial PRIMARY KEY,
  key        text        NOT NULL,
  item_kind  text        NOT NULL CHECK (item_kind IN ('domain', 'hosting')),
  item_id    integer     NOT NULL,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  due_date   date        NOT NULL,
  period_end date        NOT NULL CHECK (period_end > due_date),
  invoice_id integer     NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  applied_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX renewals_key ON renewals (key);
CREATE UNIQUE INDEX renewals_invoice_key ON renewals (invoice_id);
CREATE INDEX renewals_open_idx ON renewals (due_date) WHERE applied_at IS NULL;

-- Things done at most once: 'reminder:7d:domain:42:2027-03-03', 'autopay:domain:42:2027-03-03:2027-02-25'.
CREATE TABLE lifecycle_marks (
  key        text PRIMARY KEY,
  created_at timestamptz NOT NULL
);

-- Mail: 'stored' (outbox transport), or 'queued' -> 'sent' | 'failed' (SMTP through the send-mail queue).
ALTER TABLE mail_outbox ADD COLUMN status text NOT NULL DEFAULT 'stored' CHECK (status IN ('stored', 'queued', 'sent', 'failed'));
ALTER TABLE mail_outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE mail_outbox ADD COLUMN last_error text;
ALTER TABLE mail_outbox ADD COLUMN sent_at timestamptz;

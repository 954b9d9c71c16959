-- The operator's console (issue 16): roles, wallet adjustments, refunds as credit notes, bank-transfer payments,
-- blog post publishing, and the append-only audit log.

-- Roles: everyone is a customer; staff are support, billing or admin. is_staff stays (true for every staff role).
ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'customer'
  CHECK (role IN ('customer', 'support', 'billing', 'admin'));
UPDATE users SET role = 'support' WHERE is_staff;

-- Wallet entries gain the staff adjustment (credit or debit, with its reason in the description).
ALTER TABLE wallet_entries DROP CONSTRAINT wallet_entries_kind_check;
ALTER TABLE wallet_entries ADD CONSTRAINT wallet_entries_kind_check
  CHECK (kind IN ('deposit', 'payment', 'refund', 'adjustment'));

-- A refund of a paid invoice to the customer's wallet: the credit note. The invoice row is locked while the sum
-- of its refunds is checked against what was paid, so two refunds at once cannot both give the same money.
CREATE TABLE invoice_refunds (
  id              serial PRIMARY KEY,
  invoice_id      integer     NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  credit_note     text        NOT NULL UNIQUE,
  amount_minor    bigint      NOT NULL CHECK (amount_minor > 0),
  currency        text        NOT NULL,
  reason          text        NOT NULL,
  staff_id        integer     NOT NULL REFERENCES users (id),
  wallet_entry_id integer     NOT NULL UNIQUE REFERENCES wallet_entries (id),
  created_at      timestamptz NOT NULL
);
CREATE INDEX invoice_refunds_invoice_idx ON invoice_refunds (invoice_id);

-- An unpaid invoice marked paid by staff from a bank transfer: the transfer's reference.
ALTER TABLE invoices ADD COLUMN bank_reference text;

-- Blog posts can be drafts: only published ones are public.
ALTER TABLE blog_posts ADD COLUMN published boolean NOT NULL DEFAULT true;
ALTER TABLE blog_posts ADD COLUMN updated_at timestamptz;

-- Every staff action: who, when, what, the values before and after, and why. Append-only: no route edits or
-- deletes it, and the database refuses UPDATE and DELETE on it.
CREATE TABLE audit_log (
  id             serial PRIMARY KEY,
  actor_id       integer     NOT NULL REFERENCES users (id),
  actor_username text        NOT NULL,
  actor_role     text        NOT NULL,
  action         text        NOT NULL,
  target_type    text        NOT NULL,
  target_id      text        NOT NULL,
  before         jsonb,
  after          jsonb,
  reason         text        NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

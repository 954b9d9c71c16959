-- Reconciliation of gateway payments (issue 22.3): a pending payment is asked about (Verify) with backoff until it
-- settles or expires. provider_reference: the gateway's own id when it differs from ours (Coinbase Commerce's charge
-- code); verify_attempts / next_verify_at: the backoff state, kept in the database so it survives restarts.
ALTER TABLE payments ADD COLUMN provider_reference text;
ALTER TABLE payments ADD COLUMN verify_attempts integer NOT NULL DEFAULT 0 CHECK (verify_attempts >= 0);
ALTER TABLE payments ADD COLUMN next_verify_at timestamptz;
CREATE INDEX payments_pending_next_verify ON payments (next_verify_at) WHERE status = 'pending';

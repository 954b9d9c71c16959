-- A payment the gateway took that settlement credited to no one (another amount than asked, an account deleted
-- meanwhile) is listed on the staff overview until billing staff have refunded it at the gateway and said so here,
-- with the gateway's refund reference (api/src/staff/payments.ts). Who said so is in the audit log.
ALTER TABLE payments ADD COLUMN refunded_at timestamptz;
ALTER TABLE payments ADD COLUMN refund_reference text;

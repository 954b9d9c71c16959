-- What the sandbox gateway decided for each of its payments (payments/sandbox-routes.ts): like a real gateway, it
-- decides a charge once. Approve and Decline pressed at once (two tabs) both found the payment pending and both sent
-- their webhook, a failure and a success for one charge.
CREATE TABLE sandbox_decisions (
  reference text PRIMARY KEY,
  outcome text NOT NULL CHECK (outcome IN ('success', 'failed')),
  decided_at timestamptz NOT NULL
);

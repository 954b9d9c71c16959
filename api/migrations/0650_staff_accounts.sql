-- Staff accounts (issue 16, leftovers): an admin can disable a staff account and enable it again. Disabled is its
-- own state, not is_active = false: an inactive account can activate itself with a mailed code, a disabled one must
-- not. A disabled account cannot log in and its sessions stop working.
ALTER TABLE users ADD COLUMN disabled_at timestamptz;

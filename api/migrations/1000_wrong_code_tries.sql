-- The wrong tries of a login code or a second-factor attempt, apart from its tries (`attempts` also counts the right
-- one that used it): an account gets ACCOUNT_CODE_TRIES_PER_HOUR wrong ones an hour over all its logins, mailed codes
-- and second factors alike, and a customer who signs in often is not locked out by signing in.
ALTER TABLE one_time_codes ADD COLUMN wrong_tries integer NOT NULL DEFAULT 0;

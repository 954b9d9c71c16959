-- Accounts: users, their sessions (tokens) and one-time codes (activation, login, password reset).
-- Secrets are never stored: tokens and codes are kept as SHA-256 hex digests.

CREATE TABLE users (
  id            serial PRIMARY KEY,
  username      text        NOT NULL,
  email         text        NOT NULL,
  password_hash text        NOT NULL,
  first_name    text        NOT NULL DEFAULT '',
  last_name     text        NOT NULL DEFAULT '',
  address       text        NOT NULL DEFAULT '',
  city          text        NOT NULL DEFAULT '',
  state         text        NOT NULL DEFAULT '',
  post_code     text        NOT NULL DEFAULT '',
  phone_number  text        NOT NULL DEFAULT '',
  is_active     boolean     NOT NULL DEFAULT false,
  is_staff      boolean     NOT NULL DEFAULT false,
  date_joined   timestamptz NOT NULL,
  last_login    timestamptz
);
-- Usernames and e-mail addresses are unique without regard to case ('Demo' cannot sign up beside 'demo').
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

-- One row per session. The access value authenticates until expires_at; the access or the refresh value can be
-- exchanged for a new session until refresh_until. Rotation and logout set revoked_at.
CREATE TABLE auth_tokens (
  id            serial PRIMARY KEY,
  user_id       integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  access_hash   text        NOT NULL UNIQUE,
  refresh_hash  text        NOT NULL UNIQUE,
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  refresh_until timestamptz NOT NULL,
  revoked_at    timestamptz
);
CREATE INDEX auth_tokens_user_id_idx ON auth_tokens (user_id);

-- Mailed one-time secrets. purpose: 'activation' | 'login' | 'password_reset'.
-- attempt_hash binds a login code to the login attempt (the HttpOnly cookie set by /core/login/).
CREATE TABLE one_time_codes (
  id            serial PRIMARY KEY,
  user_id       integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose       text        NOT NULL CHECK (purpose IN ('activation', 'login', 'password_reset')),
  code_hash     text        NOT NULL,
  attempt_hash  text UNIQUE,
  attempts      integer     NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz
);
CREATE INDEX one_time_codes_user_purpose_idx ON one_time_codes (user_id, purpose);

-- Which seed functions have run (api/src/seed/): each runs once, in its own transaction.
CREATE TABLE seed_history (
  name       text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
);

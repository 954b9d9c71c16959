-- Account security (issue 17): session details, e-mail change links, two-factor sign-in (passkeys, TOTP, recovery
-- codes), known devices, WebAuthn challenges, and the mark left on a deleted (anonymised) account.

ALTER TABLE users ADD COLUMN deleted_at timestamptz;

-- Sessions: what the sessions list shows, and when the session last proved the password or a passkey
-- (recent re-authentication). A refresh copies these onto the new row, so a session keeps its identity.
ALTER TABLE auth_tokens ADD COLUMN signed_in_at timestamptz;
ALTER TABLE auth_tokens ADD COLUMN last_seen_at timestamptz;
ALTER TABLE auth_tokens ADD COLUMN authenticated_at timestamptz;
ALTER TABLE auth_tokens ADD COLUMN user_agent text NOT NULL DEFAULT '';
ALTER TABLE auth_tokens ADD COLUMN ip text NOT NULL DEFAULT '';
UPDATE auth_tokens SET signed_in_at = created_at, last_seen_at = created_at WHERE signed_in_at IS NULL;

-- 'second_factor': a login whose password was right and that now waits for a passkey, a TOTP or a recovery code;
-- its tries are counted like a mailed login code's.
ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check
  CHECK (purpose IN ('activation', 'login', 'password_reset', 'second_factor'));

-- A requested e-mail change: the link's token as SHA-256; the address changes only when the link is opened.
CREATE TABLE email_changes (
  id         serial PRIMARY KEY,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  new_email  text        NOT NULL,
  token_hash text        NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX email_changes_user_idx ON email_changes (user_id);

-- Passkeys. The public key is not a secret; the credential id is base64url.
CREATE TABLE webauthn_credentials (
  id            serial PRIMARY KEY,
  user_id       integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credential_id text        NOT NULL UNIQUE,
  public_key    text        NOT NULL,
  counter       bigint      NOT NULL DEFAULT 0,
  transports    jsonb       NOT NULL DEFAULT '[]',
  name          text        NOT NULL,
  created_at    timestamptz NOT NULL,
  last_used_at  timestamptz
);
CREATE INDEX webauthn_credentials_user_idx ON webauthn_credentials (user_id);

-- WebAuthn challenges, bound to what asked for them ('session:<id>' or 'attempt:<sha256 of the login cookie>'),
-- single use (used_at), short-lived.
CREATE TABLE webauthn_challenges (
  id         serial PRIMARY KEY,
  binding    text        NOT NULL,
  purpose    text        NOT NULL CHECK (purpose IN ('register', 'login', 'reauth')),
  challenge  text        NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX webauthn_challenges_binding_idx ON webauthn_challenges (binding, purpose);

-- Authenticator app: the secret AES-256-GCM encrypted with SECURITY_SECRET_KEY; confirmed_at null while set-up
-- waits for a first code; last_step is the last accepted time step (each code once).
CREATE TABLE totp_secrets (
  user_id      integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret_enc   text        NOT NULL,
  created_at   timestamptz NOT NULL,
  confirmed_at timestamptz,
  last_step    bigint      NOT NULL DEFAULT 0
);

-- Recovery codes: HMAC-SHA-256 with SECURITY_SECRET_KEY; single use.
CREATE TABLE recovery_codes (
  id         serial PRIMARY KEY,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash  text        NOT NULL,
  created_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX recovery_codes_user_idx ON recovery_codes (user_id);

-- Devices a user has signed in from (the HttpOnly device cookie, as SHA-256): a sign-in from another mails a notice.
CREATE TABLE known_devices (
  user_id     integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_hash text        NOT NULL,
  first_seen  timestamptz NOT NULL,
  PRIMARY KEY (user_id, device_hash)
);

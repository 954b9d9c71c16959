-- Refresh-token rotation with reuse detection (RFC 9700 section 4.14.2). Every refresh revokes the session row and
-- issues a new one; the new row keeps the first row's id as its family. A value of a rotated row presented to the
-- refresh endpoint again means two parties hold it (one of them a thief), so the family's live row is revoked too.
-- NULL: the row is its family's first.
ALTER TABLE auth_tokens ADD COLUMN family_id integer;
CREATE INDEX auth_tokens_family_idx ON auth_tokens (family_id) WHERE family_id IS NOT NULL;

-- Shared login / code / reset throttles when several API nodes run on one PostgreSQL (issue 18): the table
-- rate-limiter-flexible's RateLimiterPostgres uses (src/http/throttle.ts creates nothing itself: tableCreated).
-- key: '<route>:<client ip>', points: requests in the window, expire: end of the window (epoch milliseconds).
CREATE TABLE IF NOT EXISTS rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX IF NOT EXISTS rate_limits_expire ON rate_limits (expire);

-- Public content. Images are paths under /static/ (files in api/static/); responses turn them into absolute URLs.
-- Money is integer minor units (cents) in price_minor, with its currency.

CREATE TABLE services (
  id          integer PRIMARY KEY,
  name        text NOT NULL,
  description text NOT NULL,
  image       text NOT NULL,
  type        text NOT NULL CHECK (type IN ('domain', 'hosting'))
);

CREATE TABLE hosting_plans (
  id          serial PRIMARY KEY,
  service_id  integer NOT NULL REFERENCES services (id),
  name        text    NOT NULL,
  description text    NOT NULL,
  price_minor integer NOT NULL CHECK (price_minor >= 0),
  currency    text    NOT NULL DEFAULT 'USD',
  position    integer NOT NULL DEFAULT 0
);
CREATE INDEX hosting_plans_service_idx ON hosting_plans (service_id);

CREATE TABLE blog_posts (
  id         serial PRIMARY KEY,
  slug       text        NOT NULL UNIQUE,
  title      text        NOT NULL,
  content    text        NOT NULL,
  image      text        NOT NULL,
  author     text        NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE policies (
  id   serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('privacy', 'terms', 'return')),
  body text NOT NULL
);

CREATE TABLE faqs (
  id       serial PRIMARY KEY,
  question text    NOT NULL,
  answer   text    NOT NULL,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE slide_images (
  id       serial PRIMARY KEY,
  image    text    NOT NULL,
  alt      text    NOT NULL,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE packages (
  id          serial PRIMARY KEY,
  name        text    NOT NULL,
  description text    NOT NULL,
  position    integer NOT NULL DEFAULT 0
);

CREATE TABLE pricing_plans (
  id             serial PRIMARY KEY,
  package_id     integer NOT NULL REFERENCES packages (id),
  price_minor    integer NOT NULL CHECK (price_minor >= 0),
  currency       text    NOT NULL DEFAULT 'USD',
  billing_period text    NOT NULL,
  features       text    NOT NULL,
  position       integer NOT NULL DEFAULT 0
);

CREATE TABLE testimonials (
  id       serial PRIMARY KEY,
  name     text    NOT NULL,
  position text    NOT NULL,
  message  text    NOT NULL,
  image    text    NOT NULL,
  sort     integer NOT NULL DEFAULT 0
);

CREATE TABLE company_details (
  id           serial PRIMARY KEY,
  about_us     text NOT NULL,
  address      text NOT NULL,
  phone_number text NOT NULL,
  email        text NOT NULL
);

-- The home page's services block (/manager/services/), not the sellable services above.
CREATE TABLE manager_services (
  id          serial PRIMARY KEY,
  title       text    NOT NULL,
  description text    NOT NULL,
  image       text    NOT NULL,
  position    integer NOT NULL DEFAULT 0
);

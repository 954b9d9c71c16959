-- Commerce (issue 4): prices, carts, invoices, payments, the wallet ledger, customers' domains and services, tickets.
-- Money is integer minor units (cents, kobo) in *_minor columns, always beside its currency code.

CREATE TABLE currencies (
  code     text PRIMARY KEY CHECK (code ~ '^[A-Z]{3}$'),
  name     text    NOT NULL,
  position integer NOT NULL DEFAULT 0
);

-- 1 base = rate quote (USD -> NGN 1550). Used for prices that are not set per currency (hosting plans).
CREATE TABLE exchange_rates (
  base_currency  text          NOT NULL REFERENCES currencies (code),
  quote_currency text          NOT NULL REFERENCES currencies (code),
  rate           numeric(20,8) NOT NULL CHECK (rate > 0),
  updated_at     timestamptz   NOT NULL,
  PRIMARY KEY (base_currency, quote_currency)
);

-- Store-wide settings (vat_percent).
CREATE TABLE commerce_settings (
  key   text PRIMARY KEY,
  value text NOT NULL
);

-- The TLDs for sale; id is the product id of every domain answer.
CREATE TABLE tlds (
  id        integer PRIMARY KEY,
  tld       text    NOT NULL UNIQUE,
  position  integer NOT NULL,
  is_active boolean NOT NULL DEFAULT true
);

CREATE TABLE tld_prices (
  tld_id         integer NOT NULL REFERENCES tlds (id),
  currency       text    NOT NULL REFERENCES currencies (code),
  register_minor bigint  NOT NULL CHECK (register_minor >= 0),
  renewal_minor  bigint  NOT NULL CHECK (renewal_minor >= 0),
  transfer_minor bigint  NOT NULL CHECK (transfer_minor >= 0),
  PRIMARY KEY (tld_id, currency)
);

-- A visitor's cart (user_id null, found by the HttpOnly cookie cart_id = id) or a customer's (one per user).
CREATE TABLE carts (
  id         uuid PRIMARY KEY,
  user_id    integer REFERENCES users (id) ON DELETE CASCADE,
  currency   text        NOT NULL REFERENCES currencies (code),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX carts_user_key ON carts (user_id);

-- Items carry what was chosen, never a price: prices are computed when the cart is read or paid.
CREATE TABLE cart_items (
  id          serial PRIMARY KEY,
  cart_id     uuid        NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  service_id  integer     NOT NULL REFERENCES services (id),
  product_id  integer     NOT NULL,
  kind        text        NOT NULL CHECK (kind IN ('domain_register', 'domain_transfer', 'hosting')),
  domain_name text,
  epp_code    text,
  name        text        NOT NULL,
  description text        NOT NULL DEFAULT '',
  nameservers jsonb       NOT NULL DEFAULT '[]',
  protection  boolean     NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL
);
CREATE INDEX cart_items_cart_idx ON cart_items (cart_id);
-- The same domain cannot sit twice in one cart (registration or transfer).
CREATE UNIQUE INDEX cart_items_domain_key ON cart_items (cart_id, domain_name) WHERE kind <> 'hosting';

CREATE TABLE orders (
  id         serial PRIMARY KEY,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status     text        NOT NULL CHECK (status IN ('Pending', 'Active', 'Cancelled')),
  created_at timestamptz NOT NULL
);

CREATE TABLE invoices (
  id             serial PRIMARY KEY,
  invoicenum     text UNIQUE,
  order_id       integer       NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  user_id        integer       NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  currency       text          NOT NULL REFERENCES currencies (code),
  subtotal_minor bigint        NOT NULL CHECK (subtotal_minor >= 0),
  vat_minor      bigint        NOT NULL CHECK (vat_minor >= 0),
  total_minor    bigint        NOT NULL CHECK (total_minor >= 0),
  vat_percent    numeric(6,3)  NOT NULL,
  payment_kind   text          NOT NULL CHECK (payment_kind IN ('wallet', 'fiat_payment_gateway', 'crypto_payment_gateway')),
  status         text          NOT NULL CHECK (status IN ('Unpaid', 'Paid', 'Cancelled')),
  notes          text          NOT NULL DEFAULT '',
  due_date       date          NOT NULL,
  created_at     timestamptz   NOT NULL,
  paid_at        timestamptz
);
CREATE INDEX invoices_user_idx ON invoices (user_id);

CREATE TABLE invoice_items (
  id           serial PRIMARY KEY,
  invoice_id   integer NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  service_id   integer NOT NULL REFERENCES services (id),
  product_id   integer NOT NULL,
  kind         text    NOT NULL CHECK (kind IN ('domain_register', 'domain_transfer', 'hosting')),
  domain_name  text,
  epp_code     text,
  name         text    NOT NULL,
  description  text    NOT NULL DEFAULT '',
  nameservers  jsonb   NOT NULL DEFAULT '[]',
  protection   boolean NOT NULL DEFAULT false,
  amount_minor bigint  NOT NULL CHECK (amount_minor >= 0)
);
CREATE INDEX invoice_items_invoice_idx ON invoice_items (invoice_id);

-- A gateway payment (deposit or invoice). Settled at most once: status leaves 'pending' in one conditional update.
CREATE TABLE payments (
  id             serial PRIMARY KEY,
  reference      text        NOT NULL UNIQUE,
  user_id        integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose        text        NOT NULL CHECK (purpose IN ('deposit', 'checkout')),
  provider       text        NOT NULL,
  payment_kind   text        NOT NULL CHECK (payment_kind IN ('fiat_payment_gateway', 'crypto_payment_gateway')),
  invoice_id     integer REFERENCES invoices (id) ON DELETE CASCADE,
  amount_minor   bigint      NOT NULL CHECK (amount_minor > 0),
  currency       text        NOT NULL REFERENCES currencies (code),
  status         text        NOT NULL CHECK (status IN ('pending', 'success', 'failed')),
  failure_reason text,
  created_at     timestamptz NOT NULL,
  settled_at     timestamptz
);

-- Every webhook delivery that reached us, verified or not (audit; replays show up here, not in the wallet).
CREATE TABLE payment_events (
  id           serial PRIMARY KEY,
  provider     text        NOT NULL,
  reference    text,
  signature_ok boolean     NOT NULL,
  outcome      text        NOT NULL,
  received_at  timestamptz NOT NULL
);

-- One row per (user, currency): locked FOR UPDATE while a debit is decided, so two debits cannot both pass.
CREATE TABLE wallet_accounts (
  user_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  currency text    NOT NULL REFERENCES currencies (code),
  PRIMARY KEY (user_id, currency)
);

-- The wallet is this ledger: a balance is the sum of a (user, currency)'s entries.
CREATE TABLE wallet_entries (
  id           serial PRIMARY KEY,
  user_id      integer     NOT NULL,
  currency     text        NOT NULL,
  amount_minor bigint      NOT NULL CHECK (amount_minor <> 0),
  kind         text        NOT NULL CHECK (kind IN ('deposit', 'payment', 'refund')),
  payment_id   integer UNIQUE REFERENCES payments (id),
  invoice_id   integer REFERENCES invoices (id),
  description  text        NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL,
  FOREIGN KEY (user_id, currency) REFERENCES wallet_accounts (user_id, currency) ON DELETE CASCADE
);
CREATE INDEX wallet_entries_account_idx ON wallet_entries (user_id, currency);
-- An invoice is paid from the wallet at most once.
CREATE UNIQUE INDEX wallet_entries_invoice_payment_key ON wallet_entries (invoice_id) WHERE kind = 'payment';

CREATE TABLE customer_domains (
  id                serial PRIMARY KEY,
  user_id           integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  invoice_id        integer REFERENCES invoices (id) ON DELETE SET NULL,
  domainname        text        NOT NULL,
  tld_id            integer     NOT NULL REFERENCES tlds (id),
  status            text        NOT NULL CHECK (status IN ('Active', 'Pending Transfer', 'Cancelled', 'Expired')),
  regperiod         integer     NOT NULL DEFAULT 1,
  paymentmethodname text        NOT NULL,
  registration_date date        NOT NULL,
  nextduedate       date        NOT NULL,
  nameservers       jsonb       NOT NULL DEFAULT '[]',
  protection        boolean     NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL
);
CREATE INDEX customer_domains_user_idx ON customer_domains (user_id);
-- A live name belongs to one customer.
CREATE UNIQUE INDEX customer_domains_live_key ON customer_domains (domainname) WHERE status IN ('Active', 'Pending Transfer');

CREATE TABLE user_services (
  id             serial PRIMARY KEY,
  user_id        integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  invoice_id     integer REFERENCES invoices (id) ON DELETE SET NULL,
  service_id     integer     NOT NULL REFERENCES services (id),
  plan_id        integer     NOT NULL REFERENCES hosting_plans (id),
  name           text        NOT NULL,
  billingcycle   text        NOT NULL,
  domain         text        NOT NULL DEFAULT '',
  regdate        date        NOT NULL,
  nextduedate    date        NOT NULL,
  serverhostname text        NOT NULL,
  status         text        NOT NULL CHECK (status IN ('Active', 'Pending', 'Suspended', 'Cancelled')),
  created_at     timestamptz NOT NULL
);
CREATE INDEX user_services_user_idx ON user_services (user_id);

CREATE TABLE tickets (
  id          serial PRIMARY KEY,
  user_id     integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title       text        NOT NULL,
  description text        NOT NULL,
  status      text        NOT NULL CHECK (status IN ('Open', 'Answered', 'Customer-Reply', 'Closed')),
  priority    text        NOT NULL CHECK (priority IN ('low', 'medium', 'high')),
  assigned_to integer REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);
CREATE INDEX tickets_user_idx ON tickets (user_id);

CREATE TABLE ticket_replies (
  id         serial PRIMARY KEY,
  ticket_id  integer     NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  message    text        NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX ticket_replies_ticket_idx ON ticket_replies (ticket_id);

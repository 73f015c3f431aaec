/**
 * Migration 2: platform applications, connector records and their encrypted credentials.
 * Credentials live in their own table so that no query listing connectors ever touches them,
 * and `key_id` mirrors the master key id inside each envelope so a key rotation can find the
 * rows still on an old key with an index scan.
 */
export const TENANCY_SCHEMA_SQL = `
CREATE TABLE sy_applications (
  id          text COLLATE "C" PRIMARY KEY,
  name        text NOT NULL,
  client_id   text COLLATE "C" NOT NULL UNIQUE,
  -- scrypt$N$r$p$salt$hash: the client secret itself is never stored
  secret_hash text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sy_connectors (
  id                 text COLLATE "C" PRIMARY KEY,
  application_id     text COLLATE "C" NOT NULL REFERENCES sy_applications (id) ON DELETE CASCADE,
  external_user_id   text NOT NULL,
  connector_type     text NOT NULL,
  name               text NOT NULL,
  config             jsonb NOT NULL DEFAULT '{}'::jsonb,
  replication_config jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
-- Every tenant read filters by application (and external user for scoped tokens).
CREATE INDEX sy_connectors_tenant ON sy_connectors (application_id, external_user_id, created_at, id);

CREATE TABLE sy_connector_credentials (
  connector_id text COLLATE "C" PRIMARY KEY REFERENCES sy_connectors (id) ON DELETE CASCADE,
  key_id       text NOT NULL,
  -- AES-256-GCM envelope (see src/crypto/envelope.ts), bound to connector_id
  envelope     text NOT NULL,
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sy_connector_credentials_key ON sy_connector_credentials (key_id, connector_id);
`;

-- Targeted list builds (api/print-mail/targeted-list-builds/, docs/targeted-list-builds.md):
-- a mailing list made from the operator's address points in an area, quoted first.
SELECT create_document_table('targeted_list_builds');

ALTER TABLE targeted_list_builds
  -- The quote job a build is waiting for (a token its job carries): a quote of filters that
  -- have changed since is dropped, since the change queued a quote of its own.
  ADD COLUMN quote_token text,
  -- The area the quote counted, as the build selects it (a radius's centre resolved once),
  -- so the build takes the points it was quoted for.
  ADD COLUMN area jsonb,
  -- Set at confirm: the mailing list the build fills, and how far it got. build_total is
  -- null until the build has taken its snapshot of points (targeted_list_build_points).
  ADD COLUMN mailing_list_id text,
  ADD COLUMN build_total integer,
  ADD COLUMN built_through integer NOT NULL DEFAULT 0;

-- The points a confirmed build turns into contacts, numbered 1..n in one snapshot taken when
-- the build starts: pages go by seq, so a retried page takes the same points again and a
-- point imported meanwhile can neither be added nor shift the pages. Emptied at the end.
CREATE TABLE targeted_list_build_points (
  build_id text NOT NULL REFERENCES targeted_list_builds (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  record_hash bytea NOT NULL,
  PRIMARY KEY (build_id, seq)
);

-- List build credit, in cents, per organization and mode: one row per grant (postroom orgs
-- credit), charge (a live build's confirm) or refund (a build that failed). The balance is
-- the sum; a build is charged and refunded at most once (the unique index).
CREATE TABLE list_build_credits (
  id bigserial PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id),
  live boolean NOT NULL,
  delta_cents bigint NOT NULL,
  reason text NOT NULL,
  ref text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX list_build_credits_org ON list_build_credits (org_id, live);
CREATE UNIQUE INDEX list_build_credits_once ON list_build_credits (reason, ref) WHERE ref IS NOT NULL;

-- A radius is selected by a latitude band and longitude range (then exact distance): this
-- index answers the box without reading the points outside the band. A B-tree, not GiST:
-- cheap to keep up in `postroom data import`, and a box's band is a small share of a country.
CREATE INDEX address_points_position ON address_points (lat, lon);

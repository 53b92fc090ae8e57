-- International verification (/v1/intl_addver) draws on its own lookup allowance (spec section
-- 1: the two APIs draw on separate allowances): a plan per organization and counters per
-- monthly period, striped as lookup_usage is (0023). NULL free limit = unlimited.
ALTER TABLE organizations
  ADD COLUMN intl_lookup_free_limit bigint,
  ADD COLUMN intl_lookup_subscribed boolean NOT NULL DEFAULT false;

CREATE TABLE intl_lookup_usage (
  org_id text NOT NULL REFERENCES organizations (id),
  period text NOT NULL, -- 'YYYY-MM' in UTC
  stripe smallint NOT NULL,
  used bigint NOT NULL,
  PRIMARY KEY (org_id, period, stripe)
);

-- Points of every country carry their country (0047 adds the same column and its indexes;
-- IF NOT EXISTS lets either run first).
ALTER TABLE address_points ADD COLUMN IF NOT EXISTS country text NOT NULL DEFAULT 'US';
ALTER TABLE address_point_areas ADD COLUMN IF NOT EXISTS country text NOT NULL DEFAULT 'US';
-- An international address without a postal code is looked up by its locality.
CREATE INDEX IF NOT EXISTS address_points_country_city ON address_points (country, city)
  WHERE country NOT IN ('US', 'CA');

-- Address-verification lookup metering: a plan per organization and a counter per monthly period.
-- free_limit NULL means unlimited (the default for a self-hosted server; operators set plans
-- with `postroom orgs set-plan`).
ALTER TABLE organizations
  ADD COLUMN lookup_free_limit bigint,
  ADD COLUMN lookup_subscribed boolean NOT NULL DEFAULT false;

CREATE TABLE lookup_usage (
  org_id text NOT NULL REFERENCES organizations (id),
  period text NOT NULL, -- 'YYYY-MM' in UTC
  used bigint NOT NULL,
  PRIMARY KEY (org_id, period)
);

-- Geocoding is a feature of an organization's address-lookup plan (spec 2.5: "Geocoding must be
-- enabled for the account"): off until an operator turns it on with
-- `postroom orgs set-plan --org NAME --geocoding true`. A sub-organization follows its parent's.
ALTER TABLE organizations ADD COLUMN lookup_geocoding boolean NOT NULL DEFAULT false;

-- Lookup counters split by stripe. Accounts without a limit to enforce (subscribed, or no free
-- limit) count on the stripe of their connection, so concurrent calls do not queue on one row
-- lock held across each commit's log flush (it was most of a single verification's latency at
-- 200 requests/s). Limited accounts keep one row, stripe 0, whose lock makes check-and-add
-- atomic. `used` for a period is the sum over its stripes.
ALTER TABLE lookup_usage ADD COLUMN stripe smallint NOT NULL DEFAULT 0;
ALTER TABLE lookup_usage DROP CONSTRAINT lookup_usage_pkey;
ALTER TABLE lookup_usage ADD PRIMARY KEY (org_id, period, stripe);
ALTER TABLE lookup_usage ALTER COLUMN stripe DROP DEFAULT;

-- What the National Address Database says about delivery at a point (docs/verification.md,
-- "Delivery fields from NAD"), kept as the file gives it: Plus_4 (the ZIP+4 add-on), Addr_Type,
-- DeliverTyp, Lifecycle, Placement, Post_City (the mailing city) and Urbnztn_PR (a Puerto Rico
-- urbanization). OpenAddresses and other CSV sources carry none of them: NULL. Nullable without
-- a default, so each ADD COLUMN is instant on a large table and writers that predate the
-- columns keep working.
ALTER TABLE address_points
  ADD COLUMN IF NOT EXISTS plus4 text,
  ADD COLUMN IF NOT EXISTS address_type text,
  ADD COLUMN IF NOT EXISTS delivery_type text,
  ADD COLUMN IF NOT EXISTS lifecycle text,
  ADD COLUMN IF NOT EXISTS placement text,
  ADD COLUMN IF NOT EXISTS post_city text,
  ADD COLUMN IF NOT EXISTS urbanization text;

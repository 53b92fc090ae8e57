-- Campaigns: a mailing list sent through an order profile, one order per contact.
SELECT create_document_table('campaigns');

-- Each contact of a sending campaign, once: its order, or why none could be made. Written in
-- the same transaction as the order, so a send resumed after a crash skips every contact
-- already done, and the primary key makes a second order for a contact impossible.
CREATE TABLE campaign_orders (
  campaign_id text NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  contact_id text NOT NULL,
  order_id text,
  error text,
  PRIMARY KEY (campaign_id, contact_id),
  CHECK ((order_id IS NULL) <> (error IS NULL))
);

-- Cheques: an order kind (create_order_table, 0014), and their numbers: unique per
-- organization and mode, the next one counted per organization and mode.
SELECT create_order_table('cheques');
CREATE TABLE cheque_numbers (
  org_id text NOT NULL,
  live boolean NOT NULL,
  number bigint NOT NULL,
  cheque_id text NOT NULL,
  PRIMARY KEY (org_id, live, number)
);
CREATE TABLE cheque_counters (
  org_id text NOT NULL,
  live boolean NOT NULL,
  last bigint NOT NULL,
  PRIMARY KEY (org_id, live)
);

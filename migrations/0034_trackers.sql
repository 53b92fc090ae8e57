-- Trackers (personalized URLs and QR codes in orders) and their visits.
SELECT create_document_table('trackers');
SELECT create_document_table('tracker_visits');
CREATE INDEX tracker_visits_by_tracker ON tracker_visits ((doc ->> 'tracker'), created_at DESC, id DESC);

-- One short link per order and tracker the order's content names, made when the order is
-- first rendered and kept, so a re-render prints the same URL. `code` is the path printed on
-- the mail piece; the redirect target is made from the tracker's template at each visit.
CREATE TABLE tracker_links (
  code text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id),
  live boolean NOT NULL,
  tracker_id text NOT NULL REFERENCES trackers (id) ON DELETE CASCADE,
  order_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  UNIQUE (tracker_id, order_id)
);

-- Who has visited a tracker, as salted hashes of their addresses: a visitor's first visit
-- counts towards uniqueVisitCount.
CREATE TABLE tracker_visitors (
  tracker_id text NOT NULL REFERENCES trackers (id) ON DELETE CASCADE,
  visitor text NOT NULL,
  PRIMARY KEY (tracker_id, visitor)
);

-- An input with neither city nor ZIP ("945 S 5TH ST, KY") is searched by street name within
-- its state: this index finds the ZIPs that have the street without scanning the state.
CREATE INDEX address_points_state_street ON address_points (state, street_name, zip);

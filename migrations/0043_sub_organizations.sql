-- Sub-organizations: an organization made by another (its parent) through the API, with its
-- own keys, users and fully isolated resources. A child is an ordinary row of organizations
-- (its id is the sub_org_ id and also its name, so `postroom keys create --org sub_org_…`
-- finds it); parent_id says whose it is. Only top-level organizations have children.
ALTER TABLE organizations
  ADD COLUMN parent_id text REFERENCES organizations (id),
  -- A disabled organization's keys (and its children's keys) stop working.
  ADD COLUMN disabled_at timestamptz;
CREATE INDEX organizations_parent ON organizations (parent_id) WHERE parent_id IS NOT NULL;

-- The parent's view of its children: org_id is the parent, live the mode of the key that
-- made the child (a test key makes a test sub-organization with test keys only).
SELECT create_document_table('sub_organizations');

-- The users made with each child (the hosted API makes one per create). org_id is the child;
-- the password is kept only as a salted scrypt hash, outside `doc`, which reads answer as stored.
SELECT create_document_table('sub_organization_users');
ALTER TABLE sub_organization_users ADD COLUMN password_hash text NOT NULL;

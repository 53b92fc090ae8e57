import type pg from 'pg';
import { REVOKED_FUNCTIONS_PATTERN } from './system-names.js';

/**
 * Takes from PUBLIC, in this database, what every role may otherwise read of the system: SELECT
 * on every catalog and system view in `pg_catalog` (`pg_class.reltuples`, `pg_stat_user_tables`,
 * `pg_database`, `pg_roles`, `pg_settings`, ...) and EXECUTE on the functions of
 * system-names.ts. Queries still run: PostgreSQL reads its catalogs for planning without
 * privilege checks. Needs a superuser (the catalogs' owner); a superuser's own connections
 * are unaffected, but every other non-superuser role of this database loses them too, which is
 * why Postroom wants a database of its own (docs/reports.md). Only what PUBLIC still holds is
 * revoked, so a start after the first changes nothing.
 */
export async function hideSystemFromPublic(client: pg.PoolClient): Promise<void> {
  const functions = await client.query<{ sig: string }>(
    `SELECT p.oid::regprocedure::text AS sig FROM pg_proc p
      WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.proname ~ $1
        AND (p.proacl IS NULL OR EXISTS (SELECT 1 FROM aclexplode(p.proacl) a WHERE a.grantee = 0))`,
    [REVOKED_FUNCTIONS_PATTERN],
  );
  for (const { sig } of functions.rows) await client.query(`REVOKE EXECUTE ON FUNCTION ${sig} FROM PUBLIC`);
  const relations = await client.query<{ name: string }>(
    `SELECT 'pg_catalog.' || quote_ident(c.relname) AS name FROM pg_class c
      WHERE c.relnamespace = 'pg_catalog'::regnamespace AND c.relkind IN ('r', 'v', 'm', 'p')
        AND EXISTS (SELECT 1 FROM aclexplode(coalesce(c.relacl, acldefault('r', c.relowner))) a
                     WHERE a.grantee = 0 AND a.privilege_type = 'SELECT')`,
  );
  if (relations.rows.length > 0)
    await client.query(`REVOKE SELECT ON ${relations.rows.map((r) => r.name).join(', ')} FROM PUBLIC`);
}

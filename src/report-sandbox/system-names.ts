/**
 * What a report must not reach beyond its own views: the system catalogs and the functions
 * that tell of other sessions, other organizations' data (statistics, sizes) or the cluster
 * (databases, roles, addresses, activity). Two lists, for two layers (docs/reports.md, *The
 * sandbox*): the functions whose EXECUTE is revoked from PUBLIC where the app can change the
 * catalogs, and the names a report's text may not use at all, which holds everywhere.
 */

/**
 * `pg_proc.proname`s revoked from PUBLIC (a PostgreSQL regular expression). Not every `pg_`
 * function: the report views themselves call `pg_backend_pid()`, and a function a view calls
 * is checked against the reader, not the view's owner.
 */
export const REVOKED_FUNCTIONS_PATTERN = [
  // other sessions and the server's locks
  'pg_cancel_backend|pg_terminate_backend|pg_notify|pg_blocking_pids|pg_safe_snapshot_blocking_pids',
  'pg_.*advisory_.*|pg_stat_get_.*|pg_stat_have_stats',
  // other organizations' rows, by size
  'pg_(relation|total_relation|table|indexes|database|tablespace)_size|pg_relation_file(node|path)|pg_filenode_relation',
  // the cluster: databases, tablespaces, roles, addresses, start and activity
  'pg_tablespace_(location|databases)|has_(database|tablespace)_privilege|pg_has_role|pg_get_userbyid',
  'pg_describe_object|pg_identify_object(_as_address)?|pg_get_object_address',
  'inet_(server|client)_(addr|port)|pg_postmaster_start_time|pg_conf_load_time|pg_control_.*',
  'pg_current_wal_.*|pg_last_.*|txid_current.*|pg_current_xact_id.*|pg_current_snapshot',
  // functions that run SQL given as text, past the check of the report's own text
  '(query|cursor|table|schema|database)_to_xml.*|ts_stat',
]
  .map((group) => `(${group})`)
  .join('|')
  .replace(/^/, '^(')
  .replace(/$/, ')$');

/** `pg_` functions a report may call: they tell only of the values it already has, or wait (within the time limit). */
const HARMLESS_SYSTEM_FUNCTIONS = new Set([
  'pg_typeof',
  'pg_size_pretty',
  'pg_size_bytes',
  'pg_column_size',
  'pg_sleep',
  'pg_sleep_for',
  'pg_sleep_until',
]);

const REVOKED = new RegExp(REVOKED_FUNCTIONS_PATTERN);

/**
 * True for a name a report's text may not use: the `pg_catalog` schema, any catalog, view or
 * function named `pg_…` but the harmless few, and the revoked functions without that prefix.
 */
export function isSystemName(identifier: string): boolean {
  const name = identifier.toLowerCase();
  if (HARMLESS_SYSTEM_FUNCTIONS.has(name)) return false;
  return name.startsWith('pg_') || REVOKED.test(name);
}

/**
 * One run of the suite (scripts/run-tests.ts) names the databases its files make with the run's
 * id, and drops them all once every file is done (template-database.ts says why). The id is the
 * run's start in seconds, base 36, so a run that was stopped before its end can be told by age.
 */
export const TEST_RUN_ENV = 'POSTROOM_TEST_RUN';

export const newRunId = (now = Date.now()): string => Math.floor(now / 1000).toString(36);

/** When a run began, from its id. */
export const runStartedAt = (id: string): number => Number.parseInt(id, 36) * 1000;

/** The database name of a test server in a run (or outside one). */
export const testDatabaseName = (run: string | undefined, suffix: string): string =>
  `t_${run ? `${run}_` : ''}${suffix}`;

/** The run a test database belongs to, if any. */
export function runOfDatabase(name: string): string | undefined {
  return /^t_([0-9a-z]{6,8})_[0-9a-f]{10}$/.exec(name)?.[1];
}

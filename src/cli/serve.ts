import { loadConfig } from '../config/config.js';

/** `postroom serve`: returns -1, it keeps running until a signal. */
export async function serveCommand(): Promise<number> {
  const { main } = await import('../main.js');
  await main(loadConfig(), 'serve');
  return -1;
}

export async function workerCommand(): Promise<number> {
  const { main } = await import('../main.js');
  await main(loadConfig(), 'worker');
  return -1;
}

export async function migrateCommand(): Promise<number> {
  const { withDatabase } = await import('./with-database.js');
  // Opening the database applies them (openDatabase): it says which it applied.
  const applied = await withDatabase(async (db) => db.applied);
  console.log(applied.length ? `applied ${applied.join(', ')}` : 'database is up to date');
  return 0;
}

import { loadConfig } from '../config/config.js';
import { type Database, openDatabase } from '../db/database.js';

/**
 * CLI commands use the same database as `serve`: DATABASE_URL, or the embedded cluster in the
 * data dir — attached to when a server is running on it, started (and stopped) otherwise.
 */
export async function withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase(loadConfig(), { poolMax: 4 });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

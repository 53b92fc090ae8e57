import type PgBoss from 'pg-boss';
import type { Statement } from './statement.js';

/**
 * pg-boss's own statement for inserting `jobs`, captured instead of sent, so that it can run as
 * part of a larger statement (composeStatement) and the jobs exist exactly when its other rows do.
 */
export async function jobInsertStatement(boss: PgBoss, jobs: PgBoss.JobInsert[]): Promise<Statement> {
  let captured: Statement | undefined;
  await boss.insert(jobs, {
    db: {
      executeSql: async (text: string, values: unknown[]) => {
        captured = { text, values };
        return { rows: [] };
      },
    },
  });
  if (!captured) throw new Error('pg-boss sent no insert statement');
  return captured;
}

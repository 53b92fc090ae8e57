import type { JobDefinition } from '../../job-definition.js';
import { deleteExpiredSessions } from './editor-sessions.repo.js';

/**
 * Template editor sessions live 24 hours and are then deleted (the spec): their links already
 * answer 410 once expired and reads skip them; this removes the rows of every organization.
 */
export const sweepTemplateEditorSessions: JobDefinition = {
  name: 'sweep-template-editor-sessions',
  cron: '*/15 * * * *',
  async run(_data, ctx) {
    const removed = await deleteExpiredSessions(ctx.pool, ctx.clock.now());
    if (removed) ctx.log({ removed }, 'expired template editor sessions removed');
  },
};

import type { EventDoc } from '../api/print-mail/events/record-event.js';
import { sendWebhook } from '../api/print-mail/webhooks/delivery/send-webhook.js';
import { signPayload } from '../api/print-mail/webhooks/delivery/sign-payload.js';
import type { InvocationRow } from '../api/print-mail/webhooks/invocations.repo.js';
import type { Webhook } from '../api/print-mail/webhooks/webhook.schema.js';
import { ID_PREFIX, newId } from '../platform/ids.js';
import type { DeliveryJob } from './webhook-queue.js';

export interface AttemptSettings {
  allowPrivate: boolean;
  timeoutMs: number;
  /** config.webhookRetryDelaysSec: one retry per entry, after that many seconds. */
  retryDelaysSec: readonly number[];
  now: () => Date;
}

export type Target = { orgId: string; webhook: Webhook };
export type Retry = { data: DeliveryJob; delaySec: number };

/** What one job leaves behind, committed together with the job's completion. */
export interface Outcome {
  jobId: string;
  invocations: InvocationRow[];
  retries: Retry[];
}

/**
 * One attempt of one event to each of the job's webhooks, all at once. A webhook deleted,
 * disabled or unsubscribed since the event was recorded gets nothing (and no invocation).
 * Anything but a 200 schedules that webhook's next retry while the schedule lasts.
 */
export async function attemptDelivery(
  jobId: string,
  job: DeliveryJob,
  event: EventDoc | undefined,
  targets: Map<string, Target>,
  settings: AttemptSettings,
): Promise<Outcome> {
  const outcome: Outcome = { jobId, invocations: [], retries: [] };
  if (!event) return outcome;
  await Promise.all(
    job.webhookIds.map(async (webhookId) => {
      const target = targets.get(webhookId);
      if (!target?.webhook.enabled || !target.webhook.enabledEvents.includes(event.type)) return;
      const { invocation, ok } = await attemptOne(job, event, target, settings);
      outcome.invocations.push(invocation);
      const delaySec = settings.retryDelaysSec[job.attempt - 1];
      if (!ok && delaySec !== undefined)
        outcome.retries.push({
          data: { ...job, webhookIds: [webhookId], attempt: job.attempt + 1 },
          delaySec,
        });
    }),
  );
  return outcome;
}

async function attemptOne(
  job: DeliveryJob,
  event: EventDoc,
  { orgId, webhook }: Target,
  settings: AttemptSettings,
) {
  const payload = await signPayload(event, webhook.payloadFormat, webhook.secret, settings.now());
  const result = await sendWebhook(webhook.url, payload, settings);
  const invocation: InvocationRow = {
    orgId,
    live: event.live,
    attempt: job.attempt,
    error: result.error,
    responseExcerpt: result.responseExcerpt,
    doc: {
      id: newId(ID_PREFIX.webhookInvocation),
      object: 'webhook_invocation',
      webhook: webhook.id,
      event: event.id,
      type: event.type,
      statusCode: result.statusCode,
      ...(job.orderId ? { orderID: job.orderId } : {}),
      createdAt: settings.now().toISOString(),
    },
  };
  return { invocation, ok: result.statusCode === 200 };
}

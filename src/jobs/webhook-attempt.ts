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

/** What one attempt leaves behind, committed together with the job's completion. */
export interface Outcome {
  jobId: string;
  invocation?: InvocationRow;
  retry?: { data: DeliveryJob; delaySec: number };
}

/**
 * One delivery attempt. A webhook deleted, disabled or unsubscribed since the event was
 * recorded gets nothing (and no invocation). Anything but a 200 schedules the next retry
 * while the schedule lasts; every attempt made is an invocation.
 */
export async function attemptDelivery(
  jobId: string,
  job: DeliveryJob,
  event: EventDoc | undefined,
  target: { orgId: string; webhook: Webhook } | undefined,
  settings: AttemptSettings,
): Promise<Outcome> {
  if (!event || !target?.webhook.enabled || !target.webhook.enabledEvents.includes(event.type))
    return { jobId };
  const { webhook } = target;
  const payload = await signPayload(event, webhook.payloadFormat, webhook.secret, settings.now());
  const result = await sendWebhook(webhook.url, payload, settings);
  const invocation: InvocationRow = {
    orgId: target.orgId,
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
  const delaySec = settings.retryDelaysSec[job.attempt - 1];
  const retry =
    result.statusCode !== 200 && delaySec !== undefined
      ? { data: { ...job, attempt: job.attempt + 1 }, delaySec }
      : undefined;
  return { jobId, invocation, retry };
}

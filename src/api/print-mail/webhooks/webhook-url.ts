import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { invalid } from '../../../platform/errors.js';
import { isPrivateHost, normalizeHost } from '../../../platform/private-address.js';

const PRIVATE_HINT =
  'points to a private or loopback address; webhooks must reach the public internet (an operator can set POSTROOM_ALLOW_PRIVATE_URLS=true).';

/**
 * Checks a webhook URL when it is saved: absolute http(s), and (unless the operator allows
 * it) not a private or loopback host. Delivery checks the address again at connect time,
 * since DNS can change after this; a name that does not resolve yet is accepted for that reason.
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid('url', 'must be an absolute http or https URL.');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname)
    throw invalid('url', 'must be an absolute http or https URL.');
  if (allowPrivate) return url.href;
  const host = normalizeHost(url.hostname);
  if (host === undefined || isPrivateHost(host)) throw invalid('url', PRIVATE_HINT);
  if (isIP(host)) return url.href;
  const addresses = await lookup(host, { all: true }).catch(() => []);
  if (addresses.length > 0 && addresses.every((a) => isPrivateHost(a.address)))
    throw invalid('url', PRIVATE_HINT);
  return url.href;
}

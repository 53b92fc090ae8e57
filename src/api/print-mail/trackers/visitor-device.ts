/**
 * The kind of device a visit came from, read from its User-Agent: Bot, Tablet, Mobile,
 * Desktop or Unknown. Coarse on purpose: it is what a mailing's report needs, and finer
 * guesses from user agents go stale.
 */
export function visitorDevice(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  if (!ua) return 'Unknown';
  if (/bot|crawl|spider|slurp|preview|curl|wget|python-requests|httpclient/i.test(ua)) return 'Bot';
  if (/ipad|tablet|kindle|silk|playbook/i.test(ua) || (/android/i.test(ua) && !/mobile/i.test(ua)))
    return 'Tablet';
  if (/mobi|iphone|ipod|android|windows phone/i.test(ua)) return 'Mobile';
  if (/windows|macintosh|mac os x|x11|linux|cros/i.test(ua)) return 'Desktop';
  return 'Unknown';
}

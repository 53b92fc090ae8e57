import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { toVerifyInput } from '../../../api/addver/verification-input.js';
import type { AppDeps } from '../../../api/deps.js';
import { ApiError } from '../../../platform/errors.js';
import { chargeLookups, currentLookupInfo, LOOKUP_COST } from '../../../platform/metering/metering.js';
import { field, formOf, requireOrganization } from '../../guard.js';
import { type Html, html } from '../../html.js';
import { csrfField, csrfToken, sendPage } from '../../page.js';
import { DASHBOARD_PATH } from '../../session/session-token.js';
import { explainVerification } from './explain.js';

const D = DASHBOARD_PATH;
const page = { schema: { hide: true } };

/**
 * One address verified as POST /v1/addver/verifications does it (same engine, charged one
 * lookup like the API), with the answer explained, and this month's lookups against the plan.
 */
export const verifyPages: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook('preHandler', requireOrganization);

  async function verifyPage(
    request: FastifyRequest,
    reply: FastifyReply,
    typed: string,
    result?: Html,
    status = 200,
  ) {
    const orgId = request.dashboard!.orgId!;
    const usage = await currentLookupInfo(deps.pool, deps.clock, orgId);
    const limit = usage.subscribed || usage.freeLimit === null ? null : usage.freeLimit;
    return sendPage(request, reply, {
      title: 'Verify an address',
      section: 'verify',
      status,
      body: html`
<form method="post" action="${D}/verify" class="card narrow">
  ${csrfField(csrfToken(reply))}
  <label for="address">Address (US or Canada)</label>
  <textarea id="address" name="address" rows="3" required aria-describedby="address-hint">${typed}</textarea>
  <small id="address-hint" class="hint">One address, on one line or several: “90 Canal St, Boston MA 02114”. Costs one lookup.</small>
  <p><button type="submit">Verify</button></p>
</form>
${result ?? ''}
<section class="card narrow" aria-labelledby="usage-h"><h2 id="usage-h">Lookups this month</h2>
  ${
    limit === null
      ? html`<p>${usage.used.toLocaleString('en-US')} lookups used; ${usage.subscribed ? 'subscribed: no limit' : 'no limit set'}.</p>`
      : html`<p><label for="usage">${usage.used.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')} free lookups used</label>
        <meter id="usage" min="0" max="${limit}" value="${Math.min(usage.used, limit)}" high="${Math.floor(limit * 0.8)}">${usage.used} of ${limit}</meter></p>`
  }
  <p class="hint">Test and live calls count together, for the whole organization (sub-organizations count to their parent).</p>
</section>`,
    });
  }

  app.get('/verify', page, (request, reply) => verifyPage(request, reply, ''));

  app.post('/verify', page, async (request, reply) => {
    const typed = field(formOf(request), 'address').slice(0, 1000);
    try {
      const input = toVerifyInput(typed.replace(/\s*\n\s*/g, ', '), 'address');
      await chargeLookups(deps.pool, deps.clock, request.dashboard!.orgId!, LOOKUP_COST.verification);
      const verified = await deps.verifier.verify(input, {});
      return verifyPage(request, reply, typed, explainVerification(verified));
    } catch (err) {
      if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
      return verifyPage(
        request,
        reply,
        typed,
        html`<p class="error" role="alert">${err.message}</p>`,
        err.statusCode,
      );
    }
  });
};

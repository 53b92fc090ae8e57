import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAILING_CLASSES } from '../../src/api/print-mail/orders/mailing-class.js';
import { mailingClassProblem } from '../../src/api/print-mail/orders/mailing-class-rules.js';

test("a carrier's own class posts only inside its country; generic and courier classes go anywhere", () => {
  assert.equal(mailingClassProblem('us_post_first_class', { countryCode: 'US' }), null);
  assert.equal(mailingClassProblem('us_post_first_class', { countryCode: 'PR' }), null, 'US territory');
  assert.match(mailingClassProblem('us_post_first_class', { countryCode: 'CA' }) ?? '', /US postal.* CA/);
  assert.equal(mailingClassProblem('ca_post_lettermail', { countryCode: 'CA' }), null);
  assert.match(mailingClassProblem('ca_post_lettermail', { countryCode: 'US' }) ?? '', /Canadian/);
  assert.equal(mailingClassProblem('uk_post_second_class', { countryCode: 'GB' }), null);
  assert.ok(mailingClassProblem('uk_post_second_class', { countryCode: 'AU' }));
  assert.equal(mailingClassProblem('au_post_second_class', { countryCode: 'AU' }), null);
  assert.ok(mailingClassProblem('au_post_second_class', { countryCode: 'NZ' }));
  for (const generic of [
    'first_class',
    'standard_class',
    'express',
    'certified',
    'courier_express_2_day',
  ] as const) {
    for (const countryCode of ['US', 'CA', 'FR'])
      assert.equal(mailingClassProblem(generic, { countryCode }), null);
  }
});

test('saturation classes never carry an addressed order', () => {
  assert.match(mailingClassProblem('us_post_eddm', { countryCode: 'US' }) ?? '', /saturation/);
  assert.match(mailingClassProblem('ca_post_neighbourhood_mail', { countryCode: 'CA' }) ?? '', /saturation/);
  const refusedAtHome = MAILING_CLASSES.filter((c) => {
    const home = c.startsWith('ca_') ? 'CA' : c.startsWith('uk_') ? 'GB' : c.startsWith('au_') ? 'AU' : 'US';
    return mailingClassProblem(c, { countryCode: home }) !== null;
  });
  assert.deepEqual(refusedAtHome, ['us_post_eddm', 'ca_post_neighbourhood_mail']);
});

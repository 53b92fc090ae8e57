import countries from 'i18n-iso-countries';
import { invalid } from '../../../platform/errors.js';
import { MAILING_CLASSES, type MailingClass, normalizeMailingClass } from '../orders/mailing-class.js';
import { mailingClassProblem } from '../orders/mailing-class-rules.js';

const EVERY_COUNTRY = Object.keys(countries.getAlpha2Codes());

/** Why no order could go by the class, whatever its destination (the rule's reason), by class. */
const NO_DESTINATION: ReadonlyMap<MailingClass, string> = new Map(
  MAILING_CLASSES.flatMap((mailingClass) => {
    const problems = EVERY_COUNTRY.map((countryCode) => mailingClassProblem(mailingClass, { countryCode }));
    return problems.every((p) => p !== null) ? [[mailingClass, problems[0]!] as const] : [];
  }),
);

/**
 * A profile's mailing class: one the kind's orders take (either spelling, stored in the
 * spec's), and not one the render job refuses for every destination (mailing-class-rules.ts:
 * saturation mail cannot carry an addressed order), since every order a profile makes is
 * addressed to a contact. A carrier's own class is left for each order to check against its
 * contact's country, as it is today.
 */
export function profileMailingClass(value: string): MailingClass {
  const mailingClass = normalizeMailingClass(value);
  const problem = NO_DESTINATION.get(mailingClass);
  if (problem) throw invalid('mailingClass', `cannot be ${mailingClass}: ${problem}`);
  return mailingClass;
}

/**
 * The carriers' tracking number formats a mailing class implies (postroom print tracking):
 * - USPS domestic: 20 digits (Certified Mail article numbers) or 22 digits (Intelligent Mail
 *   package barcode), the last a mod-10 check digit over the others (weights 3 and 1 from
 *   the right);
 * - UPU S10 (Registered Mail, Priority Mail Express): 2 letters, 8 digits, a mod-11 check
 *   digit (weights 8 6 4 2 3 5 9 7), 2 letters: R… for registered, E… for express;
 * - courier (`courier_express_*`): `1Z`, then 16 letters and digits.
 * The generic classes (`certified`, `express`) may go by courier (the shop picks the
 * carrier), so they take the courier form too.
 */
type Format = { name: string; test: (n: string) => boolean };

function usps(n: string): boolean {
  if (!/^(\d{20}|\d{22})$/.test(n)) return false;
  const digits = [...n].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

function s10(prefix: string) {
  return (n: string) => {
    const m = /^([A-Z]{2})(\d{8})(\d)([A-Z]{2})$/.exec(n);
    if (!m?.[1].startsWith(prefix)) return false;
    const sum = [...m[2]].reduce((s, d, i) => s + Number(d) * [8, 6, 4, 2, 3, 5, 9, 7][i], 0);
    const check = 11 - (sum % 11);
    return (check === 10 ? 0 : check === 11 ? 5 : check) === Number(m[3]);
  };
}

const USPS: Format = { name: 'a USPS number (20 or 22 digits, valid check digit)', test: usps };
const COURIER: Format = {
  name: 'a courier number (1Z and 16 letters or digits)',
  test: (n) => /^1Z[0-9A-Z]{16}$/.test(n),
};
const REGISTERED: Format = {
  name: 'a registered article number (R, a letter, 9 digits with check, 2 letters)',
  test: s10('R'),
};
const EXPRESS_S10: Format = {
  name: 'an express article number (E, a letter, 9 digits with check, 2 letters)',
  test: s10('E'),
};

const FORMATS: Readonly<Record<string, readonly Format[]>> = Object.freeze({
  certified: [USPS, COURIER],
  certified_return_receipt: [USPS, COURIER],
  us_post_first_class_certified: [USPS],
  us_post_first_class_certified_return_receipt: [USPS],
  us_post_express_3_day_certified: [USPS],
  us_post_express_3_day_certified_return_receipt: [USPS],
  registered: [REGISTERED, USPS],
  us_post_first_class_registered: [REGISTERED],
  express: [USPS, EXPRESS_S10, COURIER],
  us_post_express_2_day: [USPS, EXPRESS_S10],
  us_post_express_3_day: [USPS, EXPRESS_S10],
  us_post_express_3_day_signature_confirmation: [USPS, EXPRESS_S10],
  courier_express_overnight: [COURIER],
  courier_express_2_day: [COURIER],
  courier_express_3_day: [COURIER],
});

/** True when pieces of the class are followed by a tracking number (the manifest's column to fill). */
export const takesTrackingNumber = (mailingClass: string) => Object.hasOwn(FORMATS, mailingClass);

/** The number as stored (spaces and dashes gone, upper case), or why it does not fit the class. */
export function checkTrackingNumber(
  mailingClass: string,
  raw: string,
): { ok: true; number: string } | { ok: false; why: string } {
  const number = raw.replace(/[\s-]/g, '').toUpperCase();
  const formats = FORMATS[mailingClass];
  if (!formats) return { ok: false, why: `${mailingClass} pieces carry no tracking number` };
  if (formats.some((f) => f.test(number))) return { ok: true, number };
  return {
    ok: false,
    why: `"${raw}" is not ${formats.map((f) => f.name).join(', or ')}, as ${mailingClass} needs`,
  };
}

/**
 * Whether a US routing number is a valid ABA number: nine digits whose weighted sum
 * 3(d1+d4+d7) + 7(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. All zeros passes the sum but
 * names no bank.
 */
export function isAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value) || /^0+$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0;
}

/** A Canadian branch transit number: five digits. */
export const isCanadianTransitNumber = (value: string): boolean => /^\d{5}$/.test(value);

/** A Canadian financial institution number: three digits. */
export const isCanadianInstitutionNumber = (value: string): boolean => /^\d{3}$/.test(value);

/** An account number as written: digits, with single dashes between groups of digits. */
export const isAccountNumber = (value: string): boolean => /^\d+(-\d+)*$/.test(value);

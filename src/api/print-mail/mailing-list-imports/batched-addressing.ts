import type { AddressCheck, AddressFields, ContactAddressing } from '../contacts/contact-address.js';

interface Waiting {
  address: AddressFields;
  resolve(check: AddressCheck): void;
  reject(err: unknown): void;
}

/**
 * The contacts' addressing with each verify collected and sent on as one verifyMany with the
 * others asked for in the same turn of the event loop. settleRows asks for a whole batch's
 * rows in one turn, so their ZIP blocks are read ahead in a few queries (not one per row) and
 * each row is still verified by the same code as POST /contacts.
 */
export function batchedAddressing(base: ContactAddressing): ContactAddressing {
  const verifyMany = base.verifyMany?.bind(base);
  if (!verifyMany) return base;
  let waiting: Waiting[] = [];
  const flush = async () => {
    const batch = waiting;
    waiting = [];
    try {
      const checks = await verifyMany(batch.map((w) => w.address));
      for (const [i, w] of batch.entries()) w.resolve(checks[i]);
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  };
  return {
    split: base.split.bind(base),
    verify: (address) =>
      new Promise<AddressCheck>((resolve, reject) => {
        if (waiting.length === 0) queueMicrotask(() => void flush());
        waiting.push({ address, resolve, reject });
      }),
    verifyMany,
  };
}

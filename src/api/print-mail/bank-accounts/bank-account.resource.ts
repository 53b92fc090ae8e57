import { invalid } from '../../../platform/errors.js';
import { ID_PREFIX, newId } from '../../../platform/ids.js';
import { searchTextOf } from '../../../platform/lists.js';
import { checkMetadata } from '../../../platform/metadata.js';
import { chequesStillToPrint } from '../cheques/cheque-numbers.repo.js';
import type { DocumentResource } from '../documents/document-resource.js';
import { suppliedImage } from '../images/supplied-image.js';
import { BankAccount, BankAccountCreate } from './bank-account.schema.js';
import { deleteSealedAccountNumber, insertSealedAccountNumber } from './bank-accounts.repo.js';
import { checkBankNumbers } from './bank-numbers.js';

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** Where a bank account's signature image is kept: fixed by its id, linked afresh on every read. */
export const signatureImageKey = (live: boolean, id: string) => `signatures/${live ? 'live' : 'test'}/${id}`;

/**
 * Bank accounts, for cheques: no update (a changed account is a new one). The full account
 * number is sealed in bank_account_secrets (platform/data-keys.ts) and never answered: reads
 * show its last four digits, as `accountNumber` (masked) and `accountNumberLast4`. A delete
 * always succeeds; cheques on it still to print keep what they print of it (keptForOrders).
 */
export const bankAccountResource: DocumentResource<BankAccount, BankAccountCreate> = {
  object: 'bank_account',
  table: 'bank_accounts',
  path: '/bank_accounts',
  tag: 'Bank accounts',
  schemas: { create: BankAccountCreate, stored: BankAccount },

  async create(input, { scope, now, deps }) {
    checkMetadata(input.metadata);
    const numbers = checkBankNumbers(input);
    if (present(input.signatureText) === present(input.signatureImage))
      throw invalid('signatureText', 'or signatureImage is required: supply exactly one of them.');
    const id = newId(ID_PREFIX.bankAccount);
    let signatureSource: string | undefined;
    if (present(input.signatureImage)) {
      const image = await suppliedImage(input.signatureImage, 'signatureImage', deps.config.allowPrivateUrls);
      await deps.blobs.put(signatureImageKey(scope.live, id), image.bytes, {
        contentType: image.contentType,
      });
      signatureSource = image.source;
    }
    const last4 = numbers.accountNumber.slice(-4);
    const stamp = now.toISOString();
    const { accountNumber: _full, ...otherNumbers } = numbers;
    return {
      id,
      object: 'bank_account',
      live: scope.live,
      bankName: input.bankName.trim(),
      ...(input.bankPrimaryLine ? { bankPrimaryLine: input.bankPrimaryLine } : {}),
      ...(input.bankSecondaryLine ? { bankSecondaryLine: input.bankSecondaryLine } : {}),
      bankCountryCode: input.bankCountryCode,
      accountNumber: `${'*'.repeat(Math.max(0, numbers.accountNumber.length - 4))}${last4}`,
      accountNumberLast4: last4,
      ...otherNumbers,
      ...(present(input.signatureText) ? { signatureText: input.signatureText } : {}),
      // The source is kept; reads answer a signed link to the stored image instead (present).
      ...(signatureSource ? { signatureImage: signatureSource } : {}),
      ...(input.description ? { description: input.description } : {}),
      ...(input.metadata ? { metadata: input.metadata } : {}),
      createdAt: stamp,
      updatedAt: stamp,
    };
  },

  async afterCreate(db, _scope, doc, input, { deps }) {
    const { accountNumber } = checkBankNumbers(input);
    await insertSealedAccountNumber(db, doc.id, deps.dataKeys.seal(accountNumber));
  },

  searchText: (doc) =>
    searchTextOf({
      id: doc.id,
      n: doc.bankName,
      l: [doc.bankPrimaryLine, doc.bankSecondaryLine],
      a: doc.accountNumberLast4,
      d: doc.description,
      m: doc.metadata,
    }),

  // Its cheques (and boxes) still to print read its sealed number and signature image when they
  // render: a delete leaves both to them, and the sweep removes both once none is left.
  keptForOrders: {
    files: (doc) => (doc.signatureImage ? [signatureImageKey(doc.live, doc.id)] : []),
    needed: (db, kept) => chequesStillToPrint(db, kept, kept.id),
    dropRows: (db, kept) => deleteSealedAccountNumber(db, kept.id),
  },

  present: (doc, signer) =>
    doc.signatureImage ? { ...doc, signatureImage: signer.urlFor(signatureImageKey(doc.live, doc.id)) } : doc,
};

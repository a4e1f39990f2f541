// The seller's invoicing settings (« Paramètres de facturation », product.md §11): who issues the bills,
// as a Factur-X (EN 16931) invoice needs it. Pure validation; identifiers are checked by their
// check digits (packages/domain/src/identifiers.ts).
import { formMessages } from '@constats/domain/form-messages';
import {
  compact,
  electronicAddressMessage,
  isBic,
  isElectronicAddress,
  isFrenchVatNumber,
  isIban,
  isSiret,
  sirenOfSiret,
} from '@constats/domain/identifiers';
import { singleLineProblem } from '@constats/domain/text-input';
import { printProblem } from '../../infra/pdf/coverage.js';

export const sellerMessages = {
  ...formMessages,
  siret: 'Siret invalide : 14 chiffres dont le dernier est une clé de contrôle.',
  vatNumber: 'Numéro de TVA invalide : FR, une clé de 2 chiffres puis le SIREN (la clé doit correspondre au SIREN).',
  vatNotSiren: 'Le numéro de TVA doit reprendre le SIREN du Siret.',
  iban: 'IBAN invalide (clé de contrôle incorrecte).',
  bic: 'BIC invalide : 8 ou 11 caractères (ex. : BNPAFRPPXXX).',
  zip: 'Code postal invalide (5 chiffres).',
  electronicAddress: electronicAddressMessage,
  saved: 'Paramètres de facturation enregistrés.',
  missing:
    'Renseignez les paramètres de facturation (raison sociale, Siret, TVA, adresse, IBAN…) avant de générer la première facture : menu Facturation › Paramètres de facturation.',
} as const;

export interface SellerFields {
  legalName?: string | null;
  legalForm?: string | null;
  siret?: string | null;
  vatNumber?: string | null;
  rcs?: string | null;
  address?: string | null;
  zip?: string | null;
  city?: string | null;
  iban?: string | null;
  bic?: string | null;
  paymentTerms?: string | null;
  /** Optional: empty means the SIREN (the seller's address in the French directory). */
  electronicAddress?: string | null;
  /** Option for VAT on debits; absent: off (VAT on receipts). */
  vatOnDebits?: boolean | null;
}

/** The required text fields. */
export type SellerField = Exclude<keyof SellerFields, 'electronicAddress' | 'vatOnDebits'>;
export type SellerSettingsValues = { [K in SellerField]-?: string } & { electronicAddress: string | null; vatOnDebits: boolean };

export const SELLER_FIELDS: readonly SellerField[] = [
  'legalName',
  'legalForm',
  'siret',
  'vatNumber',
  'rcs',
  'address',
  'zip',
  'city',
  'iban',
  'bic',
  'paymentTerms',
];
const MAX_LENGTH: Record<SellerField, number> = {
  legalName: 150,
  legalForm: 60,
  siret: 20,
  vatNumber: 20,
  rcs: 80,
  address: 200,
  zip: 10,
  city: 120,
  iban: 40,
  bic: 15,
  paymentTerms: 500,
};
/** Identifiers are stored compact (no spaces), upper-cased. */
const COMPACT: ReadonlySet<SellerField> = new Set(['siret', 'vatNumber', 'iban', 'bic', 'zip']);

/** The values as stored: trimmed, identifiers without spaces, an empty electronic address null. */
export function normalizeSeller(input: SellerFields): SellerSettingsValues {
  const texts = Object.fromEntries(
    SELLER_FIELDS.map((field) => {
      const value = (input[field] ?? '').trim();
      return [field, COMPACT.has(field) ? compact(value) : value];
    }),
  ) as { [K in SellerField]: string };
  return { ...texts, electronicAddress: input.electronicAddress?.trim() || null, vatOnDebits: input.vatOnDebits ?? false };
}

/** The seller's electronic invoicing address on a bill: the one set, else the SIREN. */
export const sellerElectronicAddress = (values: Pick<SellerSettingsValues, 'electronicAddress' | 'siret'>) =>
  values.electronicAddress ?? sirenOfSiret(values.siret);

/** Each invalid field with its French message; every field is required. */
export function validateSellerFields(input: SellerFields): Record<string, string> {
  const values = normalizeSeller(input);
  const errors: Record<string, string> = {};
  for (const field of SELLER_FIELDS) {
    const value = values[field];
    const problem = !value
      ? sellerMessages.required
      : value.length > MAX_LENGTH[field]
        ? sellerMessages.tooLong(MAX_LENGTH[field])
        : // Every seller field prints on the bills.
          (singleLineProblem(value) ?? printProblem(value));
    if (problem) errors[field] = problem;
  }
  if (values.electronicAddress && !isElectronicAddress(values.electronicAddress))
    errors.electronicAddress = sellerMessages.electronicAddress;
  const check = (field: SellerField, ok: (value: string) => boolean, message: string) => {
    if (!errors[field] && !ok(values[field])) errors[field] = message;
  };
  check('siret', isSiret, sellerMessages.siret);
  check('vatNumber', isFrenchVatNumber, sellerMessages.vatNumber);
  if (!errors.vatNumber && !errors.siret && values.vatNumber.slice(4) !== sirenOfSiret(values.siret))
    errors.vatNumber = sellerMessages.vatNotSiren;
  check('zip', (value) => /^\d{5}$/.test(value), sellerMessages.zip);
  check('iban', isIban, sellerMessages.iban);
  check('bic', isBic, sellerMessages.bic);
  return errors;
}

/** Settings complete enough to issue a Factur-X invoice (what the server requires before a bill). */
export const isSellerComplete = (values: SellerFields | null | undefined): values is SellerSettingsValues =>
  values != null && Object.keys(validateSellerFields(values)).length === 0;

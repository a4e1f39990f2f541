// Pure rules of the étude (group) form (product.md §2 'CRÉATION D'UN GROUPE', §5 'Group create/edit').
import { groupFormMessages, groupPricePattern as PRICE, zipDigits } from '@constats/domain/group-forms';
import { compact, electronicAddressMessage, isElectronicAddress, isFrenchVatNumber, sirenOfSiret } from '@constats/domain/identifiers';
import { isEmail } from '../accounts/rules.js';
import { singleLineProblem } from '@constats/domain/text-input';
import { printProblem } from '../../infra/pdf/coverage.js';

export { zipDigits };

export const groupMessages = {
  // The form's messages the web app shows as one types (packages/domain/src/group-forms.ts).
  ...groupFormMessages,
  created: 'Groupe créé avec succès.',
  updated: 'Groupe modifié avec succès.',
  notFound: 'Groupe introuvable.',
} as const;

export interface GroupFields {
  name?: string | null;
  siret?: string | null;
  telephone?: string | null;
  email?: string | null;
  address?: string | null;
  zip?: string | null;
  city?: string | null;
  pricePage?: string | null;
  pricePhoto?: string | null;
}

type GroupField = keyof GroupFields;

const FIELDS: readonly GroupField[] = ['name', 'siret', 'telephone', 'email', 'address', 'zip', 'city', 'pricePage', 'pricePhoto'];
const MAX_LENGTH: Record<GroupField, number> = {
  name: 150,
  siret: 30,
  telephone: 30,
  email: 254,
  address: 200,
  zip: 10,
  city: 120,
  pricePage: 12,
  pricePhoto: 12,
};

/** The fields of an étude its bills print (the zip is digits only). */
const PRINTED: readonly GroupField[] = ['name', 'address', 'city'];

/** Each invalid field with its French message; on update, fields left undefined are kept. */
export function validateGroupFields(input: GroupFields, mode: 'create' | 'update'): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of FIELDS) {
    const sent = input[field];
    if (sent === undefined && mode === 'update') continue;
    const value = field === 'zip' ? zipDigits(sent) : (sent ?? '').trim();
    // product.md §5: every field is required; an empty tariff reads 'Invalid characters'.
    if (!value) {
      errors[field] = field === 'pricePage' || field === 'pricePhoto' ? groupMessages.price : groupMessages.required;
      continue;
    }
    if (value.length > MAX_LENGTH[field]) {
      errors[field] = groupMessages.tooLong(MAX_LENGTH[field]);
      continue;
    }
    const problem = singleLineProblem(value) ?? rule(field, value) ?? (PRINTED.includes(field) ? printProblem(value) : null);
    if (problem) errors[field] = problem;
  }
  return errors;
}

function rule(field: GroupField, value: string): string | null {
  switch (field) {
    case 'name':
    case 'siret':
    case 'address':
    case 'city':
      return value.length < 3 ? groupMessages.min3 : null;
    case 'zip':
      return value.length < 5 ? groupMessages.zip : null;
    case 'telephone':
      return value.length < 9 ? groupMessages.phone : null;
    case 'email':
      // Spec: longer than 2 characters; bills are e-mailed there, so it must also be an address.
      return value.length > 2 && isEmail(value) ? null : groupMessages.email;
    case 'pricePage':
    case 'pricePhoto':
      return PRICE.test(value) ? null : groupMessages.price;
  }
}

// ---------------------------------------------------------------------------------------------
// The étude as the buyer of a Factur-X invoice (product.md §11): VAT number and billing address
// ---------------------------------------------------------------------------------------------

export const buyerMessages = {
  vatNumber: 'Numéro de TVA invalide : FR, une clé de 2 chiffres puis le SIREN (la clé doit correspondre au SIREN).',
  vatNeedsSiret: 'Le numéro de TVA demande un Siret valide (14 chiffres dont une clé de contrôle).',
  vatNotSiren: 'Le numéro de TVA doit reprendre le SIREN du Siret de l’étude.',
  billingIncomplete: 'Adresse de facturation : renseignez l’adresse, le code postal et la ville, ou aucun des trois.',
  zip: 'Code postal invalide (5 chiffres).',
  electronicAddress: electronicAddressMessage,
} as const;

export interface GroupBuyerFields {
  vatNumber?: string | null;
  billingAddress?: string | null;
  billingZip?: string | null;
  billingCity?: string | null;
  /** The étude's electronic invoicing address; empty: its SIREN. */
  electronicAddress?: string | null;
}

/** Stored values: an empty field is cleared (null); undefined stays unchanged. */
export function normalizeBuyer(input: GroupBuyerFields): GroupBuyerFields {
  const clean = (value: string | null | undefined, compactIt = false) =>
    value === undefined ? undefined : (compactIt ? compact(value ?? '') : (value ?? '').trim()) || null;
  return {
    vatNumber: clean(input.vatNumber, true),
    billingAddress: clean(input.billingAddress),
    billingZip: clean(input.billingZip, true),
    billingCity: clean(input.billingCity),
    electronicAddress: clean(input.electronicAddress),
  };
}

/**
 * The buyer fields as they will be stored (the sent ones over the stored ones): a VAT number whose
 * key matches the SIREN of the étude's Siret, a billing address whole or absent.
 */
export function validateGroupBuyerFields(merged: GroupBuyerFields & { siret: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  const tooLong = (field: keyof GroupBuyerFields, max: number) => {
    if ((merged[field] ?? '').length > max) errors[field] = groupMessages.tooLong(max);
  };
  tooLong('vatNumber', 20);
  tooLong('billingAddress', 200);
  tooLong('billingZip', 10);
  tooLong('billingCity', 120);
  if (merged.vatNumber && !errors.vatNumber) {
    const siren = sirenOfSiret(merged.siret);
    if (!isFrenchVatNumber(merged.vatNumber)) errors.vatNumber = buyerMessages.vatNumber;
    else if (!siren) errors.vatNumber = buyerMessages.vatNeedsSiret;
    else if (merged.vatNumber.slice(4) !== siren) errors.vatNumber = buyerMessages.vatNotSiren;
  }
  const billing = [merged.billingAddress, merged.billingZip, merged.billingCity].filter(Boolean).length;
  if (billing > 0 && billing < 3) {
    for (const field of ['billingAddress', 'billingZip', 'billingCity'] as const)
      if (!merged[field]) errors[field] = buyerMessages.billingIncomplete;
  }
  if (merged.billingZip && !errors.billingZip && !/^\d{5}$/.test(merged.billingZip)) errors.billingZip = buyerMessages.zip;
  for (const field of ['billingAddress', 'billingCity'] as const) {
    const problem = errors[field] ? null : (singleLineProblem(merged[field]) ?? printProblem(merged[field]));
    if (problem) errors[field] = problem;
  }
  if (merged.electronicAddress && !isElectronicAddress(merged.electronicAddress))
    errors.electronicAddress = buyerMessages.electronicAddress;
  return errors;
}

// product.md §5 'Group create/edit' (the same rules as the server's, for live messages).
import { accountPatterns } from '@constats/domain/account-forms';
import { groupPricePattern as PRICE, zipDigits } from '@constats/domain/group-forms';
import { groupsText } from '../../i18n/groups';

export type GroupField = 'name' | 'siret' | 'address' | 'zip' | 'city' | 'telephone' | 'email' | 'pricePage' | 'pricePhoto' | BuyerField;
/** product.md §11: what a Factur-X invoice needs about the étude as its buyer; optional, checked by the server. */
export type BuyerField = 'vatNumber' | 'billingAddress' | 'billingZip' | 'billingCity' | 'electronicAddress';
export const BUYER_FIELDS: readonly BuyerField[] = ['vatNumber', 'billingAddress', 'billingZip', 'billingCity', 'electronicAddress'];
export type GroupValues = Record<GroupField, string>;

export const GROUP_FIELDS: readonly GroupField[] = [
  'name',
  'siret',
  'address',
  'zip',
  'city',
  'telephone',
  'email',
  'pricePage',
  'pricePhoto',
];

const m = groupsText.messages;

export { zipDigits };

export function validateGroupField(field: GroupField, raw: string): string | null {
  const value = raw.trim();
  // The buyer fields are optional; their keys and completeness are the server's to check.
  if ((BUYER_FIELDS as readonly string[]).includes(field)) return null;
  if (!value) return field === 'pricePage' || field === 'pricePhoto' ? m.price : m.required;
  switch (field) {
    case 'name':
    case 'siret':
    case 'address':
    case 'city':
      return value.length < 3 ? m.min3 : null;
    case 'zip':
      return value.length < 5 ? m.zip : null;
    case 'telephone':
      return value.length < 9 ? m.phone : null;
    case 'email':
      // The server's e-mail rule (accounts/rules.ts `isEmail`).
      return value.length > 2 && value.length <= 254 && accountPatterns.EMAIL.test(value) ? null : m.email;
    case 'pricePage':
    case 'pricePhoto':
      return PRICE.test(value) ? null : m.price;
    default:
      return null;
  }
}

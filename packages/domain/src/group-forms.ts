// The rules of the étude (group) form (product.md §2 'CRÉATION D'UN GROUPE', §5 'Group create/edit'):
// the server decides with them, the web app shows the same messages as one types.
import { formMessages } from './form-messages.js';

/** Tariffs are euros with up to three decimals (DECIMAL(8,3)); a French comma is accepted. */
export const groupPricePattern = /^\d{1,5}(?:[.,]\d{1,3})?$/;

/** product.md §2: the postal code input strips every non-digit. */
export const zipDigits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

export const groupFormMessages = {
  ...formMessages,
  min3: 'Doit contenir au moins 3 caractères',
  zip: 'Doit contenir au moins 5 caractères',
  phone: 'Doit contenir au moins 9 caractères',
  /** product.md 'Invalide adresse e-mail', in French word order. */
  email: 'Adresse e-mail invalide.',
  /** product.md 'Invalid characters' (tariffs). */
  price: 'Caractères invalides.',
} as const;

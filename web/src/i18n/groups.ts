// French texts of the admin's groups (études) screens (product.md §2, §5).
import { groupFormMessages } from '@constats/domain/group-forms';

export const groupsText = {
  create: 'Créer un groupe',
  name: 'Nom du groupe',
  count: 'Nombre de personnes',
  edit: 'Éditer',
  empty: 'Aucun groupe.',
  members: 'Membres du groupe',
  memberName: 'Nom/Prénom',
  lastActivity: 'Dernière activité',
  notFound: 'Ce groupe est introuvable.',
  formDescription: 'Coordonnées de l’étude, e-mail de la comptabilité (envoi des factures) et tarifs.',
  identity: 'Étude',
  tariffs: 'Tarifs',
  priceHint: 'En euros, par exemple 2,50',
  buyer: 'Facture électronique (Factur-X)',
  vatHint: 'Facultatif : FR, clé de 2 chiffres, SIREN du Siret.',
  billingHint: 'Facultative : si les factures vont ailleurs qu’à l’adresse de l’étude (avec code postal et ville).',
  electronicAddressHint:
    'Facultative : l’adresse de réception de l’étude dans l’annuaire des factures électroniques (lettres, chiffres, + - _ .). Vide : le SIREN du Siret.',
  created: 'Groupe créé avec succès.',
  updated: 'Groupe modifié avec succès.',
  fields: {
    name: "Nom de l'étude",
    siret: 'Siret',
    address: 'Adresse',
    zip: 'Code postal',
    city: 'Ville',
    telephone: "Téléphone de l'étude",
    email: 'E-mail de la comptabilité',
    pricePage: 'Tarif/page',
    pricePhoto: 'Tarif/photo',
    vatNumber: 'Numéro de TVA intracommunautaire',
    billingAddress: 'Adresse de facturation',
    billingZip: 'Code postal de facturation',
    billingCity: 'Ville de facturation',
    electronicAddress: 'Adresse électronique de facturation',
  },
  // The server's own messages (product.md §5).
  messages: groupFormMessages,
} as const;

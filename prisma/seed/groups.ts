// Demo seed: the études (groups) and the seller's invoicing settings.
import { toSearchText } from '../../api/src/modules/accounts/rules.js';
import { frenchVatNumber, sirenOfSiret } from '@constats/domain/identifiers';
import { Prisma } from '../../api/src/generated/prisma/client.js';
import { addDays } from './tools.js';

type Decimal = Prisma.Decimal;
const Decimal = Prisma.Decimal;

interface GroupSeed {
  name: string;
  siret: string;
  telephone: string;
  email: string;
  address: string;
  zip: string;
  city: string;
  pricePage: string;
  pricePhoto: string;
  /** Streets of the étude's city, for report names. */
  streets: readonly string[];
}

// SIRET numbers carry valid Luhn keys (their SIREN's and their own); RIBs are well-formed FR76 IBANs.
export const GROUPS: readonly GroupSeed[] = [
  {
    name: 'SCP Dubois & Associés',
    siret: '79845123300018',
    telephone: '0478425630',
    email: 'comptabilite.dubois@demo.fr',
    address: '14 quai Saint-Antoine',
    zip: '69002',
    city: 'Lyon',
    pricePage: '2.50',
    pricePhoto: '0.80',
    streets: [
      'rue Mercière',
      'cours Gambetta',
      'rue de la République',
      'avenue Jean-Jaurès',
      'rue Garibaldi',
      'montée de la Grande-Côte',
      'rue Paul-Bert',
      'boulevard des Brotteaux',
    ],
  },
  {
    name: 'Étude Lefèvre-Gauthier',
    siret: '81236475000016',
    telephone: '0556819274',
    email: 'facturation.lefevre-gauthier@demo.fr',
    address: "8 cours de l'Intendance",
    zip: '33000',
    city: 'Bordeaux',
    pricePage: '2.40',
    pricePhoto: '0.75',
    streets: [
      'rue Sainte-Catherine',
      'quai des Chartrons',
      'cours Victor-Hugo',
      'rue Notre-Dame',
      'rue du Palais-Gallien',
      'avenue Thiers',
      'rue Fondaudège',
    ],
  },
  {
    name: 'SELARL Fabre Commissaires de justice',
    siret: '53247189300018',
    telephone: '0240481537',
    email: 'compta.fabre@demo.fr',
    address: '3 rue Crébillon',
    zip: '44000',
    city: 'Nantes',
    pricePage: '2.60',
    pricePhoto: '0.85',
    streets: [
      'quai de la Fosse',
      "boulevard Guist'hau",
      'rue Paul-Bellamy',
      'allée Baco',
      'rue de Strasbourg',
      'place du Bouffay',
      'rue de la Bastille',
    ],
  },
];

/**
 * The seller's invoicing settings (« Paramètres de facturation »), so the demo generates Factur-X
 * bills at once: SIRET, VAT key and IBAN carry valid check digits (a fictitious company).
 */
export const DEMO_SELLER = {
  legalName: 'Frappe & Constats SAS',
  legalForm: 'SAS au capital de 10 000 €',
  siret: '84512763800011',
  vatNumber: 'FR30845127638',
  rcs: 'RCS Lyon 845 127 638',
  address: '22 rue Édouard-Herriot',
  zip: '69002',
  city: 'Lyon',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPPXXX',
  paymentTerms: 'Paiement à réception de la facture, par virement.',
  // Empty: the SIREN is the seller's electronic address; services, VAT on receipts (no option for debits).
  electronicAddress: null,
  vatOnDebits: false,
} as const;

export function buildGroups(now: Date) {
  const createdAt = addDays(now, -800);
  return GROUPS.map(({ streets, ...group }) => ({
    ...group,
    // The buyer's VAT number, derived from the SIREN of its Siret (Factur-X buyer identifiers).
    vatNumber: frenchVatNumber(sirenOfSiret(group.siret)!),
    pricePage: new Decimal(group.pricePage),
    pricePhoto: new Decimal(group.pricePhoto),
    searchText: toSearchText(group.name, group.city),
    createdAt,
    updatedAt: createdAt,
  }));
}
export type SeedGroup = ReturnType<typeof buildGroups>[number] & { id: number };

// Demo seed: the people (the admin, bailiffs, secretaries, a pending registration) and the
// bailiffs' model documents.
import { toSearchText } from '../../api/src/modules/accounts/rules.js';
import { hashPassword } from '../../api/src/modules/credentials/password.js';
import { Prisma, type Civility, type Role, type UserStatus } from '../../api/src/generated/prisma/client.js';
import { type FileRecorder, minimalPdf, textFile } from './files.js';
import type { SeedGroup } from './groups.js';
import { addDays, addHours, type Random, reserveIds } from './tools.js';

type Tx = Prisma.TransactionClient;
type Decimal = Prisma.Decimal;
const Decimal = Prisma.Decimal;

export interface DemoAccount {
  role: Role;
  email: string;
  identity: string;
  password: string;
}

/** The accounts to sign in with. Every other demo account shares the password of its role. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'ADMIN', email: 'admin@demo.fr', identity: 'admin', password: 'Admin#2026' },
  { role: 'BAILIFF', email: 'huissier@demo.fr', identity: 'huissier', password: 'Huissier#2026' },
  { role: 'SECRETARY', email: 'secretaire@demo.fr', identity: 'secretaire', password: 'Secretaire#2026' },
];
interface PersonSeed {
  role: Role;
  status?: UserStatus;
  civility: Civility;
  firstName: string;
  lastName: string;
  email: string;
  identity: string;
  telephone: string;
  /** Index in GROUPS, for bailiffs. */
  group?: number;
  siret?: string;
  address?: string;
  zip?: string;
  city?: string;
  rib?: string;
  secretaryPricePage?: string;
  secretaryPricePhoto?: string;
  instructions?: string;
  description?: string;
}

const ADMIN: PersonSeed = {
  role: 'ADMIN',
  civility: 'MONSIEUR',
  firstName: 'Noël',
  lastName: 'Garnier',
  email: 'admin@demo.fr',
  identity: 'admin',
  telephone: '0478425631',
  description: 'Responsable du pôle dactylographie',
};

// The first bailiff and the first secretary are the demo logins. Each bailiff comes with the
// share of reports they deposit and the secretary who usually types for them.
export const BAILIFFS: readonly (PersonSeed & { share: number; usualSecretary: number })[] = [
  {
    role: 'BAILIFF',
    civility: 'MAITRE',
    firstName: 'François',
    lastName: 'Dubois',
    email: 'huissier@demo.fr',
    identity: 'huissier',
    telephone: '0612457890',
    group: 0,
    share: 0.35,
    usualSecretary: 0,
    instructions:
      "<p>Merci d'utiliser la <strong>trame de l'étude</strong> (voir matrices associées).</p>" +
      '<ul><li>Photos numérotées dans l’ordre de la visite</li>' +
      '<li>Annexes photographiques en fin de procès-verbal</li>' +
      '<li>Retour sous 24 h pour les états des lieux</li></ul>',
  },
  {
    role: 'BAILIFF',
    civility: 'MAITRE',
    firstName: 'Hélène',
    lastName: 'Marchand',
    email: 'helene.marchand@demo.fr',
    identity: 'helene.marchand',
    telephone: '0623894512',
    group: 0,
    share: 0.2,
    usualSecretary: 1,
    instructions: '<p>Police Times New Roman 12, interligne 1,5. Mentionner le <em>nom du requérant</em> en première page.</p>',
  },
  {
    role: 'BAILIFF',
    civility: 'MAITRE',
    firstName: 'Loïc',
    lastName: 'Gauthier',
    email: 'loic.gauthier@demo.fr',
    identity: 'loic.gauthier',
    telephone: '0687231945',
    group: 1,
    share: 0.25,
    usualSecretary: 2,
    instructions: '<p>Pour les constats de chantier, reprendre le plan fourni et indiquer la position de chaque photo.</p>',
  },
  {
    role: 'BAILIFF',
    civility: 'MAITRE',
    firstName: 'Bérangère',
    lastName: 'Fabre',
    email: 'berangere.fabre@demo.fr',
    identity: 'berangere.fabre',
    telephone: '0645128830',
    group: 2,
    share: 0.2,
    usualSecretary: 0,
  },
];

const SECRETARIES: readonly PersonSeed[] = [
  {
    role: 'SECRETARY',
    civility: 'MADAME',
    firstName: 'Bérénice',
    lastName: 'Roussel',
    email: 'secretaire@demo.fr',
    identity: 'secretaire',
    telephone: '0672154896',
    siret: '88912304700017',
    address: '27 rue Anatole-France',
    zip: '69100',
    city: 'Villeurbanne',
    rib: 'FR76 3000 4008 1900 0123 4567 879',
    secretaryPricePage: '1.20',
    secretaryPricePhoto: '0.35',
  },
  {
    role: 'SECRETARY',
    civility: 'MADAME',
    firstName: 'Zoé',
    lastName: 'Lemaître',
    email: 'zoe.lemaitre@demo.fr',
    identity: 'zoelemaitre',
    telephone: '0698452173',
    siret: '90123746500017',
    address: '5 impasse des Érables',
    zip: '69130',
    city: 'Écully',
    rib: 'FR76 2004 1010 0704 5123 7830 232',
    secretaryPricePage: '1.10',
    secretaryPricePhoto: '0.30',
  },
  {
    role: 'SECRETARY',
    civility: 'MADAME',
    firstName: 'Anaïs',
    lastName: 'Guérin',
    email: 'anais.guerin@demo.fr',
    identity: 'anaisguerin',
    telephone: '0751839264',
    siret: '84561203900014',
    address: '12 chemin du Prieuré',
    zip: '33400',
    city: 'Talence',
    rib: 'FR76 1027 8073 0000 0214 5680 139',
    secretaryPricePage: '1.25',
    secretaryPricePhoto: '0.40',
  },
];

// A self-registration waiting for an administrator (product.md §1): always a bailiff, no étude yet.
const PENDING_REGISTRATION: PersonSeed = {
  role: 'BAILIFF',
  status: 'PENDING',
  civility: 'MONSIEUR',
  firstName: 'Jérôme',
  lastName: 'Bréval',
  email: 'jerome.breval@demo.fr',
  identity: 'jerome.breval',
  telephone: '0561234578',
  address: '21 allée Jean-Jaurès',
  zip: '31000',
  city: 'Toulouse',
};

export async function hashDemoPasswords(): Promise<Map<string, string>> {
  // argon2 takes ~90 ms a hash: one hash per distinct password, in parallel.
  const passwords = [...new Set(DEMO_ACCOUNTS.map((account) => account.password))];
  const hashes = await Promise.all(passwords.map((password) => hashPassword(password)));
  return new Map(passwords.map((password, index) => [password, hashes[index]]));
}

function passwordHashFor(role: Role, passwordHashes: Map<string, string>): string {
  const account = DEMO_ACCOUNTS.find((demo) => demo.role === role)!;
  return passwordHashes.get(account.password)!;
}

export async function buildCast(tx: Tx, random: Random, groups: SeedGroup[], passwordHashes: Map<string, string>, now: Date) {
  const people = [ADMIN, ...BAILIFFS, ...SECRETARIES, PENDING_REGISTRATION];
  const ids = await reserveIds(tx, 'User', people.length);
  const opened = addDays(now, -760);
  const all = people.map((person, index) => {
    const pending = person.status === 'PENDING';
    const createdAt = pending ? addDays(now, -2) : opened;
    return {
      id: ids[index],
      role: person.role,
      status: person.status ?? 'ACTIVE',
      civility: person.civility,
      firstName: person.firstName,
      lastName: person.lastName,
      telephone: person.telephone,
      email: person.email,
      identity: person.identity,
      passwordHash: passwordHashFor(person.role, passwordHashes),
      groupId: person.group === undefined ? null : groups[person.group].id,
      siret: person.siret ?? null,
      address: person.address ?? null,
      zip: person.zip ?? null,
      city: person.city ?? null,
      rib: person.rib ?? null,
      secretaryPricePage: new Decimal(person.secretaryPricePage ?? '0'),
      secretaryPricePhoto: new Decimal(person.secretaryPricePhoto ?? '0'),
      instructions: person.instructions ?? null,
      description: person.description ?? null,
      searchText: toSearchText(person.firstName, person.lastName, person.email, person.identity),
      // Staff accounts were opened by the administrator; the self-registration by nobody.
      createdById: person === ADMIN || pending ? null : ids[0],
      lastActivityAt: pending ? null : addHours(now, -random.int(1, 72)),
      createdAt,
      updatedAt: createdAt,
    };
  });
  return {
    all,
    admin: all[0],
    bailiffs: all.slice(1, 1 + BAILIFFS.length),
    secretaries: all.slice(1 + BAILIFFS.length, 1 + BAILIFFS.length + SECRETARIES.length),
    pending: all[all.length - 1],
  };
}
export type Cast = Awaited<ReturnType<typeof buildCast>>;
export type SeedUser = Cast['all'][number];

export const fullName = (user: { firstName: string; lastName: string }): string => `${user.firstName} ${user.lastName}`;

/** Bailiffs' model documents ("matrices associées") that their secretaries follow. */
export async function storeMatrices(files: FileRecorder, cast: Cast, now: Date) {
  const matrices = [
    {
      owner: cast.bailiffs[0],
      name: "Trame – état des lieux d'entrée et de sortie.pdf",
      lines: [
        "Trame de procès-verbal d'état des lieux",
        'SCP Dubois & Associés',
        '1. Désignation des lieux',
        '2. Pièce par pièce : sols, murs, plafonds, équipements',
        '3. Relevé des compteurs',
        '4. Annexes photographiques',
      ],
    },
    {
      owner: cast.bailiffs[0],
      name: 'Formule de clôture.txt',
      lines: ["Et de tout ce que dessus, j'ai dressé le présent procès-verbal de constat pour servir et valoir ce que de droit."],
    },
    {
      owner: cast.bailiffs[2],
      name: 'Trame – constat de chantier.pdf',
      lines: [
        'Trame de constat de chantier',
        'Étude Lefèvre-Gauthier',
        '1. Situation du chantier et accès',
        '2. Avancement des travaux',
        '3. Désordres constatés',
        '4. Plan de repérage des photos',
      ],
    },
  ];
  const createdAt = addDays(now, -700);
  const rows = [];
  for (const { owner, name, lines } of matrices) {
    const body = name.endsWith('.pdf') ? minimalPdf(lines) : textFile(lines);
    rows.push({ userId: owner.id, createdAt, ...(await files.store('matrices', name, body, createdAt)) });
  }
  return rows;
}

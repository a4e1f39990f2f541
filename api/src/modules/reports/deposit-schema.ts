// Resumable deposits in the schema (product.md §16): the Deposit a web client sends its files for over
// the resumable upload endpoint (docs/api.md « Dépôts reprenables »), a constat's deposit in
// progress (« Dépôt en cours : 120 / 1 000 fichiers »), and startDeposit on an existing constat.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { databaseId } from '../../graphql/ids.js';
import { builder } from '../../graphql/builder.js';
import { depositMessages, type DepositCounts } from './deposit-rules.js';
import { cancelDeposit, depositById, depositInProgress, depositOpeningReport, startDeposit, type DepositRow } from './deposits.js';
import { ReportPayload, reportIdOf } from './mutations.js';
import { ReportNode } from './schema.js';

const DepositRef = builder.objectRef<DepositRow>('Deposit').implement({
  description:
    'Un dépôt reprenable : ses fichiers arrivent un à un par le point d’envoi /api/v1/uploads (protocole tus), chacun avec les métadonnées « deposit » (databaseId), « index » et « filename ».',
  fields: (t) => ({
    id: t.id({ description: 'Identifiant global du dépôt.', resolve: (deposit) => encodeGlobalID('Deposit', deposit.id) }),
    databaseId: t.exposeInt('id', { description: 'Identifiant numérique : la métadonnée « deposit » de chaque envoi.' }),
    expectedFiles: t.exposeInt('expectedFiles', { description: 'Fichiers annoncés ; « index » va de 0 à ce nombre moins un.' }),
    receivedFiles: t.exposeInt('receivedFiles', { description: 'Fichiers reçus et enregistrés sur le constat.' }),
    refusedFiles: t.exposeInt('refusedFiles', { description: 'Fichiers refusés (type, taille, quota…).' }),
    completedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'Fin du dépôt (tous les fichiers reçus ou refusés, ou dépôt abandonné) ; null tant qu’il est en cours.',
      resolve: (deposit) => deposit.completedAt,
    }),
  }),
});

const DepositProgressRef = builder.objectRef<DepositCounts>('DepositProgress').implement({
  description: 'Le dépôt en cours d’un constat (« Dépôt en cours : 120 / 1 000 fichiers ») ; plusieurs dépôts en cours s’additionnent.',
  fields: (t) => ({
    expectedFiles: t.exposeInt('expectedFiles', { description: 'Fichiers annoncés.' }),
    receivedFiles: t.exposeInt('receivedFiles', { description: 'Fichiers reçus et enregistrés sur le constat.' }),
    refusedFiles: t.exposeInt('refusedFiles', { description: 'Fichiers refusés (type, taille, quota…).' }),
  }),
});

builder.objectFields(ReportNode, (t) => ({
  deposit: t.field({
    type: DepositProgressRef,
    nullable: true,
    description: 'Le dépôt reprenable en cours sur ce constat ; null quand aucun n’est en cours.',
    resolve: (report, _args, ctx) => depositInProgress(ctx, report.id),
  }),
}));

builder.objectFields(ReportPayload, (t) => ({
  deposit: t.field({
    type: DepositRef,
    nullable: true,
    description: 'Le dépôt reprenable ouvert par l’action (createReport avec « deposit », startDeposit) ; null sinon.',
    resolve: (payload, _args, ctx) => {
      if (payload.depositId) return depositById(ctx.db, payload.depositId);
      return payload.opensDeposit ? depositOpeningReport(ctx.db, payload.reportId) : null;
    },
  }),
}));

builder.mutationField('startDeposit', (t) =>
  t.field({
    description:
      'Annonce des éléments déposés qui arriveront par le point d’envoi reprenable /api/v1/uploads (mêmes droits que l’ajout d’éléments déposés).',
    type: ReportPayload,
    authScopes: { $any: { admin: true, bailiff: true } },
    args: {
      input: t.arg({
        description: 'Le constat et le nombre de fichiers.',
        required: true,
        type: builder.inputType('StartDepositInput', {
          description: 'Un dépôt reprenable sur un constat.',
          fields: (f) => ({
            reportId: f.globalID({ description: 'Le constat.', for: ReportNode, required: true }),
            files: f.int({ description: 'Nombre de fichiers qui seront envoyés (1 au moins, dans la limite du constat).', required: true }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      const deposit = await startDeposit(ctx, reportId, input.files);
      return { reportId, depositId: deposit.id, message: depositStarted(input.files) };
    },
  }),
);

export const depositStarted = (files: number) =>
  `Dépôt de ${files.toLocaleString('fr-FR')} fichier${files > 1 ? 's' : ''} commencé : les fichiers sont envoyés.`;

builder.mutationField('cancelDeposit', (t) =>
  t.field({
    description:
      'Arrête un dépôt reprenable de l’utilisateur : les envois inachevés sont supprimés, les fichiers déjà reçus restent sur le constat et le dépôt se termine avec eux (le bureau est prévenu une fois). Un dépôt déjà terminé est rendu tel quel.',
    type: DepositRef,
    authScopes: { $any: { admin: true, bailiff: true } },
    args: {
      input: t.arg({
        description: 'Le dépôt.',
        required: true,
        type: builder.inputType('CancelDepositInput', {
          description: 'Un dépôt reprenable à arrêter.',
          fields: (f) => ({
            depositId: f.globalID({ description: 'Identifiant global du dépôt (Deposit.id).', required: true }),
          }),
        }),
      }),
    },
    resolve: (_root, { input }, ctx) => cancelDeposit(ctx, databaseId(input.depositId, 'Deposit', depositMessages.depositNotFound)),
  }),
);

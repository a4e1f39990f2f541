// The ten report mutations (each answers a ReportPayload, the constat read again) and the live
// updates of the reports lists.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.js';
import { AppError } from '../../errors.js';
import { databaseId } from '../../graphql/ids.js';
import { UserNode } from '../accounts/schema.js';
import { loadReportRow } from './read-model/rows.js';
import { can, messages } from './rules.js';
import { CommentReceiverEnum, ReportFileKindEnum, ReportNode } from './schema.js';
import * as reports from './service.js';
import * as workflow from './workflow.js';

// --- Mutations --------------------------------------------------------------------------------

export const ReportPayload = builder.objectRef<{ reportId: number; message: string }>('ReportPayload').implement({
  description: 'Résultat d’une action sur un constat.',
  fields: (t) => ({
    message: t.exposeString('message', { description: 'Message de succès à afficher.' }),
    report: t.field({
      description: 'Le constat, relu après l’action.',
      type: ReportNode,
      resolve: async (payload, _args, ctx) => {
        const report = await loadReportRow(ctx, payload.reportId);
        if (!report) throw new AppError('NOT_FOUND', messages.notFound);
        return report;
      },
    }),
  }),
});

export const reportIdOf = (id: { typename: string; id: string }) => databaseId(id, 'Report', messages.notFound);

builder.mutationFields((t) => ({
  createReport: t.field({
    description: 'Dépose un nouveau constat avec ses éléments (huissier, ou administrateur pour un huissier).',
    type: ReportPayload,
    authScopes: { $any: { admin: true, bailiff: true } },
    args: {
      input: t.arg({
        description: 'Le constat à déposer.',
        required: true,
        type: builder.inputType('CreateReportInput', {
          description: 'Un constat à déposer.',
          fields: (f) => ({
            bailiffId: f.globalID({ for: UserNode, description: 'Obligatoire pour un administrateur.' }),
            name: f.string({ description: 'Nom du constat.', required: true }),
            files: f.field({ description: 'Les éléments déposés (documents, photos, audio).', type: ['Upload'], required: true }),
            comment: f.string({ description: 'Premier message du fil de commentaires (facultatif).' }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const reportId = await reports.createReport(ctx, {
        bailiffId: input.bailiffId ? databaseId(input.bailiffId, 'User', messages.bailiffRequired) : null,
        name: input.name,
        files: input.files,
        comment: input.comment,
      });
      return { reportId, message: messages.created };
    },
  }),
  assignSecretary: t.field({
    description: 'Attribue un constat à une secrétaire (administrateurs) ; un constat non attribué passe en cours.',
    type: ReportPayload,
    authScopes: { admin: true },
    args: {
      input: t.arg({
        description: 'Le constat et la secrétaire.',
        required: true,
        type: builder.inputType('AssignSecretaryInput', {
          description: 'Attribution d’un constat.',
          fields: (f) => ({ reportId: f.globalID({ description: 'Le constat.', for: ReportNode, required: true }), secretaryId: f.globalID({ description: 'La secrétaire.', for: UserNode, required: true }) }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      await workflow.assignSecretary(ctx, reportId, databaseId(input.secretaryId, 'User', messages.secretaryInvalid));
      return { reportId, message: messages.updated };
    },
  }),
  addReportFiles: t.field({
    description: 'Ajoute des éléments déposés ou retournés à un constat.',
    type: ReportPayload,
    authScopes: { authenticated: true },
    args: {
      input: t.arg({
        description: 'Le constat et les fichiers.',
        required: true,
        type: builder.inputType('AddReportFilesInput', {
          description: 'Fichiers à ajouter à un constat.',
          fields: (f) => ({
            reportId: f.globalID({ description: 'Le constat.', for: ReportNode, required: true }),
            kind: f.field({ description: 'Déposés ou retournés.', type: ReportFileKindEnum, required: true }),
            files: f.field({ description: 'Les fichiers.', type: ['Upload'], required: true }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      await reports.addFiles(ctx, reportId, input.kind, input.files);
      const count = input.files.length;
      return { reportId, message: count > 1 ? `${count} fichiers téléchargés avec succès.` : 'Fichier téléchargé avec succès.' };
    },
  }),
  removeReportFiles: t.field({
    description: 'Retire des fichiers d’un constat.',
    type: ReportPayload,
    authScopes: { authenticated: true },
    args: {
      input: t.arg({
        description: 'Le constat et les fichiers.',
        required: true,
        type: builder.inputType('RemoveReportFilesInput', {
          description: 'Fichiers à retirer d’un constat.',
          fields: (f) => ({ reportId: f.globalID({ description: 'Le constat.', for: ReportNode, required: true }), fileIds: f.idList({ description: 'Identifiants des fichiers (ReportFile.id).', required: true }) }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      await reports.removeFiles(ctx, reportId, input.fileIds.map(Number).filter(Number.isSafeInteger));
      return { reportId, message: messages.updated };
    },
  }),
  setRetrocession: t.field({
    description: 'Comptes provisoires de pages et de photos saisis par la secrétaire ; un constat en cours passe en rétrocédé.',
    type: ReportPayload,
    authScopes: { $any: { admin: true, secretary: true } },
    args: {
      input: t.arg({
        description: 'Le constat et ses comptes.',
        required: true,
        type: builder.inputType('SetRetrocessionInput', {
          description: 'Comptes provisoires d’un constat retourné.',
          fields: (f) => ({
            reportId: f.globalID({ description: 'Le constat.', for: ReportNode, required: true }),
            countPagesProvisional: f.int({ description: 'Pages comptées.', required: true }),
            countPhotosProvisional: f.int({ description: 'Photos comptées.', required: true }),
            comment: f.string({ description: 'Commentaire de la secrétaire.' }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      await workflow.setRetrocession(ctx, reportId, input);
      return { reportId, message: messages.retroceded };
    },
  }),
  setBilling: t.field({
    description: 'Fixe les comptes de rétrocession et de facturation d’un constat (administrateurs).',
    type: ReportPayload,
    authScopes: { admin: true },
    args: {
      input: t.arg({
        description: 'Le constat et ses comptes.',
        required: true,
        type: builder.inputType('SetBillingInput', {
          description: 'Comptes définitifs d’un constat.',
          fields: (f) => ({
            reportId: f.globalID({ description: 'Le constat.', for: ReportNode, required: true }),
            countPagesRetrocession: f.int({ description: 'Pages payées à la secrétaire.', required: true }),
            countPhotosRetrocession: f.int({ description: 'Photos payées à la secrétaire.', required: true }),
            countPagesBilling: f.int({ description: 'Pages facturées à l’étude.', required: true }),
            countPhotosBilling: f.int({ description: 'Photos facturées à l’étude.', required: true }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      const { reportId: _id, ...counts } = input;
      await workflow.setBilling(ctx, reportId, counts);
      return { reportId, message: messages.billed };
    },
  }),
  archiveReport: t.field({
    description: 'Archive un constat terminé.',
    type: ReportPayload,
    authScopes: { $any: { admin: true, bailiff: true } },
    args: { input: t.arg({ description: 'Le constat.', required: true, type: reportRefInput('ArchiveReportInput') }) },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      await workflow.archiveReport(ctx, reportId);
      return { reportId, message: messages.archived };
    },
  }),
  unarchiveReport: t.field({
    description: 'Désarchive un constat (administrateurs).',
    type: ReportPayload,
    authScopes: { admin: true },
    args: { input: t.arg({ description: 'Le constat.', required: true, type: reportRefInput('UnarchiveReportInput') }) },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      await workflow.unarchiveReport(ctx, reportId);
      return { reportId, message: messages.updated };
    },
  }),
  addReportComment: t.field({
    description: 'Ajoute un message au fil de commentaires d’un constat.',
    type: ReportPayload,
    authScopes: { authenticated: true },
    args: {
      input: t.arg({
        description: 'Le constat et le message.',
        required: true,
        type: builder.inputType('AddReportCommentInput', {
          description: 'Un message pour un constat.',
          fields: (f) => ({
            reportId: f.globalID({ description: 'Le constat.', for: ReportNode, required: true }),
            body: f.string({ description: 'Texte du message.', required: true }),
            receiver: f.field({ type: CommentReceiverEnum, description: 'Obligatoire pour un administrateur.' }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      await reports.addComment(ctx, reportId, input.body, input.receiver);
      return { reportId, message: 'Commentaire envoyé.' };
    },
  }),
  markReportCommentsRead: t.field({
    description: 'Marque des messages d’un constat comme lus par l’utilisateur connecté.',
    type: ReportPayload,
    authScopes: { authenticated: true },
    args: {
      input: t.arg({
        description: 'Le constat (et les messages).',
        required: true,
        type: builder.inputType('MarkReportCommentsReadInput', {
          description: 'Messages d’un constat à marquer comme lus.',
          fields: (f) => ({
            reportId: f.globalID({ description: 'Le constat.', for: ReportNode, required: true }),
            commentIds: f.idList({ description: 'Tous les commentaires du constat si absent.' }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      await reports.markCommentsRead(ctx, reportId, input.commentIds?.map(Number).filter(Number.isSafeInteger));
      return { reportId, message: messages.updated };
    },
  }),
}));

function reportRefInput(name: string) {
  return builder.inputType(name, {
    description: 'Le constat visé.',
    fields: (f) => ({ reportId: f.globalID({ for: ReportNode, required: true, description: 'Le constat.' }) }),
  });
}

// --- Subscription -----------------------------------------------------------------------------

const ReportChangedRef = builder.objectRef<{ reportId: number }>('ReportChanged').implement({
  description: 'Un constat visible (ou qui vient de cesser de l’être) a changé.',
  fields: (t) => ({
    reportId: t.id({ description: 'Identifiant global du constat modifié.', resolve: (event) => encodeGlobalID('Report', event.reportId) }),
    report: t.field({
      type: ReportNode,
      nullable: true,
      description: 'null quand l’utilisateur ne peut plus voir ce constat (par exemple après une réattribution).',
      // can(view) is visibleReports() as a rule on the row.
      resolve: async (event, _args, ctx) => {
        const report = await loadReportRow(ctx, event.reportId);
        return report && can(ctx.viewer, 'view', report) ? report : null;
      },
    }),
  }),
});

builder.subscriptionField('reportChanged', (t) =>
  t.field({
    type: ReportChangedRef,
    description: 'Constats visibles par l’utilisateur connecté créés ou modifiés, en direct.',
    authScopes: { authenticated: true },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('reportChanged', ctx.viewer!.id),
    resolve: (event) => event,
  }),
);

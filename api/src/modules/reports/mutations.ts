// The ten report mutations (each answers a ReportPayload, the constat read again) and the live
// updates of the reports lists.
import type { InputFieldMap, InputShapeFromFields, SchemaTypes } from '@pothos/core';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { filter } from 'graphql-yoga';
import type { AppContext } from '../../context.js';
import { builder } from '../../graphql/builder.js';
import { AppError } from '../../errors.js';
import { databaseId } from '../../graphql/ids.js';
import { loadOncePerEvent } from '../../graphql/event-loads.js';
import { UserNode } from '../accounts/schema.js';
import { loadReportRow } from './read-model/rows.js';
import { messages } from './rules.js';
import { CommentReceiverEnum, ReportFileKindEnum, ReportNode } from './schema.js';
import * as reports from './service.js';
import * as workflow from './workflow.js';

type SchemaTypesOf<B> = B extends PothosSchemaTypes.SchemaBuilder<infer T extends SchemaTypes> ? T : never;

// --- Mutations --------------------------------------------------------------------------------

/** An action's answer: the constat, and the resumable deposit it opened (deposit-schema.ts) if any. */
export interface ReportPayloadShape {
  reportId: number;
  message: string;
  /** startDeposit's deposit. */
  depositId?: number;
  /** createReport announced its files for a resumable deposit: the deposit that opened the constat. */
  opensDeposit?: boolean;
}

export const ReportPayload = builder.objectRef<ReportPayloadShape>('ReportPayload').implement({
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

const DepositInput = builder.inputType('DepositInput', {
  description: 'Les fichiers d’un constat annoncés pour un dépôt reprenable.',
  fields: (f) => ({
    files: f.int({ description: 'Nombre de fichiers qui seront envoyés (1 au moins, dans la limite du constat).', required: true }),
  }),
});

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
            files: f.field({
              description: 'Les éléments déposés (documents, photos, audio) envoyés avec le constat ; sinon annoncés par « deposit ».',
              type: ['Upload'],
            }),
            deposit: f.field({
              description: 'Dépôt reprenable : les fichiers, annoncés ici, arrivent ensuite par /api/v1/uploads (au lieu de « files »).',
              type: DepositInput,
            }),
            comment: f.string({ description: 'Premier message du fil de commentaires (facultatif).' }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const reportId = await reports.createReport(ctx, {
        bailiffId: input.bailiffId ? databaseId(input.bailiffId, 'User', messages.bailiffRequired) : null,
        name: input.name,
        files: input.files ?? [],
        deposit: input.deposit,
        comment: input.comment,
      });
      return { reportId, message: messages.created, opensDeposit: !!input.deposit };
    },
  }),
}));

type Scope = 'authenticated' | 'admin' | 'bailiff' | 'secretary';
type Scopes = Partial<Record<Scope, boolean>> | { $any: Partial<Record<Scope, boolean>> };
type ReportInputFields = (f: PothosSchemaTypes.InputFieldBuilder<SchemaTypesOf<typeof builder>, 'InputObject'>) => InputFieldMap;

interface ReportMutation<Fields extends ReportInputFields> {
  description: string;
  authScopes: Scopes;
  input: {
    /** The input type's name, its description and the `input` argument's description. */
    name: string;
    description: string;
    argDescription: string;
    /** The action's own fields, after `reportId`. */
    fields?: Fields;
  };
  /** Does the action on the constat (the service checks who may) and answers the success message. */
  run(ctx: AppContext, reportId: number, input: InputShapeFromFields<ReturnType<Fields>>): Promise<string>;
}

/**
 * Declares a mutation on one constat: its input is `{ reportId, …fields }` and it answers a
 * ReportPayload, the constat read again with the action's message.
 */
function reportMutation<Fields extends ReportInputFields>(name: string, mutation: ReportMutation<Fields>): void {
  const input = builder.inputType(mutation.input.name, {
    description: mutation.input.description,
    fields: (f) => ({
      reportId: f.globalID({ description: 'Le constat.', for: ReportNode, required: true }),
      ...mutation.input.fields?.(f),
    }),
  });
  builder.mutationField(name, (t) =>
    t.field({
      description: mutation.description,
      type: ReportPayload,
      authScopes: mutation.authScopes,
      args: { input: t.arg({ description: mutation.input.argDescription, required: true, type: input }) },
      resolve: async (_root, args, ctx) => {
        const reportId = reportIdOf(args.input.reportId);
        // Pothos types the spread fields' values as absent; they are those of `fields`.
        const values = args.input as unknown as InputShapeFromFields<ReturnType<Fields>>;
        return { reportId, message: await mutation.run(ctx, reportId, values) };
      },
    }),
  );
}

reportMutation('assignSecretary', {
  description: 'Attribue un constat à une secrétaire (administrateurs) ; un constat non attribué passe en cours.',
  authScopes: { admin: true },
  input: {
    name: 'AssignSecretaryInput',
    description: 'Attribution d’un constat.',
    argDescription: 'Le constat et la secrétaire.',
    fields: (f) => ({ secretaryId: f.globalID({ description: 'La secrétaire.', for: UserNode, required: true }) }),
  },
  run: async (ctx, reportId, input) => {
    await workflow.assignSecretary(ctx, reportId, databaseId(input.secretaryId, 'User', messages.secretaryInvalid));
    return messages.updated;
  },
});

reportMutation('addReportFiles', {
  description: 'Ajoute des éléments déposés ou retournés à un constat.',
  authScopes: { authenticated: true },
  input: {
    name: 'AddReportFilesInput',
    description: 'Fichiers à ajouter à un constat.',
    argDescription: 'Le constat et les fichiers.',
    fields: (f) => ({
      kind: f.field({ description: 'Déposés ou retournés.', type: ReportFileKindEnum, required: true }),
      files: f.field({ description: 'Les fichiers.', type: ['Upload'], required: true }),
    }),
  },
  run: async (ctx, reportId, input) => {
    await reports.addFiles(ctx, reportId, input.kind, input.files);
    const count = input.files.length;
    return count > 1 ? `${count} fichiers envoyés avec succès.` : 'Fichier envoyé avec succès.';
  },
});

reportMutation('removeReportFiles', {
  description: 'Retire des fichiers d’un constat.',
  authScopes: { authenticated: true },
  input: {
    name: 'RemoveReportFilesInput',
    description: 'Fichiers à retirer d’un constat.',
    argDescription: 'Le constat et les fichiers.',
    fields: (f) => ({ fileIds: f.idList({ description: 'Identifiants des fichiers (ReportFile.id).', required: true }) }),
  },
  run: async (ctx, reportId, input) => {
    await reports.removeFiles(ctx, reportId, input.fileIds.map(Number).filter(Number.isSafeInteger));
    return messages.updated;
  },
});

reportMutation('setRetrocession', {
  description: 'Comptes provisoires de pages et de photos saisis par la secrétaire ; un constat en cours passe en rétrocédé.',
  authScopes: { $any: { admin: true, secretary: true } },
  input: {
    name: 'SetRetrocessionInput',
    description: 'Comptes provisoires d’un constat retourné.',
    argDescription: 'Le constat et ses comptes.',
    fields: (f) => ({
      countPagesProvisional: f.int({ description: 'Pages comptées.', required: true }),
      countPhotosProvisional: f.int({ description: 'Photos comptées.', required: true }),
      comment: f.string({ description: 'Commentaire de la secrétaire.' }),
    }),
  },
  run: async (ctx, reportId, input) => {
    await workflow.setRetrocession(ctx, reportId, input);
    return messages.retroceded;
  },
});

reportMutation('setBilling', {
  description: 'Fixe les comptes de rétrocession et de facturation d’un constat (administrateurs).',
  authScopes: { admin: true },
  input: {
    name: 'SetBillingInput',
    description: 'Comptes définitifs d’un constat.',
    argDescription: 'Le constat et ses comptes.',
    fields: (f) => ({
      countPagesRetrocession: f.int({ description: 'Pages payées à la secrétaire.', required: true }),
      countPhotosRetrocession: f.int({ description: 'Photos payées à la secrétaire.', required: true }),
      countPagesBilling: f.int({ description: 'Pages facturées à l’étude.', required: true }),
      countPhotosBilling: f.int({ description: 'Photos facturées à l’étude.', required: true }),
    }),
  },
  run: async (ctx, reportId, input) => {
    const { countPagesRetrocession, countPhotosRetrocession, countPagesBilling, countPhotosBilling } = input;
    await workflow.setBilling(ctx, reportId, { countPagesRetrocession, countPhotosRetrocession, countPagesBilling, countPhotosBilling });
    return messages.billed;
  },
});

reportMutation('archiveReport', {
  description: 'Archive un constat terminé.',
  authScopes: { $any: { admin: true, bailiff: true } },
  input: { name: 'ArchiveReportInput', description: 'Le constat visé.', argDescription: 'Le constat.' },
  run: async (ctx, reportId) => {
    await workflow.archiveReport(ctx, reportId);
    return messages.archived;
  },
});

reportMutation('unarchiveReport', {
  description: 'Désarchive un constat (administrateurs).',
  authScopes: { admin: true },
  input: { name: 'UnarchiveReportInput', description: 'Le constat visé.', argDescription: 'Le constat.' },
  run: async (ctx, reportId) => {
    await workflow.unarchiveReport(ctx, reportId);
    return messages.updated;
  },
});

reportMutation('addReportComment', {
  description: 'Ajoute un message au fil de commentaires d’un constat.',
  authScopes: { authenticated: true },
  input: {
    name: 'AddReportCommentInput',
    description: 'Un message pour un constat.',
    argDescription: 'Le constat et le message.',
    fields: (f) => ({
      body: f.string({ description: 'Texte du message.', required: true }),
      receiver: f.field({ type: CommentReceiverEnum, description: 'Obligatoire pour un administrateur.' }),
    }),
  },
  run: async (ctx, reportId, input) => {
    await reports.addComment(ctx, reportId, input.body, input.receiver);
    return 'Commentaire envoyé.';
  },
});

reportMutation('markReportCommentsRead', {
  description: 'Marque des messages d’un constat comme lus par l’utilisateur connecté.',
  authScopes: { authenticated: true },
  input: {
    name: 'MarkReportCommentsReadInput',
    description: 'Messages d’un constat à marquer comme lus.',
    argDescription: 'Le constat (et les messages).',
    fields: (f) => ({ commentIds: f.idList({ description: 'Tous les commentaires du constat si absent.' }) }),
  },
  run: async (ctx, reportId, input) => {
    await reports.markCommentsRead(ctx, reportId, input.commentIds?.map(Number).filter(Number.isSafeInteger));
    return messages.updated;
  },
});

// --- Subscription -----------------------------------------------------------------------------

type ReportChangedEvent = { reportId: number };

/**
 * The event's constat as the subscriber sees it (read-model/visibility.ts), read once per event and
 * way of seeing: an étude-limited API token does not see what its admin sees.
 */
function changedReport(event: ReportChangedEvent, ctx: AppContext) {
  const viewer = ctx.viewer;
  const seeing = `${viewer?.id}:${viewer?.role}:${viewer?.grant?.groupIds?.join(',') ?? 'all'}`;
  return loadOncePerEvent(event, seeing, () => loadReportRow(ctx, event.reportId));
}

const ReportChangedRef = builder.objectRef<ReportChangedEvent>('ReportChanged').implement({
  description: 'Un constat visible (ou qui vient de cesser de l’être) a changé.',
  fields: (t) => ({
    reportId: t.id({ description: 'Identifiant global du constat modifié.', resolve: (event) => encodeGlobalID('Report', event.reportId) }),
    report: t.field({
      type: ReportNode,
      nullable: true,
      description: 'null quand l’utilisateur ne peut plus voir ce constat (par exemple après une réattribution).',
      // The read model's visibility, read on the row: once per event and way of seeing, however
      // many subscriptions the user holds open.
      resolve: async (event, _args, ctx) => {
        const report = await changedReport(event, ctx);
        return report?.visible ? report : null;
      },
    }),
  }),
});

builder.subscriptionField('reportChanged', (t) =>
  t.field({
    type: ReportChangedRef,
    description: 'Constats visibles par l’utilisateur connecté créés ou modifiés, en direct.',
    authScopes: { authenticated: true },
    subscribe: (_root, _args, ctx) => {
      const events = ctx.pubsub.subscribe('reportChanged', ctx.viewer!.id);
      // An étude-limited API token (its admin's channel) hears only of its études' constats: not
      // even that one of another étude changed.
      if (!ctx.viewer!.grant?.groupIds) return events;
      return filter(async (event: ReportChangedEvent) => (await changedReport(event, ctx))?.visible === true)(events);
    },
    resolve: (event) => event,
  }),
);

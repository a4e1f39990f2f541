// What the counting job found, on the types that show files and constats (product.md §10), and the
// one-click action that applies it to a constat's counts.
import { fileKindOf } from '@constats/domain/file-kinds';
import { builder } from '../../graphql/builder.js';
import { FileCountStatus } from '../../generated/prisma/enums.js';
import { ReportPayload, reportIdOf } from '../reports/mutations.js';
import { FileGroupRef, ReportFileRef, ReportNode } from '../reports/schema.js';
import { detectedTotals, messages, type DetectedTotals } from '../reports/rules.js';
import * as workflow from '../reports/workflow.js';
import { countsDiffer } from './rules.js';

const FileCountStatusEnum = builder.enumType('FileCountStatus', {
  description: 'État du comptage automatique des pages et photos d’un fichier.',
  values: {
    PENDING: { value: FileCountStatus.PENDING, description: 'En attente : le comptage n’est pas encore fait.' },
    DONE: { value: FileCountStatus.DONE, description: 'Compté : pages et photos exactes.' },
    ESTIMATED: {
      value: FileCountStatus.ESTIMATED,
      description: 'Estimation : pages lues dans les statistiques du document (LibreOffice absent).',
    },
    FAILED: {
      value: FileCountStatus.FAILED,
      description: 'Comptage impossible (fichier endommagé, protégé ou vide) ; la raison est donnée aux administrateurs.',
    },
    UNSUPPORTED: { value: FileCountStatus.UNSUPPORTED, description: 'Format non compté sur ce serveur.' },
  } as const,
});

builder.objectFields(ReportFileRef, (t) => ({
  pageCount: t.exposeInt('pageCount', {
    nullable: true,
    description: 'Pages détectées par le comptage automatique (null tant qu’il n’a pas abouti).',
  }),
  photoCount: t.exposeInt('photoCount', {
    nullable: true,
    description: 'Photos détectées (images matricielles d’au moins 150 px de petit côté).',
  }),
  countStatus: t.field({ type: FileCountStatusEnum, description: 'État du comptage automatique.', resolve: (file) => file.countStatus }),
  countError: t.string({
    nullable: true,
    description: 'Raison d’un comptage impossible ; réservée aux administrateurs (null pour les autres).',
    resolve: (file, _args, ctx) => (ctx.viewer?.role === 'ADMIN' ? file.countError : null),
  }),
}));

const DetectedCountsRef = builder.objectRef<DetectedTotals>('DetectedCounts').implement({
  description: 'Totaux détectés par le comptage automatique sur un groupe de fichiers.',
  fields: (t) => ({
    pages: t.exposeInt('pages', { description: 'Pages des fichiers comptés.' }),
    photos: t.exposeInt('photos', { description: 'Photos des fichiers comptés.' }),
    complete: t.exposeBoolean('complete', { description: 'Vrai quand chaque fichier du groupe est compté (totaux définitifs).' }),
    estimated: t.exposeBoolean('estimated', { description: 'Vrai quand des pages sont estimées (statistiques du document).' }),
  }),
});

builder.objectFields(FileGroupRef, (t) => ({
  detected: t.field({
    type: DetectedCountsRef,
    description: 'Totaux du comptage automatique de ces fichiers.',
    resolve: (group) => detectedTotals(group.files),
  }),
  photoFiles: t.int({
    description:
      'Nombre de photos parmi ces fichiers (product.md §16) : il préremplit les photos provisoires de la secrétaire, qui le confirme.',
    resolve: (group) => group.files.filter((file) => fileKindOf(file.originalName) === 'photo').length,
  }),
}));

const DetectionCheckRef = builder
  .objectRef<{ provisional: boolean | null; retrocession: boolean | null; billing: boolean | null }>('DetectionCheck')
  .implement({
    description: 'Comptes saisis qui diffèrent du comptage automatique des éléments retournés (null tant qu’il n’est pas complet).',
    fields: (t) => ({
      provisional: t.exposeBoolean('provisional', {
        nullable: true,
        description: 'Comptes provisoires différents du comptage automatique.',
      }),
      retrocession: t.exposeBoolean('retrocession', {
        nullable: true,
        description: 'Comptes de rétrocession différents du comptage automatique.',
      }),
      billing: t.exposeBoolean('billing', { nullable: true, description: 'Comptes facturés différents du comptage automatique.' }),
    }),
  });

builder.objectFields(ReportNode, (t) => ({
  detectionCheck: t.field({
    type: DetectionCheckRef,
    description: 'Écarts entre les comptes saisis et le comptage automatique des éléments retournés.',
    resolve: (report) => {
      const detected = detectedTotals(report.files.filter((file) => file.kind === 'RETURNED'));
      return {
        provisional: countsDiffer({ pages: report.countPagesProvisional, photos: report.countPhotosProvisional }, detected),
        retrocession: countsDiffer({ pages: report.countPagesRetrocession, photos: report.countPhotosRetrocession }, detected),
        billing: countsDiffer({ pages: report.countPagesBilling, photos: report.countPhotosBilling }, detected),
      };
    },
  }),
}));

const CountLineEnum = builder.enumType('DetectedCountsTarget', {
  description: 'Les comptes auxquels appliquer le comptage automatique.',
  values: {
    PROVISIONAL: { description: 'Comptes provisoires de la secrétaire (« Rapport rétrocédé »).' },
    BILLING: { description: 'Comptes de rétrocession et de facturation de l’administrateur (« Rapport facturé »).' },
  } as const,
});

builder.mutationField('applyDetectedCounts', (t) =>
  t.field({
    type: ReportPayload,
    description: 'Applique en un clic le comptage automatique des éléments retournés aux comptes choisis (action tracée dans le journal).',
    authScopes: { $any: { admin: true, secretary: true } },
    args: {
      input: t.arg({
        required: true,
        description: 'Le constat et les comptes à remplir.',
        type: builder.inputType('ApplyDetectedCountsInput', {
          description: 'Le constat et les comptes à remplir.',
          fields: (f) => ({
            reportId: f.globalID({ for: ReportNode, required: true, description: 'Le constat.' }),
            target: f.field({ type: CountLineEnum, required: true, description: 'Les comptes à remplir.' }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      if (input.target === 'PROVISIONAL') {
        await workflow.setRetrocession(ctx, reportId, { countPagesProvisional: 0, countPhotosProvisional: 0 }, 'detected');
        return { reportId, message: messages.retroceded };
      }
      await workflow.setBilling(
        ctx,
        reportId,
        { countPagesRetrocession: 0, countPhotosRetrocession: 0, countPagesBilling: 0, countPhotosBilling: 0 },
        'detected',
      );
      return { reportId, message: messages.billed };
    },
  }),
);

// The billing mutations (generate, send, paid) and the Facturation screen's live updates.
import { builder } from '../../graphql/builder.js';
import { databaseId } from '../../graphql/ids.js';
import { GroupNode } from '../groups/schema.js';
import { ReportNode } from '../reports/schema.js';
import { generateGroupBill } from './generation.js';
import { sendGroupBill, setGroupBillPaid } from './lifecycle.js';
import { billMessages } from './rules.js';
import { GroupBillNode, groupIdOf } from './schema.js';

// --- Mutations --------------------------------------------------------------------------------

const GroupBillPayload = builder.objectRef<{ billId: number; message: string }>('GroupBillPayload').implement({
  description: 'Résultat d’une action sur une facture d’étude.',
  fields: (t) => ({
    message: t.exposeString('message', { description: 'Message de succès à afficher.' }),
    bill: t.prismaField({
      description: 'La facture, relue après l’action.',
      type: GroupBillNode,
      resolve: (query, payload, _args, ctx) => ctx.db.groupBill.findUniqueOrThrow({ ...query, where: { id: payload.billId } }),
    }),
  }),
});

const billIdOf = (id: { typename: string; id: string }) => databaseId(id, 'GroupBill', billMessages.notFound);
const reportIdOf = (id: { typename: string; id: string }) => databaseId(id, 'Report', billMessages.reportNotBillable);

builder.mutationFields((t) => ({
  generateGroupBill: t.field({
    type: GroupBillPayload,
    description:
      'Génère la facture du mois en cours d’une étude : numéro suivant, constats marqués facturés, PDF. Une seule par étude et par mois.',
    authScopes: { admin: true },
    args: {
      input: t.arg({
        description: 'L’étude, les constats et leurs remises.',
        required: true,
        type: builder.inputType('GenerateGroupBillInput', {
          description: 'Facture du mois d’une étude à générer.',
          fields: (f) => ({
            groupId: f.globalID({ description: 'L’étude à facturer.', for: GroupNode, required: true }),
            year: f.int({ description: 'Mois en cours seulement ; par défaut celui-ci.' }),
            month: f.int({ description: 'Mois en cours seulement (1 à 12) ; par défaut celui-ci.' }),
            reports: f.field({
              description: 'Les constats à facturer, chacun avec sa remise.',
              required: true,
              type: [
                builder.inputType('GroupBillReportInput', {
                  description: 'Un constat à facturer.',
                  fields: (g) => ({
                    reportId: g.globalID({
                      description: 'Le constat (compté, du mois, pas encore facturé).',
                      for: ReportNode,
                      required: true,
                    }),
                    discount: g.int({ description: 'Remise en % (0 à 100), obligatoire.' }),
                  }),
                }),
              ],
            }),
            discount: f.int({ description: 'Remise globale en % (0 à 100) ; absente : 0.' }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const billId = await generateGroupBill(ctx, {
        groupId: groupIdOf(input.groupId),
        year: input.year,
        month: input.month,
        reports: input.reports.map((line) => ({ reportId: reportIdOf(line.reportId), discount: line.discount })),
        discount: input.discount,
      });
      return { billId, message: billMessages.created };
    },
  }),
  sendGroupBill: t.field({
    type: GroupBillPayload,
    description:
      'Envoie la facture PDF (Factur-X pour les factures émises depuis) à l’adresse de comptabilité de l’étude et prévient ses huissiers.',
    authScopes: { admin: true },
    args: {
      input: t.arg({
        description: 'La facture à envoyer.',
        required: true,
        type: builder.inputType('SendGroupBillInput', {
          description: 'Facture à envoyer.',
          fields: (f) => ({ billId: f.globalID({ description: 'La facture.', for: GroupBillNode, required: true }) }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const billId = billIdOf(input.billId);
      await sendGroupBill(ctx, billId);
      return { billId, message: billMessages.sent };
    },
  }),
  setGroupBillPaid: t.field({
    description:
      'Marque une facture d’étude payée (au jour indiqué, aujourd’hui par défaut) ou non payée. Une autre date sur une facture déjà payée est refusée (CONFLICT) : la décocher d’abord.',
    type: GroupBillPayload,
    authScopes: { admin: true },
    args: {
      input: t.arg({
        description: 'La facture et son état.',
        required: true,
        type: builder.inputType('SetGroupBillPaidInput', {
          description: 'Paiement d’une facture d’étude.',
          fields: (f) => ({
            billId: f.globalID({ description: 'La facture.', for: GroupBillNode, required: true }),
            isPaid: f.boolean({ description: 'true : payée ; false : non payée.', required: true }),
            paidAt: f.string({
              description:
                'Jour du paiement, AAAA-MM-JJ (ou JJ/MM/AAAA), heure de Paris : ni dans le futur, ni avant la facture ; absent : aujourd’hui. Seulement avec isPaid: true.',
            }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const billId = billIdOf(input.billId);
      await setGroupBillPaid(ctx, billId, input.isPaid, input.paidAt);
      return { billId, message: input.isPaid ? billMessages.paid : billMessages.unpaid };
    },
  }),
}));

// --- Subscription -----------------------------------------------------------------------------

const BillingChangedRef = builder.objectRef<{ year: number; month: number }>('BillingChanged').implement({
  description: 'Une facture de ce mois a été générée, envoyée ou marquée payée (ou non) : l’écran « Facturation » du mois se recharge.',
  fields: (t) => ({ year: t.exposeInt('year', { description: 'Année.' }), month: t.exposeInt('month', { description: 'Mois, 1 à 12.' }) }),
});

builder.subscriptionField('billingChanged', (t) =>
  t.field({
    type: BillingChangedRef,
    description: 'Factures des études, en direct (administrateurs).',
    authScopes: { admin: true },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('billingChanged', ctx.viewer!.id),
    resolve: (event) => event,
  }),
);

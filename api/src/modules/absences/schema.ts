import { builder } from '../../graphql/builder.js';
import { loadOncePerEvent } from '../../graphql/event-loads.js';
import { pages, type PageSize } from '../../graphql/page-sizes.js';
import { AppError } from '../../errors.js';
import { isValidPeriod } from '../../lib/periods.js';
import { absenceMessages, formatDay, monthRange, parseDay } from './rules.js';
import * as absences from './service.js';

/** A calendar shows a month or a range: 100 rows by default, 500 at most (calendarRange.ts asks 500). */
const ABSENCE_PAGES: PageSize = { defaultSize: 100, maxSize: 500 };

export const AbsenceNode = builder.prismaNode('Absence', {
  id: { field: 'id' },
  // node(id:) of a missing record is null, not an error.
  nullable: true,
  description: 'Une indisponibilité (absence ou congé), jours entiers inclus.',
  visibleTo: (absence, ctx) => ctx.viewer?.role === 'ADMIN' || ctx.viewer?.id === absence.userId,
  select: { userId: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'Identifiant numérique (ancienne API REST).' }),
    startDate: t.string({
      description: 'Premier jour (AAAA-MM-JJ).',
      select: { startDate: true },
      resolve: (absence) => formatDay(absence.startDate),
    }),
    endDate: t.string({
      description: 'Dernier jour inclus (AAAA-MM-JJ).',
      select: { endDate: true },
      resolve: (absence) => formatDay(absence.endDate),
    }),
    comment: t.exposeString('comment', { description: 'Commentaire libre de la personne.' }),
    user: t.relation('user', { description: "La personne absente (nom et prénom pour l'agenda)." }),
    createdAt: t.expose('createdAt', { description: 'Date de la déclaration.', type: 'DateTime' }),
  }),
});

const AbsencePayload = builder.objectRef<{ absenceId: number; message: string }>('AbsencePayload').implement({
  description: 'Résultat de la déclaration d’une absence.',
  fields: (t) => ({
    message: t.exposeString('message', { description: 'Message de succès à afficher.' }),
    absence: t.prismaField({
      description: 'L’absence déclarée.',
      type: AbsenceNode,
      resolve: (query, payload, _args, ctx) => ctx.db.absence.findUniqueOrThrow({ ...query, where: { id: payload.absenceId } }),
    }),
  }),
});

const CreateAbsenceInput = builder.inputType('CreateAbsenceInput', {
  description: 'Une absence ou un congé à déclarer.',
  fields: (t) => ({
    startDate: t.string({ description: 'Premier jour : AAAA-MM-JJ (ou AAAA/MM/JJ, JJ/MM/AAAA).' }),
    endDate: t.string({ description: 'Dernier jour inclus, pas avant le premier.' }),
    comment: t.string({ description: 'Commentaire libre (facultatif).' }),
  }),
});

interface RangeArgs {
  from?: string | null;
  to?: string | null;
  year?: number | null;
  month?: number | null;
}

/** from/to days, or a calendar month (year + month), as an overlap range. */
function rangeOf(args: RangeArgs): { from: Date | null; to: Date | null } {
  if (args.year != null && args.month != null) {
    if (!isValidPeriod(args.year, args.month)) throw new AppError('BAD_USER_INPUT', absenceMessages.invalidDate);
    return monthRange(args.year, args.month);
  }
  const day = (text: string | null | undefined) => {
    if (!text) return null;
    const parsed = parseDay(text);
    if (!parsed) throw new AppError('BAD_USER_INPUT', absenceMessages.invalidDate);
    return parsed;
  };
  return { from: day(args.from), to: day(args.to) };
}

builder.queryFields((t) => {
  const rangeArgs = {
    from: t.arg.string({ description: 'Absences qui finissent ce jour-là ou après (AAAA-MM-JJ).' }),
    to: t.arg.string({ description: 'Absences qui commencent ce jour-là ou avant (AAAA-MM-JJ).' }),
    year: t.arg.int({ description: 'Avec month : le mois affiché par le calendrier.' }),
    month: t.arg.int({ description: '1 à 12.' }),
  };
  return {
    myAbsences: t.prismaConnection({
      type: AbsenceNode,
      cursor: 'id',
      description: "Indisponibilités de l'utilisateur connecté, par date de début.",
      authScopes: { authenticated: true },
      ...pages(ABSENCE_PAGES),
      args: rangeArgs,
      resolve: (query, _root, args, ctx) =>
        ctx.db.absence.findMany({
          ...query,
          where: absences.absencesWhere(rangeOf(args), ctx.viewer!.id),
          orderBy: [{ startDate: 'asc' }, { id: 'asc' }],
        }),
    }),
    absences: t.prismaConnection({
      type: AbsenceNode,
      cursor: 'id',
      description: 'Toutes les indisponibilités (calendrier des administrateurs), par date de début.',
      authScopes: { admin: true },
      ...pages(ABSENCE_PAGES),
      args: rangeArgs,
      resolve: (query, _root, args, ctx) =>
        ctx.db.absence.findMany({ ...query, where: absences.absencesWhere(rangeOf(args)), orderBy: [{ startDate: 'asc' }, { id: 'asc' }] }),
    }),
  };
});

builder.mutationFields((t) => ({
  createAbsence: t.field({
    type: AbsencePayload,
    description: 'Signaler une absence ou un congé.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ description: 'L’absence.', type: CreateAbsenceInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ absenceId: await absences.createAbsence(ctx, input), message: absenceMessages.created }),
  }),
}));

builder.subscriptionField('absenceAdded', (t) =>
  t.prismaField({
    type: AbsenceNode,
    description: 'Absences déclarées, en direct (calendrier des administrateurs).',
    authScopes: { admin: true },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('absenceAdded', ctx.viewer!.id),
    // One read per event and selection, however many subscriptions the admin holds open.
    resolve: (query, event: { absenceId: number }, _args, ctx) =>
      loadOncePerEvent(event, JSON.stringify(query), () => ctx.db.absence.findUniqueOrThrow({ ...query, where: { id: event.absenceId } })),
  }),
);

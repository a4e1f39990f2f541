// The dictation player's memory in the schema (product.md §16): where the signed-in user stopped
// listening to each deposited dictation (`ReportFile.listenedUntil`), and `saveDictationPosition`,
// which her player calls as she listens.
import { builder } from '../../graphql/builder.js';
import { isDictation, listenedUntil, saveDictationPosition } from './dictation-positions.js';
import type { ReportFileRow } from './read-model/rows.js';
import { dictationMessages } from './rules.js';
import { ReportFileRef } from './schema.js';

builder.objectFields(ReportFileRef, (t) => ({
  listenedUntil: t.float({
    nullable: true,
    description:
      'Où l’utilisateur connecté s’est arrêté d’écouter cette dictée déposée, en secondes depuis le début ; null s’il n’a rien enregistré, ou pour un autre fichier.',
    resolve: (file, _args, ctx) => (isDictation(file) ? listenedUntil(ctx, file.id) : null),
  }),
}));

const SaveDictationPositionPayload = builder.objectRef<{ message: string; file: ReportFileRow }>('SaveDictationPositionPayload').implement({
  description: 'Résultat de l’enregistrement d’une position d’écoute.',
  fields: (t) => ({
    message: t.exposeString('message', { description: 'Message de succès (le lecteur ne l’affiche pas).' }),
    file: t.field({
      description: 'La dictée, avec sa position enregistrée (listenedUntil).',
      type: ReportFileRef,
      resolve: (payload) => payload.file,
    }),
  }),
});

builder.mutationField('saveDictationPosition', (t) =>
  t.field({
    description:
      'Enregistre où l’utilisateur connecté s’est arrêté d’écouter une dictée déposée d’un constat qu’il voit ; son lecteur y reprend, sur tout ordinateur.',
    type: SaveDictationPositionPayload,
    authScopes: { authenticated: true },
    args: {
      input: t.arg({
        description: 'La dictée et la position.',
        required: true,
        type: builder.inputType('SaveDictationPositionInput', {
          description: 'Une position d’écoute.',
          fields: (f) => ({
            fileId: f.id({ description: 'Identifiant de la dictée (ReportFile.id).', required: true }),
            seconds: f.float({
              description:
                'Secondes depuis le début, de 0 à 86 400 ; arrondie au dixième et ramenée à la durée de la dictée quand elle est connue.',
              required: true,
            }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => ({
      message: dictationMessages.positionSaved,
      // A file id is digits (ReportFile.id); anything else names no file.
      file: await saveDictationPosition(ctx, /^\d{1,10}$/.test(input.fileId) ? Number(input.fileId) : NaN, input.seconds),
    }),
  }),
);

import { builder } from '../../graphql/builder.js';
import { sirenOfSiret } from '@constats/domain/identifiers';
import { logoMessages } from './logo.js';
import { sellerMessages } from './rules.js';
import * as seller from './service.js';

const SellerSettings = builder.objectRef<seller.SellerSettingsRecord>('SellerSettings').implement({
  description: 'Paramètres de facturation : le vendeur tel qu’il figure sur les factures Factur-X (EN 16931).',
  fields: (t) => ({
    legalName: t.exposeString('legalName', { description: 'Raison sociale.' }),
    legalForm: t.exposeString('legalForm', { description: 'Forme juridique (SAS, SARL…).' }),
    siret: t.exposeString('siret', { description: 'Siret (14 chiffres).' }),
    siren: t.string({ description: 'SIREN tiré du Siret.', resolve: (settings) => sirenOfSiret(settings.siret) ?? '' }),
    vatNumber: t.exposeString('vatNumber', { description: 'Numéro de TVA intracommunautaire.' }),
    rcs: t.exposeString('rcs', { description: 'Immatriculation au RCS (« RCS Lyon 123 456 789 »).' }),
    address: t.exposeString('address', { description: 'Adresse du siège.' }),
    zip: t.exposeString('zip', { description: 'Code postal.' }),
    city: t.exposeString('city', { description: 'Ville.' }),
    iban: t.exposeString('iban', { description: 'IBAN du compte qui reçoit les règlements.' }),
    bic: t.exposeString('bic', { description: 'BIC de la banque.' }),
    paymentTerms: t.exposeString('paymentTerms', { description: 'Conditions de paiement imprimées sur les factures.' }),
    electronicAddress: t.exposeString('electronicAddress', {
      nullable: true,
      description: 'Adresse électronique de facturation (annuaire, schéma 0225) saisie ; null : le SIREN est utilisé.',
    }),
    vatOnDebits: t.exposeBoolean('vatOnDebits', {
      description: 'Option pour le paiement de la TVA d’après les débits ; false : TVA sur les encaissements.',
    }),
    logoUrl: t.string({
      nullable: true,
      description: 'Lien signé et temporaire vers le logo imprimé sur les factures (PNG ou JPEG, opaque) ; null : aucun logo.',
      resolve: (settings, _args, ctx) =>
        settings.logoKey ? ctx.files.file(settings.logoKey, `logo.${settings.logoKey.endsWith('.png') ? 'png' : 'jpg'}`) : null,
    }),
  }),
});

const SellerSettingsInput = builder.inputType('SellerSettingsInput', {
  description:
    'Tous les champs sont obligatoires sauf l’adresse électronique et l’option sur les débits ; les identifiants sont vérifiés par leur clé de contrôle.',
  fields: (t) => ({
    legalName: t.string({ description: 'Raison sociale.' }),
    legalForm: t.string({ description: 'Forme juridique.' }),
    siret: t.string({ description: 'Siret : 14 chiffres, clé de Luhn (exception de La Poste admise).' }),
    vatNumber: t.string({ description: 'Numéro de TVA : FR, clé (12 + 3 × (SIREN mod 97)) mod 97, SIREN du Siret.' }),
    rcs: t.string({ description: 'Immatriculation au RCS.' }),
    address: t.string({ description: 'Adresse du siège.' }),
    zip: t.string({ description: 'Code postal (5 chiffres).' }),
    city: t.string({ description: 'Ville.' }),
    iban: t.string({ description: 'IBAN (clé mod 97).' }),
    bic: t.string({ description: 'BIC (8 ou 11 caractères).' }),
    paymentTerms: t.string({ description: 'Conditions de paiement.' }),
    electronicAddress: t.string({
      description: 'Facultatif : adresse électronique de facturation (lettres, chiffres, + - _ .) ; vide : le SIREN.',
    }),
    vatOnDebits: t.boolean({ description: 'Option pour le paiement de la TVA d’après les débits ; absent : non.' }),
  }),
});

const SellerSettingsPayload = builder
  .objectRef<{ settings: seller.SellerSettingsRecord; message: string }>('SellerSettingsPayload')
  .implement({
    description: 'Résultat de l’enregistrement des paramètres de facturation.',
    fields: (t) => ({
      message: t.exposeString('message', { description: 'Message de succès à afficher.' }),
      settings: t.field({ type: SellerSettings, description: 'Les paramètres enregistrés.', resolve: (payload) => payload.settings }),
    }),
  });

builder.queryFields((t) => ({
  sellerSettings: t.field({
    type: SellerSettings,
    nullable: true,
    description: 'Paramètres de facturation (administrateurs) ; null tant qu’ils n’ont pas été enregistrés.',
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => seller.sellerSettings(ctx),
  }),
}));

builder.mutationFields((t) => ({
  updateSellerSettings: t.field({
    type: SellerSettingsPayload,
    description: 'Enregistre les paramètres de facturation (obligatoires avant la première facture).',
    authScopes: { admin: true },
    args: { input: t.arg({ type: SellerSettingsInput, required: true, description: 'Les paramètres.' }) },
    resolve: async (_root, { input }, ctx) => ({ settings: await seller.saveSellerSettings(ctx, input), message: sellerMessages.saved }),
  }),
  updateSellerLogo: t.field({
    type: SellerSettingsPayload,
    description:
      'Remplace le logo des factures : PNG ou JPEG (vérifié par son contenu), 1 Mo et 2000 × 2000 pixels au plus ; la transparence est aplatie sur fond blanc.',
    authScopes: { admin: true },
    args: {
      input: t.arg({
        required: true,
        description: 'Le logo.',
        type: builder.inputType('SellerLogoInput', {
          description: 'Logo à imprimer sur les factures.',
          fields: (f) => ({ logo: f.field({ type: 'Upload', required: true, description: 'Le fichier PNG ou JPEG.' }) }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => ({ settings: await seller.uploadSellerLogo(ctx, input.logo), message: logoMessages.saved }),
  }),
  removeSellerLogo: t.field({
    type: SellerSettingsPayload,
    description: 'Retire le logo des factures à venir (les factures émises gardent le leur).',
    authScopes: { admin: true },
    resolve: async (_root, _args, ctx) => ({ settings: await seller.removeSellerLogo(ctx), message: logoMessages.removed }),
  }),
}));

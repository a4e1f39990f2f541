import { useState, type FormEvent } from 'react';
import { Checkbox, Field, Text, makeStyles, tokens } from '@fluentui/react-components';
import { graphql, usePreloadedQuery } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { SellerSettingsPageMutation } from '../../__generated__/SellerSettingsPageMutation.graphql';
import type { SellerSettingsPageQuery } from '../../__generated__/SellerSettingsPageQuery.graphql';
import { fr } from '../../i18n/fr';
import { ApiError, describeError } from '../../relay/ApiError';
import { useCommit } from '../../relay/commit';
import { FormActions, FormCard, FormSection, FormWide } from '../../ui/FormLayout';
import { PageHeader } from '../../ui/PageHeader';
import { useToast } from '../../ui/toasts';
import { useFormFields } from '../../ui/useFormFields';
import { SellerLogo } from './SellerLogo';
import { billingText } from '../../i18n/billing';
import type { ScreenProps } from '../../app/routing/screen';

const t = billingText.settings;
type SellerField = keyof typeof t.fields;
const FIELDS = Object.keys(t.fields) as SellerField[];
/** Optional: empty, the server uses the SIREN. */
const OPTIONAL: ReadonlySet<SellerField> = new Set(['electronicAddress']);
const BILLING = '/dashboard/facturation-admin';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
  hint: { color: tokens.colorNeutralForeground3 },
});

/**
 * « Paramètres de facturation » (product.md §11): the seller of every Factur-X bill. Every field is
 * required; the server checks the identifiers' keys (Siret, TVA, IBAN, BIC) and its messages show
 * under their fields.
 */
export default function SellerSettingsPage({ queryRef }: ScreenProps<SellerSettingsPageQuery>) {
  const styles = useStyles();
  const navigate = useNavigate();
  const commit = useCommit();
  const toast = useToast();
  const data = usePreloadedQuery<SellerSettingsPageQuery>(
    graphql`
      query SellerSettingsPageQuery {
        sellerSettings {
          legalName
          legalForm
          siret
          vatNumber
          rcs
          address
          zip
          city
          iban
          bic
          paymentTerms
          electronicAddress
          vatOnDebits
          ...SellerLogoFragment
        }
      }
    `,
    queryRef,
  );
  const initial = Object.fromEntries(FIELDS.map((field) => [field, data.sellerSettings?.[field] ?? ''])) as Record<SellerField, string>;
  const form = useFormFields<SellerField>(initial, (field, values) =>
    values[field].trim() || OPTIONAL.has(field) ? null : fr.forms.required,
  );
  const [vatOnDebits, setVatOnDebits] = useState(data.sellerSettings?.vatOnDebits ?? false);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate(FIELDS)) {
      toast('error', fr.forms.incomplete);
      return;
    }
    setSaving(true);
    try {
      const response = await commit<SellerSettingsPageMutation>(
        {
          mutation: graphql`
            mutation SellerSettingsPageMutation($input: SellerSettingsInput!) {
              updateSellerSettings(input: $input) {
                message
                settings {
                  legalName
                }
              }
            }
          `,
          variables: { input: { ...Object.fromEntries(FIELDS.map((field) => [field, form.values[field].trim()])), vatOnDebits } },
          // Facturation reads `sellerSettings` from the store first: it stops asking for them at once.
          updater: (store) => {
            const settings = store.getRootField('updateSellerSettings')?.getLinkedRecord('settings');
            if (settings) store.getRoot().setLinkedRecord(settings, 'sellerSettings');
          },
        },
        {
          errorToast: (error) =>
            error instanceof ApiError && Object.keys(error.fields).length > 0 ? fr.forms.incomplete : describeError(error),
        },
      );
      toast('success', response.updateSellerSettings.message || t.saved);
      void navigate(BILLING);
    } catch (error) {
      if (error instanceof ApiError) form.setServerErrors(error.fields);
      setSaving(false);
    }
  };

  const field = (name: SellerField, extra: { inputMode?: 'numeric'; hint?: string } = {}) =>
    form.textField(name, {
      label: t.fields[name],
      maxLength: name === 'paymentTerms' ? 500 : 200,
      required: !OPTIONAL.has(name),
      ...extra,
    });

  return (
    <section className={styles.page}>
      <PageHeader title={fr.titles.sellerSettings} description={t.description} />
      {data.sellerSettings ? <SellerLogo settings={data.sellerSettings} /> : <Text className={styles.hint}>{t.logo.settingsFirst}</Text>}
      <FormCard onSubmit={(event) => void submit(event)}>
        <FormSection title={t.identity}>
          {field('legalName')}
          {field('legalForm')}
          {field('siret', { inputMode: 'numeric', hint: t.hints.siret })}
          {field('vatNumber', { hint: t.hints.vatNumber })}
          <FormWide>{field('rcs', { hint: t.hints.rcs })}</FormWide>
        </FormSection>
        <FormSection title={t.address}>
          <FormWide>{field('address')}</FormWide>
          {field('zip', { inputMode: 'numeric' })}
          {field('city')}
        </FormSection>
        <FormSection title={t.bank}>
          {field('iban')}
          {field('bic')}
          <FormWide>{field('paymentTerms', { hint: t.hints.paymentTerms })}</FormWide>
        </FormSection>
        <FormSection title={t.einvoice}>
          <FormWide>{field('electronicAddress', { hint: t.hints.electronicAddress })}</FormWide>
          <FormWide>
            <Field hint={t.vatOnDebitsHint}>
              <Checkbox label={t.vatOnDebits} checked={vatOnDebits} onChange={(_, change) => setVatOnDebits(change.checked === true)} />
            </Field>
          </FormWide>
        </FormSection>
        <FormActions saving={saving} onCancel={() => navigate(BILLING)} />
      </FormCard>
    </section>
  );
}

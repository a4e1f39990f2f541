import { useRef, useState } from 'react';
import { Button, Card, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons/svg/arrow-upload';
import { DeleteRegular } from '@fluentui/react-icons/svg/delete';
import { graphql, useFragment } from 'react-relay/hooks';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { SellerLogoFragment$key } from '../../__generated__/SellerLogoFragment.graphql';
import type { SellerLogoRemoveMutation } from '../../__generated__/SellerLogoRemoveMutation.graphql';
import type { SellerLogoUploadMutation } from '../../__generated__/SellerLogoUploadMutation.graphql';
import { fr } from '../../i18n/fr';
import { useCommit } from '../../relay/commit';
import { readValue } from '../../relay/storeValues';
import { useUpload } from '../../relay/useUpload';
import { useConfirm } from '../../ui/ConfirmDialog';
import { useToast } from '../../ui/toasts';
import { billingText } from '../../i18n/billing';

const t = billingText.settings.logo;

const useStyles = makeStyles({
  card: {
    maxWidth: '920px',
    padding: tokens.spacingHorizontalXXL,
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
  },
  title: { margin: 0, color: tokens.colorNeutralForeground2, textTransform: 'uppercase', letterSpacing: '0.05em' },
  hint: { color: tokens.colorNeutralForeground3 },
  // The logo as the invoice prints it (at most 60 × 25 mm), on the invoice's white.
  frame: {
    alignSelf: 'flex-start',
    padding: tokens.spacingHorizontalM,
    backgroundColor: '#ffffff',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  preview: { display: 'block', maxWidth: '227px', maxHeight: '94px', objectFit: 'contain' },
  buttons: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalS },
  hiddenInput: { display: 'none' },
});

/** Both mutations answer the settings: the page's record takes their new link. */
const showLogoOf = (field: 'updateSellerLogo' | 'removeSellerLogo') => (store: RecordSourceSelectorProxy) => {
  const settings = store.getRootField(field)?.getLinkedRecord('settings');
  const logoUrl = settings ? readValue(settings, 'logoUrl') : null;
  store
    .getRoot()
    .getLinkedRecord('sellerSettings')
    ?.setValue(typeof logoUrl === 'string' ? logoUrl : null, 'logoUrl');
};

/**
 * « Logo » of the seller settings (product.md §11): the logo printed at the top of each bill, replaced by
 * picking a file (sent at once, the server checks and flattens it) or removed after a confirmation.
 */
export function SellerLogo({ settings }: { settings: SellerLogoFragment$key }) {
  const styles = useStyles();
  const toast = useToast();
  const commit = useCommit();
  const upload = useUpload();
  const { confirm, dialog } = useConfirm();
  const inputRef = useRef<HTMLInputElement>(null);
  const [removing, setRemoving] = useState(false);
  const { logoUrl } = useFragment(
    graphql`
      fragment SellerLogoFragment on SellerSettings {
        logoUrl
      }
    `,
    settings,
  );
  const busy = removing || upload.progress !== null;

  const send = async (file: File | undefined) => {
    if (!file) return;
    try {
      const response = await upload.start<SellerLogoUploadMutation>({
        mutation: graphql`
          mutation SellerLogoUploadMutation($input: SellerLogoInput!) {
            updateSellerLogo(input: $input) {
              message
              settings {
                logoUrl
              }
            }
          }
        `,
        variables: { input: { logo: null } },
        uploadables: { 'input.logo': file },
        updater: showLogoOf('updateSellerLogo'),
      });
      toast('success', response.updateSellerLogo.message);
    } catch {
      // Announced by a toast with the server's French reason; a cancel needs none.
    }
  };

  const remove = async () => {
    if (!(await confirm({ title: t.removeTitle, message: t.removeQuestion }))) return;
    setRemoving(true);
    try {
      const response = await commit<SellerLogoRemoveMutation>({
        mutation: graphql`
          mutation SellerLogoRemoveMutation {
            removeSellerLogo {
              message
              settings {
                logoUrl
              }
            }
          }
        `,
        variables: {},
        updater: showLogoOf('removeSellerLogo'),
      });
      toast('success', response.removeSellerLogo.message);
    } catch {
      // Announced by a toast.
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Card className={styles.card}>
      <Text as="h2" size={300} weight="semibold" className={styles.title}>
        {t.title}
      </Text>
      <Text size={200} className={styles.hint}>
        {t.hint}
      </Text>
      {logoUrl ? (
        <div className={styles.frame}>
          <img className={styles.preview} src={logoUrl} alt={t.current} />
        </div>
      ) : (
        <Text>{t.none}</Text>
      )}
      <div className={styles.buttons}>
        <Button type="button" icon={<ArrowUploadRegular />} disabled={busy} onClick={() => inputRef.current?.click()}>
          {logoUrl ? t.replace : t.add}
        </Button>
        {logoUrl ? (
          <Button type="button" appearance="subtle" icon={<DeleteRegular />} disabled={busy} onClick={() => void remove()}>
            {t.remove}
          </Button>
        ) : null}
      </div>
      {upload.progress !== null ? (
        <>
          <Text size={200} aria-live="polite">
            {fr.upload.progress(upload.progress)}
          </Text>
          <ProgressBar value={upload.progress / 100} thickness="large" aria-label={fr.upload.progress(upload.progress)} />
        </>
      ) : null}
      <input
        ref={inputRef}
        className={styles.hiddenInput}
        type="file"
        accept="image/png,image/jpeg"
        aria-label={t.choose}
        tabIndex={-1}
        onChange={(event) => {
          void send(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {dialog}
    </Card>
  );
}

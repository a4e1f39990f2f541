import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { graphql } from 'react-relay/hooks';
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX_LENGTH, type WebhookEventName } from '@constats/domain/webhook-events';
import type { CreateWebhookDialogMutation } from '../../__generated__/CreateWebhookDialogMutation.graphql';
import { fr } from '../../i18n/fr';
import { ApiError, describeError } from '../../relay/ApiError';
import { useCommit } from '../../relay/commit';
import { CheckboxGroupField } from '../../ui/CheckboxGroupField';
import { SecretShownOnce } from '../../ui/SecretShownOnce';

const w = fr.webhooks;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
});

/** « Ajouter un webhook »: its address and events, then its secret, shown this once, with a copy button. */
export function CreateWebhookDialog({ onCreated, onClose }: { onCreated: () => void; onClose: () => void }) {
  const styles = useStyles();
  const commit = useCommit();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<readonly WebhookEventName[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = { ...(!url.trim() && { url: w.urlRequired }), ...(events.length === 0 && { events: w.eventsRequired }) };
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    setSaving(true);
    try {
      const response = await commit<CreateWebhookDialogMutation>(
        {
          mutation: graphql`
            mutation CreateWebhookDialogMutation($input: CreateWebhookInput!) {
              createWebhook(input: $input) {
                secret
                webhook {
                  id
                }
              }
            }
          `,
          variables: { input: { url: url.trim(), events } },
        },
        // Field errors show under their input; the others as a toast.
        { errorToast: (error) => (error instanceof ApiError && Object.keys(error.fields).length > 0 ? null : describeError(error)) },
      );
      setSecret(response.createWebhook.secret);
      onCreated();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open modalType={secret ? 'alert' : 'modal'} onOpenChange={(_, data) => !data.open && !saving && onClose()}>
      <DialogSurface style={{ maxWidth: '560px' }}>
        {secret ? (
          <SecretShownOnce
            title={w.secretTitle}
            warning={w.secretWarning}
            label={w.secretLabel}
            copied={w.copied}
            secret={secret}
            onClose={onClose}
          />
        ) : (
          <form noValidate onSubmit={(event) => void submit(event)}>
            <DialogBody>
              <DialogTitle>{w.createTitle}</DialogTitle>
              <DialogContent className={styles.form}>
                <Field label={w.url} required hint={w.urlHint} validationMessage={errors.url}>
                  <Input
                    type="url"
                    value={url}
                    maxLength={WEBHOOK_URL_MAX_LENGTH}
                    placeholder="https://"
                    onChange={(_, data) => setUrl(data.value)}
                  />
                </Field>
                <CheckboxGroupField
                  label={w.events}
                  error={errors.events}
                  options={WEBHOOK_EVENTS}
                  labelOf={(name) => w.eventLabels[name]}
                  value={events}
                  onChange={setEvents}
                />
              </DialogContent>
              <DialogActions>
                <Button appearance="secondary" disabled={saving} onClick={onClose}>
                  {fr.cancel}
                </Button>
                <Button appearance="primary" type="submit" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
                  {w.submit}
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        )}
      </DialogSurface>
    </Dialog>
  );
}

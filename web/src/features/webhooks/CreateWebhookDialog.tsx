import { useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  FieldContextProvider,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons/svg/copy';
import { graphql } from 'react-relay/hooks';
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX_LENGTH, type WebhookEventName } from '@constats/domain/webhook-events';
import type { CreateWebhookDialogMutation } from '../../__generated__/CreateWebhookDialogMutation.graphql';
import { fr } from '../../i18n/fr';
import { ApiError, describeError } from '../../relay/ApiError';
import { useCommit } from '../../relay/commit';
import { useToast } from '../../ui/toasts';

const w = fr.webhooks;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  secret: { display: 'flex', columnGap: tokens.spacingHorizontalS, alignItems: 'end', flexWrap: 'wrap' },
  secretInput: { flexGrow: 1, fontFamily: tokens.fontFamilyMonospace },
  events: { display: 'flex', flexDirection: 'column' },
});

/** « Ajouter un webhook »: its address and events, then its secret, shown this once, with a copy button. */
export function CreateWebhookDialog({ onCreated, onClose }: { onCreated: () => void; onClose: () => void }) {
  const styles = useStyles();
  const commit = useCommit();
  const toast = useToast();
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

  const copy = async () => {
    if (!secret) return;
    await navigator.clipboard.writeText(secret);
    toast('success', w.copied);
  };

  return (
    <Dialog open modalType={secret ? 'alert' : 'modal'} onOpenChange={(_, data) => !data.open && !saving && onClose()}>
      <DialogSurface style={{ maxWidth: '560px' }}>
        {secret ? (
          <DialogBody>
            <DialogTitle>{w.secretTitle}</DialogTitle>
            <DialogContent className={styles.form}>
              <MessageBar intent="warning">
                <MessageBarBody>{w.secretWarning}</MessageBarBody>
              </MessageBar>
              <div className={styles.secret}>
                <Field label={w.secretLabel} style={{ flexGrow: 1 }}>
                  <Input readOnly value={secret} className={styles.secretInput} onFocus={(event) => event.target.select()} />
                </Field>
                <Button icon={<CopyRegular />} onClick={() => void copy()}>
                  {w.copy}
                </Button>
              </div>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={onClose}>
                {fr.close}
              </Button>
            </DialogActions>
          </DialogBody>
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
                <Field label={w.events} validationMessage={errors.events}>
                  <div className={styles.events} role="group" aria-label={w.events}>
                    {/* Out of the Field's context: its checkboxes would all take the field's one id (a click on any
                        label ticking the first box) and its label as their name. */}
                    <FieldContextProvider value={undefined}>
                      {WEBHOOK_EVENTS.map((name) => (
                        <Checkbox
                          key={name}
                          label={w.eventLabels[name]}
                          checked={events.includes(name)}
                          onChange={(_, data) =>
                            setEvents((current) => (data.checked ? [...current, name] : current.filter((chosen) => chosen !== name)))
                          }
                        />
                      ))}
                    </FieldContextProvider>
                  </div>
                </Field>
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

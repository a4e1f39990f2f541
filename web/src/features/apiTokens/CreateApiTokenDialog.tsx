import { Suspense, useState, type FormEvent } from 'react';
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
  Select,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { graphql } from 'react-relay/hooks';
import type { CreateApiTokenDialogMutation } from '../../__generated__/CreateApiTokenDialogMutation.graphql';
import { fr } from '../../i18n/fr';
import { ApiError, describeError } from '../../relay/ApiError';
import { useCommit } from '../../relay/commit';
import { CheckboxGroupField } from '../../ui/CheckboxGroupField';
import { SecretShownOnce } from '../../ui/SecretShownOnce';
import { TokenGroupsField } from './TokenGroupsField';

const a = fr.apiTokens;
const LIFETIMES = [30, 90, 182, 365] as const;
const DEFAULT_LIFETIME = 90;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
});

interface Props {
  /** The scopes the signed-in user may give (apiTokenScopeChoices: what his role reads). */
  scopeChoices: readonly string[];
  /** Admins only: a token may be limited to some études. */
  canLimitGroups: boolean;
  onCreated: () => void;
  onClose: () => void;
}

/**
 * « Créer un jeton »: name, lifetime, read scopes (and an admin's études), then the secret, shown
 * this once, with a copy button.
 */
export function CreateApiTokenDialog({ scopeChoices, canLimitGroups, onCreated, onClose }: Props) {
  const styles = useStyles();
  const commit = useCommit();
  const [name, setName] = useState('');
  const [days, setDays] = useState<number>(DEFAULT_LIFETIME);
  const [scopes, setScopes] = useState<readonly string[]>([]);
  const [groupIds, setGroupIds] = useState<readonly string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = { ...(!name.trim() && { name: a.nameRequired }), ...(scopes.length === 0 && { scopes: a.scopesRequired }) };
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    setSaving(true);
    try {
      const response = await commit<CreateApiTokenDialogMutation>(
        {
          mutation: graphql`
            mutation CreateApiTokenDialogMutation($input: CreateApiTokenInput!) {
              createApiToken(input: $input) {
                token
                apiToken {
                  id
                }
              }
            }
          `,
          variables: {
            input: {
              name: name.trim(),
              expiresAt: new Date(Date.now() + days * 86_400_000).toISOString(),
              // The server checks each against the role; the enum's values are these strings.
              scopes: scopes as CreateApiTokenDialogMutation['variables']['input']['scopes'],
              ...(groupIds.length > 0 && { groupIds }),
            },
          },
        },
        // Field errors show under their input; the others as a toast.
        { errorToast: (error) => (error instanceof ApiError && Object.keys(error.fields).length > 0 ? null : describeError(error)) },
      );
      setSecret(response.createApiToken.token);
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
            title={a.secretTitle}
            warning={a.secretWarning}
            label={a.secretLabel}
            copied={a.copied}
            secret={secret}
            onClose={onClose}
          />
        ) : (
          <form noValidate onSubmit={(event) => void submit(event)}>
            <DialogBody>
              <DialogTitle>{a.createTitle}</DialogTitle>
              <DialogContent className={styles.form}>
                <Field label={a.name} required validationMessage={errors.name}>
                  <Input value={name} maxLength={100} placeholder={a.namePlaceholder} onChange={(_, data) => setName(data.value)} />
                </Field>
                <Field label={a.expiry} validationMessage={errors.expiresAt}>
                  <Select value={String(days)} onChange={(_, data) => setDays(Number(data.value))}>
                    {LIFETIMES.map((lifetime) => (
                      <option key={lifetime} value={lifetime}>
                        {a.expiryOptions[lifetime]}
                      </option>
                    ))}
                  </Select>
                </Field>
                <CheckboxGroupField
                  label={a.scopes}
                  hint={a.scopesHint}
                  error={errors.scopes}
                  options={scopeChoices}
                  labelOf={(scope) => a.scopeLabels[scope] ?? scope}
                  value={scopes}
                  onChange={setScopes}
                />
                {canLimitGroups ? (
                  <Suspense fallback={<Spinner size="tiny" label={fr.loading} />}>
                    <TokenGroupsField value={groupIds} error={errors.groupIds} onChange={setGroupIds} />
                  </Suspense>
                ) : null}
              </DialogContent>
              <DialogActions>
                <Button appearance="secondary" disabled={saving} onClick={onClose}>
                  {fr.cancel}
                </Button>
                <Button appearance="primary" type="submit" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
                  {a.submit}
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        )}
      </DialogSurface>
    </Dialog>
  );
}

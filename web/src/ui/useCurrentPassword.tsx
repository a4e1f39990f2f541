import { useState } from 'react';
import { Field } from '@fluentui/react-components';
import { fr } from '../i18n/fr';
import { PasswordInput } from './PasswordInput';

const t = fr.profile;

/**
 * « Mot de passe actuel », which the server requires with a new password for one's own account
 * (profiles, an admin's own account form): its value, its check before sending, the server's
 * message under it, and the field (render it only while a new password is typed).
 */
export function useCurrentPassword() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    value,
    /** Before sending a new password: false, with the message, when it is empty. */
    validate: () => {
      if (value) return true;
      setError(t.messages.currentPasswordRequired);
      return false;
    },
    /** The server's message for it (« Mot de passe actuel incorrect. »), if any. */
    showServerErrors: (fields: Readonly<Record<string, string>>) => setError(fields.currentPassword ?? null),
    reset: () => {
      setValue('');
      setError(null);
    },
    field: (
      <Field
        label={t.fields.currentPassword}
        required
        hint={t.currentPasswordHint}
        validationState={error ? 'error' : 'none'}
        validationMessage={error ?? undefined}
      >
        <PasswordInput
          value={value}
          autoComplete="current-password"
          onChange={(_, data) => {
            setValue(data.value);
            setError(null);
          }}
        />
      </Field>
    ),
  };
}

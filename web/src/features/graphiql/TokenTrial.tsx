import { useId, useState, type FormEvent } from 'react';
import {
  Button,
  Caption1,
  Field,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { fr } from '../../i18n/fr';
import { pastedToken, tokenPreview } from './requests';

const t = fr.graphiql;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  field: { flexGrow: 1, maxWidth: '720px' },
  hint: { color: tokens.colorNeutralForeground3 },
});

/**
 * « Tester avec un jeton »: the token an admin pastes, kept in the page's memory only (never in
 * localStorage), and while it is used the reminder that the session is not sent.
 */
export function TokenTrial({ token, onChange }: { token: string | null; onChange: (token: string | null) => void }) {
  const styles = useStyles();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const hintId = useId();

  if (token)
    return (
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{t.tokenActive(tokenPreview(token))}</MessageBarTitle>
          {t.tokenActiveHint}
        </MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => onChange(null)}>{t.backToSession}</Button>
        </MessageBarActions>
      </MessageBar>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pasted = pastedToken(text);
    if (!pasted) return setError(t.tokenRequired);
    setText('');
    setError(undefined);
    onChange(pasted);
  };
  return (
    <form className={styles.form} onSubmit={submit}>
      <div className={styles.row}>
        <Field className={styles.field} label={t.tokenLabel} validationMessage={error}>
          <Input type="password" autoComplete="off" aria-describedby={hintId} value={text} onChange={(_, data) => setText(data.value)} />
        </Field>
        <Button type="submit">{t.tokenUse}</Button>
      </div>
      {/* Below the row, not as the field's hint: the button stays level with the input. */}
      <Caption1 id={hintId} className={styles.hint}>
        {t.tokenHint}
      </Caption1>
    </form>
  );
}

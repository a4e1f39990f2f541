import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons/svg/copy';
import { fr } from '../i18n/fr';
import { useToast } from './toasts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  secret: { display: 'flex', columnGap: tokens.spacingHorizontalS, alignItems: 'end', flexWrap: 'wrap' },
  field: { flexGrow: 1 },
  input: { fontFamily: tokens.fontFamilyMonospace },
});

interface Props {
  title: string;
  /** Why it must be copied now: the server keeps only its hash and never shows it again. */
  warning: string;
  label: string;
  copied: string;
  secret: string;
  onClose: () => void;
}

/**
 * The step after creating something with a secret (an API token, a webhook's signing key): the
 * secret, selected on focus, a copy button and « Fermer ». Rendered in the creating dialog, which
 * should then be an alert dialog (no closing by a click beside it).
 */
export function SecretShownOnce({ title, warning, label, copied, secret, onClose }: Props) {
  const styles = useStyles();
  const toast = useToast();
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    toast('success', copied);
  };
  return (
    <DialogBody>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent className={styles.content}>
        <MessageBar intent="warning">
          <MessageBarBody>{warning}</MessageBarBody>
        </MessageBar>
        <div className={styles.secret}>
          <Field label={label} className={styles.field}>
            <Input readOnly value={secret} className={styles.input} onFocus={(event) => event.target.select()} />
          </Field>
          <Button icon={<CopyRegular />} onClick={() => void copy()}>
            {fr.copy}
          </Button>
        </div>
      </DialogContent>
      <DialogActions>
        <Button appearance="primary" onClick={onClose}>
          {fr.close}
        </Button>
      </DialogActions>
    </DialogBody>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { Avatar, Button, Field, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { fr } from '../i18n/fr';
import { AVATAR_TYPES, checkAvatarFile } from './avatarFile';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalL },
  side: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0, flexGrow: 1 },
  buttons: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalS },
  hint: { color: tokens.colorNeutralForeground3 },
  hiddenInput: { display: 'none' },
});

/** What the form sends: a new picture, or the wish to go back to the default avatar. */
export interface AvatarChoice {
  file: File | null;
  remove: boolean;
}

export const keepAvatar: AvatarChoice = { file: null, remove: false };

/**
 * A profile picture field: the current picture (or the initials, the default avatar), a preview of
 * the one picked, 'Retirer la photo', and the progress of the save that sends it.
 */
export function AvatarPicker({
  name,
  currentUrl,
  value,
  onChange,
  disabled = false,
  progress = null,
}: {
  /** The account's full name, for the initials. */
  name: string;
  currentUrl: string | null;
  value: AvatarChoice;
  onChange: (choice: AvatarChoice) => void;
  disabled?: boolean;
  /** Percentage sent while the form is saved with a new picture. */
  progress?: number | null;
}) {
  const styles = useStyles();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => (value.file ? URL.createObjectURL(value.file) : null), [value.file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? (value.remove ? null : currentUrl);

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = checkAvatarFile(file);
    setError(problem);
    if (!problem) onChange({ file, remove: false });
  };

  return (
    <Field label={fr.avatar.label} validationState={error ? 'error' : 'none'} validationMessage={error ?? undefined}>
      <div className={styles.root}>
        <Avatar
          size={96}
          name={name}
          // A new account has no name yet: the picture is still named (WCAG 1.1.1, role img).
          aria-label={name.trim() || fr.avatar.label}
          color="brand"
          image={shown ? { src: shown, alt: fr.avatar.label } : undefined}
          data-testid="avatar-preview"
        />
        <div className={styles.side}>
          <div className={styles.buttons}>
            <Button type="button" disabled={disabled} onClick={() => inputRef.current?.click()}>
              {shown ? fr.avatar.change : fr.avatar.choose}
            </Button>
            {value.file || (currentUrl && !value.remove) ? (
              <Button
                type="button"
                appearance="subtle"
                disabled={disabled}
                onClick={() => onChange({ file: null, remove: currentUrl !== null })}
              >
                {fr.avatar.remove}
              </Button>
            ) : null}
            {value.remove && !value.file ? (
              <Button type="button" appearance="subtle" disabled={disabled} onClick={() => onChange({ file: null, remove: false })}>
                {fr.avatar.keep}
              </Button>
            ) : null}
          </div>
          <Text size={200} className={styles.hint}>
            {fr.avatar.hint}
          </Text>
          {progress !== null && value.file ? (
            <>
              <Text size={200} aria-live="polite">
                {fr.upload.progress(progress)}
              </Text>
              <ProgressBar value={progress / 100} thickness="large" aria-label={fr.upload.progress(progress)} />
            </>
          ) : null}
        </div>
        <input
          ref={inputRef}
          className={styles.hiddenInput}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          aria-label={fr.avatar.choose}
          tabIndex={-1}
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
    </Field>
  );
}

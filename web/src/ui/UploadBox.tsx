import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Button, ProgressBar, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CameraRegular } from '@fluentui/react-icons/svg/camera';
import { CloudArrowUpRegular } from '@fluentui/react-icons/svg/cloud-arrow-up';
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import { DocumentRegular } from '@fluentui/react-icons/svg/document';
import { fr } from '../i18n/fr';
import { formatFileSize } from './format';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
  },
  zone: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    rowGap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}`,
    border: `${tokens.strokeWidthThick} dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    textAlign: 'center',
    transitionProperty: 'background-color, border-color',
    transitionDuration: tokens.durationFaster,
  },
  dragging: {
    borderTopColor: tokens.colorBrandStroke1,
    borderRightColor: tokens.colorBrandStroke1,
    borderBottomColor: tokens.colorBrandStroke1,
    borderLeftColor: tokens.colorBrandStroke1,
    backgroundColor: tokens.colorBrandBackground2,
  },
  invalid: {
    borderTopColor: tokens.colorPaletteRedBorder2,
    borderRightColor: tokens.colorPaletteRedBorder2,
    borderBottomColor: tokens.colorPaletteRedBorder2,
    borderLeftColor: tokens.colorPaletteRedBorder2,
  },
  disabled: {
    opacity: 0.6,
  },
  zoneIcon: {
    fontSize: '32px',
    color: tokens.colorBrandForeground1,
  },
  hint: {
    color: tokens.colorNeutralForeground3,
    maxWidth: '100%',
    overflowWrap: 'anywhere',
  },
  // Side by side, and one under the other on a narrow phone.
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    rowGap: tokens.spacingVerticalXS,
    columnGap: tokens.spacingHorizontalS,
  },
  hiddenInput: {
    display: 'none',
  },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
  },
  file: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  fileName: {
    flexGrow: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  fileSize: {
    flexShrink: 0,
    color: tokens.colorNeutralForeground3,
  },
  error: {
    color: tokens.colorPaletteRedForeground1,
  },
  progress: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
  },
  progressBar: {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXS,
  },
});

/** Picked files listed one by one; beyond, a count: a phone's thousand photos are not a thousand rows. */
const LISTED_FILES = 10;

/** product.md §9: file names over 80 characters are cut. */
const MAX_NAME = 80;

function shortName(name: string): string {
  return name.length > MAX_NAME ? `${name.slice(0, MAX_NAME)}...` : name;
}

function isAccepted(file: File, accept: readonly string[]): boolean {
  if (accept.length === 0) return true;
  const name = file.name.toLowerCase();
  return accept.some((extension) => name.endsWith(extension.toLowerCase()));
}

/** The picker's `accept`: the extensions, and the media types that make a phone offer its photo library. */
const pickerAccept = (accept: readonly string[], mediaTypes: readonly string[] = []): string => [...accept, ...mediaTypes].join(',');

export interface UploadBoxProps {
  /** Names the drop zone for screen readers. */
  label: string;
  files: readonly File[];
  onFilesChange: (files: File[]) => void;
  /** Accepted extensions, e.g. ['.doc', '.docx', '.odt', '.pdf', '.txt'] (product.md §5). */
  accept: readonly string[];
  /** The formats as the hint names them (the server's wording); the extensions listed by default. */
  acceptedLabel?: string;
  /**
   * Media types the picker offers too ('image/*', 'audio/*'): a phone then offers its photo library
   * and recordings beside its files. What is picked is still checked against `accept`.
   */
  mediaTypes?: readonly string[];
  /** Shows « Prendre une photo », which opens a phone's rear camera (a desktop browser opens its picker). */
  camera?: boolean;
  /** Several files (default) or one (the secretary's bill, product.md §5). */
  multiple?: boolean;
  disabled?: boolean;
  /** Percentage sent while uploading (see `useUpload`); null or absent when idle. */
  progress?: number | null;
  /** Shows 'Annuler' next to the progress bar. */
  onCancel?: () => void;
  /** A validation message ('Veuillez entrer un fichier'). */
  error?: string;
}

/**
 * product.md §2 upload box: files dropped or picked (several by default, checked against the accepted
 * types), listed with their size and a remove button; while sending, a progress bar with
 * 'Annuler'.
 */
export function UploadBox(props: UploadBoxProps) {
  const styles = useStyles();
  const {
    files,
    onFilesChange,
    accept,
    acceptedLabel,
    mediaTypes,
    camera = false,
    multiple = true,
    progress = null,
    onCancel,
    error,
  } = props;
  const uploading = progress !== null;
  const disabled = (props.disabled ?? false) || uploading;
  const inputRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [rejected, setRejected] = useState<string[]>([]);

  const add = (picked: File[]) => {
    const accepted = picked.filter((file) => isAccepted(file, accept));
    setRejected(picked.filter((file) => !isAccepted(file, accept)).map((file) => file.name));
    if (accepted.length === 0) return;
    if (!multiple) {
      onFilesChange(accepted.slice(0, 1));
      return;
    }
    // The same file dropped twice is kept once.
    const known = new Set(files.map((file) => `${file.name}:${file.size}:${file.lastModified}`));
    onFilesChange([...files, ...accepted.filter((file) => !known.has(`${file.name}:${file.size}:${file.lastModified}`))]);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) add(Array.from(event.dataTransfer.files));
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    add(Array.from(event.target.files ?? []));
    // The same file can be picked again after being removed.
    event.target.value = '';
  };

  return (
    <div className={styles.root}>
      <div
        role="group"
        aria-label={props.label}
        aria-describedby={hintId}
        aria-disabled={disabled}
        className={mergeClasses(styles.zone, dragging && styles.dragging, error && styles.invalid, disabled && styles.disabled)}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <CloudArrowUpRegular className={styles.zoneIcon} aria-hidden />
        <Text weight="semibold">{multiple ? fr.upload.drop : fr.upload.dropSingle}</Text>
        <Text size={200} className={styles.hint}>
          {fr.upload.or}
        </Text>
        <div className={styles.actions}>
          <Button appearance="secondary" size="small" disabled={disabled} onClick={() => inputRef.current?.click()}>
            {fr.upload.browse}
          </Button>
          {camera ? (
            <Button
              appearance="secondary"
              size="small"
              icon={<CameraRegular />}
              disabled={disabled}
              onClick={() => cameraRef.current?.click()}
            >
              {fr.upload.takePhoto}
            </Button>
          ) : null}
        </div>
        <Text id={hintId} size={200} className={styles.hint}>
          {fr.upload.accepted(acceptedLabel ?? accept.join(', '))}
        </Text>
        <input
          ref={inputRef}
          className={styles.hiddenInput}
          type="file"
          multiple={multiple}
          accept={pickerAccept(accept, mediaTypes)}
          onChange={onPick}
          tabIndex={-1}
          aria-hidden
        />
        {camera ? (
          <input
            ref={cameraRef}
            className={styles.hiddenInput}
            type="file"
            accept="image/*"
            capture="environment"
            onChange={onPick}
            tabIndex={-1}
            aria-hidden
          />
        ) : null}
      </div>

      {error ? (
        <Text size={200} className={styles.error} role="alert">
          {error}
        </Text>
      ) : null}
      {rejected.map((name) => (
        <Text key={name} size={200} className={styles.error} role="alert">
          {fr.upload.rejected(shortName(name))}
        </Text>
      ))}

      {files.length > 0 ? (
        <ul className={styles.list}>
          {files.slice(0, LISTED_FILES).map((file, index) => (
            <li key={`${file.name}:${file.size}:${file.lastModified}`} className={styles.file}>
              <DocumentRegular aria-hidden />
              <Text className={styles.fileName} title={file.name}>
                {shortName(file.name)}
              </Text>
              <Text size={200} className={styles.fileSize}>
                {formatFileSize(file.size)}
              </Text>
              <Button
                appearance="subtle"
                size="small"
                icon={<DismissRegular />}
                aria-label={fr.upload.remove(file.name)}
                disabled={disabled}
                onClick={() => onFilesChange(files.filter((_, position) => position !== index))}
              />
            </li>
          ))}
          {files.length > LISTED_FILES ? (
            <li className={styles.file}>
              <Text className={styles.fileName}>
                {fr.upload.more(
                  files.length - LISTED_FILES,
                  formatFileSize(files.slice(LISTED_FILES).reduce((total, file) => total + file.size, 0)),
                )}
              </Text>
              <Button appearance="subtle" size="small" disabled={disabled} onClick={() => onFilesChange([])}>
                {fr.upload.removeAll}
              </Button>
            </li>
          ) : null}
        </ul>
      ) : null}

      {uploading ? (
        <div className={styles.progress}>
          <div className={styles.progressBar}>
            <Text size={200} aria-live="polite">
              {fr.upload.progress(progress)}
            </Text>
            <ProgressBar value={progress / 100} thickness="large" aria-label={fr.upload.progress(progress)} />
          </div>
          {onCancel ? (
            <Button appearance="secondary" icon={<DismissRegular />} onClick={onCancel}>
              {fr.upload.cancel}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

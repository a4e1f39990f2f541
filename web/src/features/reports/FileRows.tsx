import { Button, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons/svg/delete';
import { DocumentRegular } from '@fluentui/react-icons/svg/document';
import type { ViewedDocument } from '../../ui/DocumentViewer';
import { DownloadFileButton, ViewFileButton } from '../../ui/FileButtons';
import { formatDateTime, formatFileSize } from '../../ui/format';
import { truncate } from '../../ui/text';
import { reportsText as t } from '../../i18n/reports';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', rowGap: '2px' },
  file: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  fileName: { flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The delete button of one of a constat's files, wherever it is listed (rows, gallery, dictations). */
export function RemoveFileButton({ file, onRemove }: { file: { id: string; name: string }; onRemove: (fileId: string) => void }) {
  return (
    <Button
      appearance="subtle"
      size="small"
      icon={<DeleteRegular />}
      aria-label={t.deleteFile(file.name)}
      onClick={() => onRemove(file.id)}
    />
  );
}

export interface FileRow extends ViewedDocument {
  readonly id: string;
  readonly size: number;
  readonly createdAt: string;
}

/** A constat's documents (product.md §2 expanded row): name opening the viewer, size, date, view, download and delete. */
export function FileRows({
  files,
  onView,
  onRemove,
}: {
  files: readonly FileRow[];
  onView: (file: ViewedDocument) => void;
  /** Absent where the viewer may not delete. */
  onRemove?: (fileId: string) => void;
}) {
  const styles = useStyles();
  return (
    <ul className={styles.list}>
      {files.map((file) => (
        <li key={file.id} className={styles.file}>
          <DocumentRegular aria-hidden />
          <span className={styles.fileName}>
            <Link as="button" title={file.name} onClick={() => onView(file)}>
              {truncate(file.name, 80)}
            </Link>
            <Text size={200} className={styles.muted} block>
              {formatFileSize(file.size)} · {formatDateTime(file.createdAt)}
            </Text>
          </span>
          <ViewFileButton size="small" file={file} label={t.viewFile(file.name)} onView={onView} />
          <DownloadFileButton size="small" file={file} label={t.downloadFile(file.name)} />
          {onRemove ? <RemoveFileButton file={file} onRemove={onRemove} /> : null}
        </li>
      ))}
    </ul>
  );
}

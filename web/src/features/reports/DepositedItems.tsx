import type { ReactNode } from 'react';
import { Link, Text, makeStyles, tokens, useId } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { FolderZipRegular } from '@fluentui/react-icons/svg/folder-zip';
import { MicRegular } from '@fluentui/react-icons/svg/mic';
import { galleryText as g } from '../../i18n/gallery';
import { reportsText as t } from '../../i18n/reports';
import type { ViewedDocument } from '../../ui/DocumentViewer';
import { DownloadFileButton } from '../../ui/FileButtons';
import { formatFileSize } from '../../ui/format';
import { truncate } from '../../ui/text';
import { FileRows, RemoveFileButton, type FileRow } from './FileRows';
import { splitByKind } from './gallery';
import type { GalleryPhoto } from './PhotoFacts';
import { PhotoGallery } from './PhotoGallery';
import { usePhotoFacts } from './usePhotoFacts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
  archives: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS },
  archive: { display: 'inline-flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXS, minHeight: '24px' },
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', rowGap: '2px' },
  dictation: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  name: { flexGrow: 1, minWidth: '10em', overflowWrap: 'anywhere' },
  audio: { maxWidth: '100%', height: '32px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

type DepositedFile = FileRow & Pick<GalleryPhoto, 'downloadUrl'>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  const id = useId('deposited-section');
  return (
    <div className={styles.section} role="group" aria-labelledby={id}>
      <Text id={id} weight="semibold">
        {title}
      </Text>
      {children}
    </div>
  );
}

/** Dictations with their size and the browser's own player, loaded only when played. */
function Dictations({ files, onRemove }: { files: readonly DepositedFile[]; onRemove?: (fileId: string) => void }) {
  const styles = useStyles();
  return (
    <ul className={styles.list}>
      {files.map((file) => (
        <li key={file.id} className={styles.dictation}>
          <MicRegular aria-hidden />
          <span className={styles.name}>
            <Text title={file.name}>{truncate(file.name, 80)}</Text>
            <Text size={200} className={styles.muted} block>
              {formatFileSize(file.size)}
            </Text>
          </span>
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a dictation is what the secretary types: no captions exist for it. */}
          <audio className={styles.audio} controls preload="none" src={file.url} aria-label={g.listen(file.name)} />
          <DownloadFileButton size="small" file={file} label={t.downloadFile(file.name)} />
          {onRemove ? <RemoveFileButton file={file} onRemove={onRemove} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * A constat's deposited items (product.md §16), in deposit order: the zips, then the photos as a
 * numbered gallery, the dictations, the documents as rows; each part only when it has files.
 */
export function DepositedItems({
  reportId,
  files,
  archiveUrl,
  wordArchiveUrl,
  onView,
  onRemove,
}: {
  reportId: string;
  files: readonly DepositedFile[];
  archiveUrl: string | null | undefined;
  wordArchiveUrl: string | null | undefined;
  onView: (file: ViewedDocument) => void;
  onRemove?: (fileId: string) => void;
}) {
  const styles = useStyles();
  const { photos, dictations, documents } = splitByKind(files);
  const facts = usePhotoFacts(
    reportId,
    photos.map((photo) => photo.id),
  );
  return (
    <div className={styles.root}>
      {archiveUrl ? (
        <div className={styles.archives}>
          <Link className={styles.archive} href={archiveUrl} download>
            <ArrowDownloadRegular aria-hidden />
            {g.downloadAll}
          </Link>
          {wordArchiveUrl ? (
            <Link className={styles.archive} href={wordArchiveUrl} download>
              <FolderZipRegular aria-hidden />
              {g.wordArchive}
            </Link>
          ) : null}
        </div>
      ) : null}
      {photos.length > 0 ? (
        <Section title={g.photos(photos.length)}>
          <PhotoGallery photos={photos.map((photo) => ({ ...photo, ...facts.get(photo.id) }))} onRemove={onRemove} />
        </Section>
      ) : null}
      {dictations.length > 0 ? (
        <Section title={g.dictations(dictations.length)}>
          <Dictations files={dictations} onRemove={onRemove} />
        </Section>
      ) : null}
      {documents.length > 0 ? (
        <Section title={g.documents(documents.length)}>
          <FileRows files={documents} onView={onView} onRemove={onRemove} />
        </Section>
      ) : null}
    </div>
  );
}

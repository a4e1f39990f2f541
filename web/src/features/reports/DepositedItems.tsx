import type { ReactNode } from 'react';
import { Link, Text, makeStyles, tokens, useId } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { FolderZipRegular } from '@fluentui/react-icons/svg/folder-zip';
import { dictationText as d } from '../../i18n/dictation';
import { galleryText as g } from '../../i18n/gallery';
import type { ViewedDocument } from '../../ui/DocumentViewer';
import { formatLength } from './dictation';
import { DictationList } from './DictationList';
import { FileRows, type FileRow } from './FileRows';
import { splitByKind } from './gallery';
import type { GalleryPhoto } from './PhotoFacts';
import { PhotoGallery } from './PhotoGallery';
import { usePhotoFacts } from './usePhotoFacts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
  archives: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS },
  archive: { display: 'inline-flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXS, minHeight: '24px' },
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
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

/**
 * A constat's deposited items (product.md §16), in deposit order: the zips, then the photos as a
 * numbered gallery, the dictations with their player and total length, the documents as rows; each
 * part only when it has files.
 */
export function DepositedItems({
  reportId,
  files,
  archiveUrl,
  wordArchiveUrl,
  dictationSeconds,
  onView,
  onRemove,
}: {
  reportId: string;
  files: readonly DepositedFile[];
  archiveUrl: string | null | undefined;
  /** The dictations' total length in seconds (0 while none is known). */
  dictationSeconds: number;
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
        <Section title={d.sectionTitle(g.dictations(dictations.length), dictationSeconds > 0 ? formatLength(dictationSeconds) : null)}>
          <DictationList reportId={reportId} files={dictations} onRemove={onRemove} />
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

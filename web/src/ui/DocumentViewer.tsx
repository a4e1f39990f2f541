import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { DocumentRegular } from '@fluentui/react-icons/svg/document';
import { fr } from '../i18n/fr';
import { ClosableDialogTitle } from './ClosableDialogTitle';

const useStyles = makeStyles({
  // product.md §9: the preview modal is 80vw by 80vh.
  surface: {
    width: '80vw',
    maxWidth: '80vw',
    height: '80vh',
    maxHeight: '80vh',
    boxSizing: 'border-box',
    display: 'flex',
    padding: tokens.spacingHorizontalL,
  },
  body: {
    flexGrow: 1,
    display: 'grid',
    gridTemplateRows: 'auto 1fr auto',
    minHeight: 0,
    maxHeight: '100%',
  },
  title: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  content: {
    display: 'flex',
    minHeight: 0,
    overflow: 'hidden',
  },
  frame: {
    flexGrow: 1,
    width: '100%',
    height: '100%',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  // Plain text reads on white, like a page.
  textFrame: { backgroundColor: tokens.colorNeutralBackground1 },
  image: {
    margin: 'auto',
    maxWidth: '100%',
    maxHeight: '100%',
    objectFit: 'contain',
  },
  noPreview: {
    margin: 'auto',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    rowGap: tokens.spacingVerticalM,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
  fileIcon: {
    fontSize: '48px',
    color: tokens.colorNeutralForeground3,
  },
});

export interface ViewedDocument {
  /** The original file name, shown as the title. */
  name: string;
  /** A link the browser can display (the API's signed `url`). */
  url: string;
  /** A link that downloads it (the API's signed `downloadUrl`); `url` otherwise. */
  downloadUrl?: string;
  /** The MIME type when known; the extension decides otherwise. */
  type?: string;
}

export type PreviewKind = 'pdf' | 'text' | 'image' | 'none';

/**
 * PDF and text files are shown in the page (the server serves text as UTF-8 plain text, under a
 * sandbox policy), pictures too; other types are offered for download.
 */
export function previewKind(document: Pick<ViewedDocument, 'name' | 'type'>): PreviewKind {
  const type = document.type?.toLowerCase() ?? '';
  const extension = document.name.toLowerCase().split('.').pop() ?? '';
  if (type === 'application/pdf' || extension === 'pdf') return 'pdf';
  if (type.startsWith('text/plain') || extension === 'txt') return 'text';
  if (type.startsWith('image/') || ['png', 'jpg', 'jpeg', 'gif', 'webp'].includes(extension)) return 'image';
  return 'none';
}

/** product.md §2 document viewer: a modal of 80vw × 80vh, PDF, text and pictures inline, other types downloadable. */
export function DocumentViewer({ document, onClose }: { document: ViewedDocument | null; onClose: () => void }) {
  const styles = useStyles();
  const kind = document ? previewKind(document) : 'none';
  return (
    <Dialog open={document !== null} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        {document ? (
          <DialogBody className={styles.body}>
            <ClosableDialogTitle className={styles.title}>{document.name}</ClosableDialogTitle>
            <DialogContent className={styles.content}>
              {kind === 'pdf' || kind === 'text' ? (
                <iframe
                  className={mergeClasses(styles.frame, kind === 'text' && styles.textFrame)}
                  src={document.url}
                  title={document.name}
                />
              ) : kind === 'image' ? (
                <img className={styles.image} src={document.url} alt={document.name} />
              ) : (
                <div className={styles.noPreview}>
                  <DocumentRegular className={styles.fileIcon} aria-hidden />
                  <Text weight="semibold">{fr.viewer.noPreview}</Text>
                  <Text>{fr.viewer.noPreviewHint}</Text>
                </div>
              )}
            </DialogContent>
            <DialogActions>
              <Button
                as="a"
                appearance="primary"
                icon={<ArrowDownloadRegular />}
                href={document.downloadUrl ?? document.url}
                download={document.name}
              >
                {fr.viewer.download}
              </Button>
              <Button appearance="secondary" onClick={onClose}>
                {fr.close}
              </Button>
            </DialogActions>
          </DialogBody>
        ) : null}
      </DialogSurface>
    </Dialog>
  );
}

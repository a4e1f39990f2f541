import { useState, type KeyboardEvent } from 'react';
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
import { ChevronLeftRegular } from '@fluentui/react-icons/svg/chevron-left';
import { ChevronRightRegular } from '@fluentui/react-icons/svg/chevron-right';
import { ZoomFitRegular } from '@fluentui/react-icons/svg/zoom-fit';
import { ZoomInRegular } from '@fluentui/react-icons/svg/zoom-in';
import { galleryText as g } from '../../i18n/gallery';
import { fr } from '../../i18n/fr';
import { ClosableDialogTitle } from '../../ui/ClosableDialogTitle';
import { PhotoFacts, type GalleryPhoto } from './PhotoFacts';

const useStyles = makeStyles({
  surface: {
    width: '90vw',
    maxWidth: '90vw',
    height: '90vh',
    maxHeight: '90vh',
    boxSizing: 'border-box',
    display: 'flex',
    padding: tokens.spacingHorizontalL,
  },
  body: { flexGrow: 1, display: 'grid', gridTemplateRows: 'auto 1fr auto', minHeight: 0, maxHeight: '100%' },
  facts: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM, rowGap: '2px', overflowWrap: 'anywhere' },
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minHeight: 0, overflow: 'hidden' },
  // The photo's box: the photo fits it, or shows at its own size and scrolls inside it.
  frame: {
    flexGrow: 1,
    minHeight: 0,
    display: 'flex',
    overflow: 'auto',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  image: { margin: 'auto', display: 'block' },
  fit: { maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' },
  actions: { flexWrap: 'wrap' },
});

/**
 * The deposited photos' viewer (product.md §16): the photo `index` of `photos` in full, its number,
 * name, date and position, previous / next (buttons and ←/→), « Ajuster » / « 100 % », download.
 * `onClose` gets the index last shown, for the gallery to give its thumbnail the focus.
 */
export function PhotoViewer({
  photos,
  index,
  onIndex,
  onClose,
}: {
  photos: readonly GalleryPhoto[];
  index: number | null;
  onIndex: (index: number) => void;
  onClose: (index: number) => void;
}) {
  const styles = useStyles();
  const [actualSize, setActualSize] = useState(false);
  const photo = index === null ? null : photos[index];
  const move = (step: number) => {
    if (index === null) return;
    const target = index + step;
    if (target >= 0 && target < photos.length) onIndex(target);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') move(-1);
    else if (event.key === 'ArrowRight') move(1);
    else return;
    event.preventDefault();
  };
  return (
    <Dialog open={photo != null} onOpenChange={(_, data) => !data.open && index !== null && onClose(index)}>
      <DialogSurface className={styles.surface} onKeyDown={onKeyDown}>
        {photo && index !== null ? (
          <DialogBody className={styles.body}>
            <ClosableDialogTitle>{g.viewer.position(index + 1, photos.length)}</ClosableDialogTitle>
            <DialogContent className={styles.content}>
              <div className={styles.facts}>
                <Text weight="semibold">{photo.name}</Text>
                <PhotoFacts photo={photo} />
              </div>
              <div
                className={styles.frame}
                tabIndex={actualSize ? 0 : undefined}
                aria-label={actualSize ? photo.name : undefined}
                role={actualSize ? 'group' : undefined}
              >
                <img key={photo.id} className={mergeClasses(styles.image, !actualSize && styles.fit)} src={photo.url} alt={photo.name} />
              </div>
            </DialogContent>
            <DialogActions className={styles.actions}>
              <Button
                icon={<ChevronLeftRegular />}
                disabledFocusable={index === 0}
                onClick={() => move(-1)}
                aria-label={g.viewer.previous}
              />
              <Button
                icon={<ChevronRightRegular />}
                disabledFocusable={index === photos.length - 1}
                onClick={() => move(1)}
                aria-label={g.viewer.next}
              />
              <Button
                icon={actualSize ? <ZoomFitRegular /> : <ZoomInRegular />}
                aria-label={actualSize ? g.viewer.fitLabel : g.viewer.actualSizeLabel}
                onClick={() => setActualSize((current) => !current)}
              >
                {actualSize ? g.viewer.fit : g.viewer.actualSize}
              </Button>
              <Button
                as="a"
                appearance="primary"
                icon={<ArrowDownloadRegular />}
                href={photo.downloadUrl}
                download={photo.name}
                aria-label={g.viewer.downloadLabel(photo.name)}
              >
                {g.viewer.download}
              </Button>
              <Button onClick={() => onClose(index)}>{fr.close}</Button>
            </DialogActions>
          </DialogBody>
        ) : null}
      </DialogSurface>
    </Dialog>
  );
}

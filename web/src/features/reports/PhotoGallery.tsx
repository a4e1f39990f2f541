import { useEffect, useRef, useState } from 'react';
import { Button, Text, createFocusOutlineStyle, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ImageRegular } from '@fluentui/react-icons/svg/image';
import { galleryText as g } from '../../i18n/gallery';
import { truncate } from '../../ui/text';
import { shownPhotos } from './gallery';
import { PhotoFacts, type GalleryPhoto } from './PhotoFacts';
import { PhotoViewer } from './PhotoViewer';
import { RemoveFileButton } from './FileRows';

/** Tiles drawn at first, then per « Afficher les 60 suivantes »: a constat of 1,000 photos opens at once. */
export const PHOTOS_PAGE = 60;

const useStyles = makeStyles({
  grid: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  tile: { display: 'flex', flexDirection: 'column', rowGap: '2px', minWidth: 0 },
  thumb: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    aspectRatio: '1',
    width: '100%',
    padding: 0,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    overflow: 'hidden',
    cursor: 'pointer',
    ':hover': { border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1Hover}` },
    ...createFocusOutlineStyle(),
  },
  image: { width: '100%', height: '100%', objectFit: 'contain', opacity: 0 },
  loaded: { opacity: 1 },
  icon: { fontSize: '40px', color: tokens.colorNeutralForeground3 },
  line: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXS },
  grow: { flexGrow: 1, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  more: {
    marginTop: tokens.spacingVerticalS,
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
});

/** A photo's server-made preview, loaded when it nears the screen; a neutral box until then, the photo icon without one. */
function Preview({ url }: { url: string | null | undefined }) {
  const styles = useStyles();
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  if (!url || state === 'failed') return <ImageRegular className={styles.icon} aria-hidden />;
  return (
    <img
      className={mergeClasses(styles.image, state === 'loaded' && styles.loaded)}
      src={url}
      alt=""
      loading="lazy"
      decoding="async"
      onLoad={() => setState('loaded')}
      onError={() => setState('failed')}
    />
  );
}

/**
 * A constat's deposited photos (product.md §16) as numbered thumbnails in deposit order, a page at a
 * time, each opening the viewer; the focus comes back to the thumbnail of the photo last viewed.
 */
export function PhotoGallery({
  photos,
  onRemove,
}: {
  photos: readonly GalleryPhoto[];
  /** Absent where the viewer may not delete. */
  onRemove?: (fileId: string) => void;
}) {
  const styles = useStyles();
  const [count, setCount] = useState(PHOTOS_PAGE);
  const [viewed, setViewed] = useState<number | null>(null);
  const [focusBack, setFocusBack] = useState<number | null>(null);
  const tiles = useRef(new Map<number, HTMLButtonElement>());
  const { shown, next } = shownPhotos(photos, count, PHOTOS_PAGE);

  useEffect(() => {
    if (focusBack === null) return;
    // After the dialog's own focus restoration, which returns to the thumbnail that opened it.
    const timer = setTimeout(() => tiles.current.get(focusBack)?.focus(), 0);
    return () => clearTimeout(timer);
  }, [focusBack]);

  const close = (index: number) => {
    setViewed(null);
    setCount((current) => Math.max(current, Math.ceil((index + 1) / PHOTOS_PAGE) * PHOTOS_PAGE));
    setFocusBack(index);
  };

  return (
    <>
      <ul className={styles.grid}>
        {shown.map((photo, index) => (
          <li key={photo.id} className={styles.tile}>
            <button
              type="button"
              className={styles.thumb}
              aria-label={g.openPhoto(index + 1, photo.name)}
              ref={(element) => {
                if (element) tiles.current.set(index, element);
                else tiles.current.delete(index);
              }}
              onClick={() => {
                setFocusBack(null);
                setViewed(index);
              }}
            >
              <Preview url={photo.previewUrl} />
            </button>
            <span className={styles.line}>
              <span className={styles.grow}>
                <Text weight="semibold" block>
                  {g.photoNumber(index + 1)}
                </Text>
                <Text size={200} className={styles.muted} title={photo.name} block>
                  {truncate(photo.name, 40)}
                </Text>
              </span>
              {onRemove ? <RemoveFileButton file={photo} onRemove={onRemove} /> : null}
            </span>
            <PhotoFacts photo={photo} />
          </li>
        ))}
      </ul>
      {next > 0 ? (
        <div className={styles.more}>
          <Button onClick={() => setCount((current) => current + PHOTOS_PAGE)}>{g.showMore(next)}</Button>
          <Text size={200} className={styles.muted}>
            {g.shownOf(shown.length, photos.length)}
          </Text>
        </div>
      ) : null}
      <PhotoViewer photos={photos} index={viewed} onIndex={setViewed} onClose={close} />
    </>
  );
}

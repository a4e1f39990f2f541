import { Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { galleryText as g } from '../../i18n/gallery';
import { formatPosition, mapUrl, takenAtParts } from './gallery';

/** A deposited photo as the gallery and its viewer show it (product.md §16). */
export interface GalleryPhoto {
  readonly id: string;
  readonly name: string;
  readonly url: string;
  readonly downloadUrl: string;
  readonly previewUrl?: string | null;
  readonly takenAt?: string | null;
  readonly position?: { readonly latitude: number; readonly longitude: number } | null;
}

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
});

/** A photo's EXIF facts: when it was taken and where, with a link to the place on a map. */
export function PhotoFacts({ photo }: { photo: GalleryPhoto }) {
  const styles = useStyles();
  const position = photo.position ? formatPosition(photo.position.latitude, photo.position.longitude) : null;
  const taken = takenAtParts(photo.takenAt);
  return (
    <>
      {taken ? (
        <Text size={200} className={styles.muted}>
          {g.takenAt(taken.date, taken.time)}
        </Text>
      ) : null}
      {photo.position && position ? (
        <Text size={200}>
          <Link
            href={mapUrl(photo.position.latitude, photo.position.longitude)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={g.onMap(position)}
          >
            {position}
          </Link>
        </Text>
      ) : null}
    </>
  );
}

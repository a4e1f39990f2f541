import { Skeleton, SkeletonItem, makeStyles, tokens } from '@fluentui/react-components';
import { fr } from '../i18n/fr';
import { PageHeader } from './PageHeader';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
  },
  title: {
    width: '40%',
    maxWidth: '360px',
    marginBottom: tokens.spacingVerticalL,
  },
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalL,
  },
  card: {
    height: '88px',
  },
});

const ROWS = 6;

/**
 * What a dashboard screen shows while its code and data arrive: its title when known (else the
 * outline of one), a row of cards and a list, rather than a blank page or a lone spinner. The title
 * is drawn as the screen's own PageHeader draws it, so it does not move when the screen arrives.
 * Fluent's Skeleton marks itself busy for assistive technologies; the label says what is busy.
 */
export function ScreenSkeleton({ title }: { title?: string }) {
  const styles = useStyles();
  return (
    <>
      {title === undefined ? null : <PageHeader title={title} placeholder />}
      <Skeleton aria-label={fr.loading} className={styles.root}>
        {title === undefined ? <SkeletonItem size={32} className={styles.title} /> : null}
        <div className={styles.cards}>
          <SkeletonItem shape="rectangle" className={styles.card} />
          <SkeletonItem shape="rectangle" className={styles.card} />
          <SkeletonItem shape="rectangle" className={styles.card} />
        </div>
        {Array.from({ length: ROWS }, (_, row) => (
          <SkeletonItem key={row} size={40} />
        ))}
      </Skeleton>
    </>
  );
}

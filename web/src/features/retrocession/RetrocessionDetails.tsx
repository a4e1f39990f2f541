import type { ReactNode } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { graphql, useFragment } from 'react-relay/hooks';
import type { RetrocessionDetailsFragment$key } from '../../__generated__/RetrocessionDetailsFragment.graphql';
import { ExplainedLabel } from '../../ui/ExplainedLabel';
import { formatMoney } from '../../ui/format';
import { retrocessionText } from '../../i18n/retrocession';

const t = retrocessionText.details;

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateColumns: 'minmax(200px, 1fr) minmax(320px, 2fr) minmax(220px, 2fr)',
    gap: tokens.spacingHorizontalXL,
  },
  block: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0 },
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))',
    gap: tokens.spacingVerticalS,
    margin: 0,
  },
  label: {
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
  },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  comment: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
});

function Figures({ items }: { items: [ReactNode, ReactNode][] }) {
  const styles = useStyles();
  return (
    <dl className={styles.figures}>
      {/* A fixed list of figures, always in the same order. */}
      {items.map(([label, value], index) => (
        <div key={index}>
          <dt className={styles.label}>{label}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * product.md §2: a constat's rétrocession, read-only, in the expanded row of the rétrocession tables:
 * the secretary's provisional count, the admin's rétrocession counts with their amounts (from the
 * API, never recomputed here) and the rétrocession comment. `children` adds the report's comments.
 */
export function RetrocessionDetails({ report, children }: { report: RetrocessionDetailsFragment$key; children?: ReactNode }) {
  const styles = useStyles();
  const data = useFragment(
    graphql`
      fragment RetrocessionDetailsFragment on Report {
        name
        countPagesProvisional
        countPhotosProvisional
        countPagesRetrocession
        countPhotosRetrocession
        retrocessionComment
        retrocessionAmounts {
          pages
          photos
          total
        }
      }
    `,
    report,
  );
  const counted = data.countPagesRetrocession > 0 || data.countPhotosRetrocession > 0;
  return (
    <div className={styles.root} role="region" aria-label={t.label(data.name)}>
      <div className={styles.block}>
        <Text weight="semibold">{t.provisional}</Text>
        <Figures
          items={[
            [t.pages, data.countPagesProvisional],
            [t.photos, data.countPhotosProvisional],
          ]}
        />
      </div>
      <div className={styles.block}>
        <Text weight="semibold">{t.retrocession}</Text>
        {counted ? (
          <Figures
            items={[
              [t.pages, data.countPagesRetrocession],
              [t.photos, data.countPhotosRetrocession],
              [
                <ExplainedLabel key="label" rule="retrocession" of="amount">
                  {t.pagesAmount}
                </ExplainedLabel>,
                data.retrocessionAmounts ? formatMoney(data.retrocessionAmounts.pages) : '-',
              ],
              [t.photosAmount, data.retrocessionAmounts ? formatMoney(data.retrocessionAmounts.photos) : '-'],
              [t.total, data.retrocessionAmounts ? formatMoney(data.retrocessionAmounts.total) : '-'],
            ]}
          />
        ) : (
          <Text className={styles.muted}>{t.notCounted}</Text>
        )}
      </div>
      <div className={styles.block}>
        <Text weight="semibold">{t.comment}</Text>
        {data.retrocessionComment ? (
          <Text className={styles.comment}>{data.retrocessionComment}</Text>
        ) : (
          <Text className={styles.muted}>{t.noComment}</Text>
        )}
        {children ? (
          <>
            <Text weight="semibold">{t.reportComments}</Text>
            <div>{children}</div>
          </>
        ) : null}
      </div>
    </div>
  );
}

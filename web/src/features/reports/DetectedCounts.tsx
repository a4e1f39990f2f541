/**
 * The automatic counting line of a report's counting row (product.md §10): « Comptage automatique :
 * 12 pages, 34 photos » for the returned items, live (reportChanged), with « Appliquer » to take
 * them in one click (the server applies and audits them: `applyDetectedCounts`) and a warning when
 * the counts entered differ.
 *
 * `<DetectedCounts report={report} />`
 * - `report`: a `DetectedCountsFragment$key`. Nothing is shown to a viewer who can set no counts
 *   (bailiffs) nor before a file is returned. The admin applies to rétrocession and facturation,
 *   the secretary to her provisional counts.
 */
import { useState } from 'react';
import { Badge, Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { graphql, useFragment } from 'react-relay/hooks';
import type { DetectedCountsFragment$key } from '../../__generated__/DetectedCountsFragment.graphql';
import type { DetectedCountsMutation } from '../../__generated__/DetectedCountsMutation.graphql';
import { ApiError } from '../../relay/ApiError';
import { useCommit } from '../../relay/commit';
import { useToast } from '../../ui/toasts';
import { detectionSummary, detectionText as t, differenceText } from './detection';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS },
  errors: { flexBasis: '100%', color: tokens.colorNeutralForeground3 },
  // The warning names each count that differs: it wraps on a narrow screen rather than overflow.
  differs: { whiteSpace: 'normal', height: 'auto', minHeight: '20px', textAlign: 'start' },
});

const fragment = graphql`
  fragment DetectedCountsFragment on Report {
    id
    returned {
      count
      detected {
        pages
        photos
        complete
        estimated
      }
      files {
        name
        countStatus
        countError
      }
    }
    detectionCheck {
      provisional
      billing
    }
    countPagesProvisional
    countPhotosProvisional
    countPagesBilling
    countPhotosBilling
    viewerCan {
      setRetrocession
      setBilling
    }
  }
`;

export function DetectedCounts({ report }: { report: DetectedCountsFragment$key }) {
  const styles = useStyles();
  const data = useFragment(fragment, report);
  const commit = useCommit();
  const toast = useToast();
  const [applying, setApplying] = useState(false);

  const target = data.viewerCan.setBilling ? 'BILLING' : data.viewerCan.setRetrocession ? 'PROVISIONAL' : null;
  if (!target || data.returned.count === 0) return null;
  const summary = detectionSummary(
    data.returned.detected,
    data.returned.files.map((file) => file.countStatus),
  );
  const differs = target === 'BILLING' ? data.detectionCheck.billing : data.detectionCheck.provisional;
  // Reasons are given to admins only (null for others).
  const reasons = data.returned.files.filter((file) => file.countError);

  const apply = async () => {
    setApplying(true);
    try {
      await commit<DetectedCountsMutation>(
        {
          mutation: graphql`
            mutation DetectedCountsMutation($input: ApplyDetectedCountsInput!) {
              applyDetectedCounts(input: $input) {
                report {
                  status
                  alert
                  updatedAt
                  lastStatusChange
                  countPagesProvisional
                  countPhotosProvisional
                  countPagesRetrocession
                  countPhotosRetrocession
                  countPagesBilling
                  countPhotosBilling
                  retrocessionAmounts {
                    pages
                    photos
                    total
                  }
                  billingAmounts {
                    pages
                    photos
                    total
                  }
                  ...DetectedCountsFragment
                }
              }
            }
          `,
          variables: { input: { reportId: data.id, target } },
        },
        {
          errorToast: (error) =>
            error instanceof ApiError && (error.code === 'BAD_USER_INPUT' || error.code === 'FORBIDDEN') ? error.message : t.failure,
        },
      );
      toast('success', t.applied);
    } catch {
      // Announced by a toast.
    } finally {
      setApplying(false);
    }
  };

  return (
    <div className={styles.root} role="status" aria-label={t.label}>
      <Text>
        {t.label} : <strong>{summary.text}</strong>
        {summary.final && data.returned.detected.estimated ? ` (${t.estimated})` : null}
      </Text>
      {summary.final && differs ? (
        <Badge appearance="tint" color="warning" className={styles.differs}>
          {differenceText(
            data.returned.detected,
            target === 'BILLING'
              ? { pages: data.countPagesBilling, photos: data.countPhotosBilling }
              : { pages: data.countPagesProvisional, photos: data.countPhotosProvisional },
          )}
        </Badge>
      ) : null}
      {summary.final ? (
        <Button
          size="small"
          appearance={differs ? 'primary' : 'secondary'}
          title={target === 'BILLING' ? t.applyBilling : t.applyProvisional}
          disabled={applying || differs === false}
          icon={applying ? <Spinner size="tiny" /> : undefined}
          onClick={() => void apply()}
        >
          {t.apply}
        </Button>
      ) : null}
      {reasons.map((file, index) => (
        <Text key={index} size={200} className={styles.errors}>
          {file.name} : {file.countError}
        </Text>
      ))}
    </div>
  );
}

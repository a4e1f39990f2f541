/**
 * A warning mark next to a constat's name on the rétrocession and facturation screens when its
 * counts differ from the automatic counting of its returned items (product.md §10).
 *
 * `<DetectionFlag report={report} line="billing" />`
 * - `report`: a `DetectionFlagFragment$key`; `line`: the counts the screen shows.
 */
import { Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { WarningFilled } from '@fluentui/react-icons';
import { graphql, useFragment } from 'react-relay/hooks';
import type { DetectionFlagFragment$key } from '../../__generated__/DetectionFlagFragment.graphql';
import { detectionText } from './detection';

const useStyles = makeStyles({
  // Focusable for its tooltip: a 24 px target (WCAG 2.5.8) around the 14 px mark, the row's
  // height unchanged.
  flag: {
    color: tokens.colorPaletteDarkOrangeForeground1,
    verticalAlign: 'middle',
    padding: '5px',
    marginBlock: '-5px',
    marginInlineStart: tokens.spacingHorizontalXS,
  },
});

export function DetectionFlag({ report, line }: { report: DetectionFlagFragment$key; line: 'retrocession' | 'billing' }) {
  const styles = useStyles();
  const data = useFragment(
    graphql`
      fragment DetectionFlagFragment on Report {
        detectionCheck {
          retrocession
          billing
        }
      }
    `,
    report,
  );
  if (data.detectionCheck[line] !== true) return null;
  return (
    <Tooltip content={detectionText.flag} relationship="label">
      <WarningFilled className={styles.flag} role="img" aria-label={detectionText.flag} tabIndex={0} />
    </Tooltip>
  );
}

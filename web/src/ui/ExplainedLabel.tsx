import { InfoLabel, makeStyles } from '@fluentui/react-components';
import { amountExplanation, textPagesExplanation, type TextPagesRule } from '@constats/domain/line-amounts';

const useStyles = makeStyles({
  // product.md §13: every control at least 24 × 24 px (Fluent's small info button is 20).
  button: { minWidth: '24px', minHeight: '24px' },
});

/**
 * A heading of « pages texte », or of an amount derived from them, with product.md §9's explanation one
 * click away: the same sentence on every screen, from packages/domain.
 */
export function ExplainedLabel({ children, rule, of }: { children: string; rule: TextPagesRule; of: 'textPages' | 'amount' }) {
  const styles = useStyles();
  return (
    <InfoLabel
      size="small"
      info={of === 'textPages' ? textPagesExplanation(rule) : amountExplanation(rule)}
      infoButton={{ className: styles.button, 'aria-label': 'Explication' }}
    >
      {children}
    </InfoLabel>
  );
}

import { InfoLabel } from '@fluentui/react-components';
import { amountExplanation, textPagesExplanation, type TextPagesRule } from '@constats/domain/line-amounts';

/**
 * A heading of « pages texte », or of an amount derived from them, with product.md §9's explanation one
 * click away (issue 36): the same sentence on every screen, from packages/domain.
 */
export function ExplainedLabel({ children, rule, of }: { children: string; rule: TextPagesRule; of: 'textPages' | 'amount' }) {
  return (
    <InfoLabel size="small" info={of === 'textPages' ? textPagesExplanation(rule) : amountExplanation(rule)}>
      {children}
    </InfoLabel>
  );
}

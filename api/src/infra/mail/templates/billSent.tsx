import { formatEuros } from '@constats/domain/format';
import { formatMonthYear } from '../format.js';
import { Details, MailLayout, Paragraph } from '../layout.js';
import { renderMailParts } from '../render.js';

const fr = {
  subject: (billNumber: string, period: string) => `Facture n° ${billNumber} – ${period}`,
  title: 'Votre facture',
  greeting: 'Madame, Monsieur,',
  intro: (period: string) => `Veuillez trouver ci-joint la facture de ${period} de votre étude.`,
  groupName: 'Étude',
  billNumber: 'Numéro de facture',
  period: 'Période',
  amountTtc: 'Montant TTC',
  // product.md §9: payment is due in cash, late interest 1.5 % per month.
  payment: 'Règlement comptant',
  lateInterest: 'Intérêts de retard : 1,5 % par mois',
  closing: 'Nous vous remercions de votre confiance.',
};

export type BillSentProps = {
  groupName: string;
  /** As printed on the PDF; numbering is a billing rule, not a mail concern. */
  billNumber: string;
  year: number;
  /** 1–12. */
  month: number;
  /** Decimal string in euros, e.g. `bill.amountTTC.toFixed(2)`. */
  amountTtc: string;
};

/** To an étude's accounting address, with the bill PDF attached by the caller. */
export function BillSentEmail(props: BillSentProps) {
  const period = formatMonthYear(props.year, props.month);
  return (
    <MailLayout preview={fr.intro(period)} title={fr.title}>
      <Paragraph>{fr.greeting}</Paragraph>
      <Paragraph>{fr.intro(period)}</Paragraph>
      <Details
        rows={[
          [fr.groupName, props.groupName],
          [fr.billNumber, props.billNumber],
          [fr.period, period],
          [fr.amountTtc, formatEuros(props.amountTtc)],
        ]}
      />
      <Paragraph>
        {fr.payment}
        <br />
        {fr.lateInterest}
      </Paragraph>
      <Paragraph>{fr.closing}</Paragraph>
    </MailLayout>
  );
}

export function renderBillSent(props: BillSentProps) {
  const subject = fr.subject(props.billNumber, formatMonthYear(props.year, props.month));
  return renderMailParts(subject, <BillSentEmail {...props} />);
}

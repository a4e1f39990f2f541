import type { CSSProperties, ReactNode } from 'react';
// One package per component instead of @react-email/components, whose index also loads Tailwind's
// compiler, a syntax highlighter and a Markdown parser: the first e-mail took 1.4 s to import them.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';

// Texts shared by every e-mail. Each template keeps its own texts at the top of its file.
const fr = {
  productName: 'Extranet Constats',
  automaticMessage: 'Ce message vous a été envoyé automatiquement par l’Extranet Constats. Merci de ne pas y répondre.',
};

const colors = { brand: '#1f3a5f', text: '#1f2328', muted: '#6b7280', border: '#e5e7eb', danger: '#a32020' };

// Inline styles only: many mail clients drop <style> blocks.
const styles = {
  body: { backgroundColor: '#f4f5f7', fontFamily: 'Arial, Helvetica, sans-serif', color: colors.text, margin: 0 },
  container: {
    backgroundColor: '#ffffff',
    maxWidth: '600px',
    margin: '24px auto',
    border: `1px solid ${colors.border}`,
  },
  header: { backgroundColor: colors.brand, padding: '16px 32px' },
  productName: { color: '#ffffff', fontSize: '18px', fontWeight: 'bold', margin: 0 },
  content: { padding: '8px 32px 16px' },
  title: { fontSize: '20px', margin: '16px 0' },
  paragraph: { fontSize: '14px', lineHeight: '22px', margin: '0 0 12px' },
  footer: { padding: '0 32px 16px' },
  footerText: { fontSize: '12px', lineHeight: '18px', color: colors.muted, margin: 0 },
  detailLabel: { fontSize: '14px', color: colors.muted, padding: '4px 16px 4px 0', verticalAlign: 'top' },
  detailValue: { fontSize: '14px', padding: '4px 0', verticalAlign: 'top' },
  button: {
    display: 'inline-block',
    fontSize: '14px',
    fontWeight: 'bold',
    color: '#ffffff',
    padding: '10px 20px',
    borderRadius: '4px',
    textDecoration: 'none',
  },
  buttonBlock: { margin: '8px 0 16px' },
} satisfies Record<string, CSSProperties>;

/** Frame of every e-mail: product header, a title, the template's body, the automatic-message footer. */
export function MailLayout({ preview, title, children }: { preview: string; title: string; children: ReactNode }) {
  return (
    <Html lang="fr">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Text style={styles.productName}>{fr.productName}</Text>
          </Section>
          <Section style={styles.content}>
            <Heading as="h1" style={styles.title}>
              {title}
            </Heading>
            {children}
          </Section>
          <Hr style={{ borderColor: colors.border, margin: '0 32px 16px', width: 'auto' }} />
          <Section style={styles.footer}>
            <Text style={styles.footerText}>{fr.automaticMessage}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.paragraph}>{children}</Text>;
}

/**
 * A link styled as a button; the plain-text part shows its label and URL. Each sits in its own
 * block so that two buttons never run together on one line of the plain-text part.
 */
export function ActionButton({ href, tone = 'primary', children }: { href: string; tone?: 'primary' | 'danger'; children: ReactNode }) {
  const backgroundColor = tone === 'danger' ? colors.danger : colors.brand;
  return (
    <Section style={styles.buttonBlock}>
      <Button href={href} style={{ ...styles.button, backgroundColor }}>
        {children}
      </Button>
    </Section>
  );
}

/** Label / value rows, e.g. the fields of an account request; one "label  value" line each in plain text. */
export function Details({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <table role="presentation" data-text-format="dataTable" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 16px' }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td style={styles.detailLabel}>{label}</td>
            <td style={styles.detailValue}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    // Contained: long words and wide content never push the surrounding layout.
    maxWidth: '100%',
    overflowWrap: 'anywhere',
    overflowX: 'auto',
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    '& > :first-child': { marginTop: 0 },
    '& > :last-child': { marginBottom: 0 },
    '& p': { marginBlock: `0 ${tokens.spacingVerticalS}` },
    '& ul, & ol': { paddingInlineStart: tokens.spacingHorizontalXXL, marginBlock: `0 ${tokens.spacingVerticalS}` },
    '& h1, & h2, & h3, & h4': {
      fontSize: tokens.fontSizeBase400,
      lineHeight: tokens.lineHeightBase400,
      fontWeight: tokens.fontWeightSemibold,
      marginBlock: `${tokens.spacingVerticalM} ${tokens.spacingVerticalS}`,
    },
    '& blockquote': {
      marginLeft: 0,
      marginRight: 0,
      paddingInlineStart: tokens.spacingHorizontalM,
      borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke1}`,
      color: tokens.colorNeutralForeground2,
    },
    '& a': { color: tokens.colorBrandForegroundLink },
  },
});

/**
 * Rich text from the API (news, notifications, instructions). The server stores it sanitized by
 * an allow-list (no scripts, styles or images; links open in a new tab), so it is rendered as is,
 * inside an element that keeps it to its box.
 */
export function HtmlContent({ html, className }: { html: string; className?: string }) {
  const styles = useStyles();
  return <div className={mergeClasses(styles.root, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}

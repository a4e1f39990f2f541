import { useEffect, useEffectEvent, useRef, type HTMLAttributes, type ReactElement } from 'react';
import { Button, Toolbar, Tooltip, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import { TextBoldRegular } from '@fluentui/react-icons/svg/text-bold';
import { TextBulletListRegular } from '@fluentui/react-icons/svg/text-bullet-list';
import { TextItalicRegular } from '@fluentui/react-icons/svg/text-italic';
import { TextNumberListLtrRegular } from '@fluentui/react-icons/svg/text-number-list-ltr';
import { newsText } from '../../i18n/news';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    ...shorthands.border('1px', 'solid', tokens.colorNeutralStroke1),
    borderBottomColor: tokens.colorNeutralStrokeAccessible,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-within': {
      borderBottomColor: tokens.colorCompoundBrandStroke,
      boxShadow: `inset 0 -1px 0 ${tokens.colorCompoundBrandStroke}`,
    },
  },
  invalid: {
    ...shorthands.borderColor(tokens.colorPaletteRedBorder2),
    borderBottomColor: tokens.colorPaletteRedBorder2,
  },
  toolbar: {
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXS}`,
  },
  editor: {
    minHeight: '180px',
    maxHeight: '480px',
    overflowY: 'auto',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    outlineStyle: 'none',
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    '& p': { marginBlock: `0 ${tokens.spacingVerticalS}` },
    '& ul, & ol': { paddingInlineStart: tokens.spacingHorizontalXXL, marginBlock: `0 ${tokens.spacingVerticalS}` },
  },
});

type Command = 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList';

export interface RichTextEditorProps extends Pick<
  HTMLAttributes<HTMLDivElement>,
  'id' | 'aria-labelledby' | 'aria-describedby' | 'aria-invalid' | 'aria-required'
> {
  /** The initial HTML; the editor is uncontrolled after that (the caret stays put). */
  defaultValue: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
}

/**
 * A small rich-text field (bold, italic, lists) on a contentEditable area. What it produces is
 * sent as is: the server sanitizes HTML by an allow-list (docs/decisions.md).
 */
export function RichTextEditor({ defaultValue, onChange, onBlur, ...aria }: RichTextEditorProps) {
  const styles = useStyles();
  const ref = useRef<HTMLDivElement>(null);
  // Only the first value: later ones come from the user's typing.
  const showInitialValue = useEffectEvent((area: HTMLDivElement) => {
    area.innerHTML = defaultValue;
  });
  useEffect(() => {
    if (ref.current) showInitialValue(ref.current);
  }, []);

  const run = (command: Command) => {
    ref.current?.focus();
    document.execCommand(command);
    if (ref.current) onChange(ref.current.innerHTML);
  };
  const tool = (command: Command, label: string, icon: ReactElement) => (
    <Tooltip content={label} relationship="label">
      <Button
        appearance="subtle"
        size="small"
        icon={icon}
        // Keeps the selection in the editor.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => run(command)}
      />
    </Tooltip>
  );

  const t = newsText.editor;
  return (
    <div className={mergeClasses(styles.root, aria['aria-invalid'] ? styles.invalid : undefined)}>
      <Toolbar size="small" className={styles.toolbar} aria-label={t.toolbar}>
        {tool('bold', t.bold, <TextBoldRegular />)}
        {tool('italic', t.italic, <TextItalicRegular />)}
        {tool('insertUnorderedList', t.bulletList, <TextBulletListRegular />)}
        {tool('insertOrderedList', t.numberList, <TextNumberListLtrRegular />)}
      </Toolbar>
      <div
        {...aria}
        ref={ref}
        className={styles.editor}
        role="textbox"
        aria-multiline="true"
        contentEditable
        // A Tab stop of its own: Tabster, which moves the focus out of the toolbar above, skips
        // contentEditable elements without a tabIndex (the editor was unreachable by keyboard).
        tabIndex={0}
        suppressContentEditableWarning
        onInput={(event) => onChange(event.currentTarget.innerHTML)}
        onBlur={onBlur}
      />
    </div>
  );
}

/** The visible text of an editor's HTML (an editor with only markup is empty). */
export function richTextIsEmpty(html: string): boolean {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').trim() === '';
}

import { Button, Tooltip, type ButtonProps } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { EyeRegular } from '@fluentui/react-icons/svg/eye';
import type { ViewedDocument } from './DocumentViewer';

// The 'Voir' and 'Télécharger' buttons of a file (bill lists, report files, product.md §2): icon buttons
// named for screen readers, dimmed (disabled) when there is no file.

export function ViewFileButton({
  file,
  label,
  onView,
  size,
}: {
  file: ViewedDocument | null;
  /** 'Voir la facture de Novembre'. */
  label: string;
  /** Opens the file (a DocumentViewer) or what it belongs to (a bill's preview). */
  onView: (file: ViewedDocument) => void;
  size?: ButtonProps['size'];
}) {
  return (
    <Tooltip content={label} relationship="label">
      <Button appearance="subtle" size={size} icon={<EyeRegular />} disabled={!file} onClick={() => file && onView(file)} />
    </Tooltip>
  );
}

export function DownloadFileButton({ file, label, size }: { file: ViewedDocument | null; label: string; size?: ButtonProps['size'] }) {
  const icon = <ArrowDownloadRegular />;
  return (
    <Tooltip content={label} relationship="label">
      {file ? (
        <Button as="a" appearance="subtle" size={size} icon={icon} href={file.downloadUrl ?? file.url} download={file.name} />
      ) : (
        <Button appearance="subtle" size={size} icon={icon} disabled />
      )}
    </Tooltip>
  );
}

import { Button, Tooltip } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { EyeRegular } from '@fluentui/react-icons/svg/eye';
import type { ViewedDocument } from './DocumentViewer';

// The 'Voir' and 'Télécharger' cells of the bill lists (spec §2): icon buttons named for screen
// readers, dimmed (disabled) when the row has no file.

export function ViewFileButton({
  file,
  label,
  onView,
}: {
  file: ViewedDocument | null;
  /** 'Voir la facture de Novembre'. */
  label: string;
  onView(file: ViewedDocument): void;
}) {
  return (
    <Tooltip content={label} relationship="label">
      <Button appearance="subtle" icon={<EyeRegular />} disabled={!file} onClick={() => file && onView(file)} />
    </Tooltip>
  );
}

export function DownloadFileButton({ file, label }: { file: ViewedDocument | null; label: string }) {
  const icon = <ArrowDownloadRegular />;
  return (
    <Tooltip content={label} relationship="label">
      {file ? (
        <Button as="a" appearance="subtle" icon={icon} href={file.downloadUrl ?? file.url} download={file.name} />
      ) : (
        <Button appearance="subtle" icon={icon} disabled />
      )}
    </Tooltip>
  );
}

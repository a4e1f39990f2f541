import { useState } from 'react';
import { Button, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { fr } from '../i18n/fr';
import { readAuthToken } from '../relay/authToken';
import { useToast } from './toasts';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalM, minHeight: '32px' },
  progress: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS, minWidth: '240px' },
});

/** Parameters of GET /api/v1/exports/reports.csv: the list and the filter the screen shows. */
export type CsvExportParams = Record<string, string | number | boolean | readonly string[] | null | undefined>;

/** The export's query string, empty values left out (the server refuses unknown or empty ones). */
export function exportSearch(params: CsvExportParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value == null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    search.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return search.toString();
}

const NEWLINE = 10;

/** A refusal the server explained in French (a network failure's own message would be English). */
class ExportRefused extends Error {}

/**
 * « Exporter (CSV) »: the server streams the file (the browser never builds it); the rows received
 * are counted against the X-Total-Count header for the progress bar, then the file is saved from a
 * Blob link with the server's name.
 */
export function CsvExportButton({ params }: { params: CsvExportParams }) {
  const styles = useStyles();
  const toast = useToast();
  const [progress, setProgress] = useState<{ rows: number; total: number } | null>(null);

  const download = async () => {
    setProgress({ rows: 0, total: 0 });
    try {
      const token = readAuthToken();
      const response = await fetch(`/api/v1/exports/reports.csv?${exportSearch(params)}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        throw new ExportRefused(body?.message ?? fr.csvExport.failed);
      }
      const total = Number(response.headers.get('x-total-count')) || 0;
      const reader = response.body.getReader();
      const chunks: Uint8Array[] = [];
      // The header line ends with the first newline: rows are the newlines after it.
      let lines = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        for (const byte of value) if (byte === NEWLINE) lines++;
        setProgress({ rows: Math.min(Math.max(lines - 1, 0), total), total });
      }
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
      const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast('success', fr.csvExport.done(total));
    } catch (error) {
      toast('error', error instanceof ExportRefused ? error.message : fr.csvExport.failed);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className={styles.root}>
      <Button icon={<ArrowDownloadRegular />} onClick={download} disabled={progress !== null}>
        {fr.csvExport.button}
      </Button>
      {progress ? (
        <div className={styles.progress}>
          <ProgressBar value={progress.total > 0 ? progress.rows / progress.total : undefined} aria-label={fr.csvExport.preparing} />
          <Text size={200}>{progress.total > 0 ? fr.csvExport.progress(progress.rows, progress.total) : fr.csvExport.preparing}</Text>
        </div>
      ) : null}
    </div>
  );
}

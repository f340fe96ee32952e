import { useState } from 'react';
import { toast } from '../lib/toast';
import { Download } from './icons';
import { apiDownload, errorMessage, type RequestOptions } from '../lib/api';

interface ExportButtonProps {
  /** The export under `/api`, e.g. `/clients/export.csv`. */
  path: string;
  /** The screen's current filter, as the list sends it (paging is ignored by exports). */
  query?: RequestOptions['query'];
  /** The downloaded file's name. */
  filename: string;
  /** Only the icon on phones (where its row is full), named "Exportar CSV" all the same. */
  compact?: boolean;
  /** The button's text (default "Exportar CSV"). */
  label?: string;
  /** Bootstrap's button classes (default an outlined secondary one). */
  variant?: string;
}

/**
 * "Exportar CSV" for the current filter: fetched with the Bearer token (the
 * API takes no cookie) into a Blob, then saved through a temporary link.
 */
export function ExportButton({ path, query, filename, compact = false, label = 'Exportar CSV', variant = 'btn-outline-secondary' }: ExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await apiDownload(path, { query });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      document.body.appendChild(link);
      link.click();
      link.remove();
      // Revoked after the click has handed the file to the browser.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toast.error(errorMessage(error, 'Não foi possível exportar o arquivo.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={`btn ${variant} btn-touch`}
      onClick={() => void download()}
      disabled={busy}
      aria-busy={busy}
      aria-label={compact ? label : undefined}
      title={compact ? label : undefined}
    >
      <Download size={16} className={compact ? 'me-sm-1' : 'me-1'} aria-hidden="true" />
      <span className={compact ? 'd-none d-sm-inline' : undefined}>{busy ? 'Exportando...' : label}</span>
    </button>
  );
}

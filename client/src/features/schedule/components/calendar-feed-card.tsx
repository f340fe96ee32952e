import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { toast } from '../../../lib/toast';
import { CalendarSync, Copy, RefreshCw } from '../../../components/icons';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { errorMessage } from '../../../lib/api';
import { useGetCalendarFeedQuery, useRegenerateCalendarFeedMutation, type CalendarFeedArgs } from '../lib/calendar-api';
import { notReady, useMounted } from '../../../lib/use-mounted';

/** The address as the browser would open it: a page's read (no host) gives a path, completed here once mounted. */
function absolute(url: string, mounted: boolean): string {
  return mounted && url.startsWith('/') ? `${window.location.origin}${url}` : url;
}

/** Copies `text`; where the Clipboard API is refused (http, an old browser), through a selected field. */
async function copy(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.select();
    return document.execCommand('copy');
  }
}

/**
 * "Agenda no celular": the secret subscription address of a staff member's
 * calendar feed, with "Copiar" and "Gerar novo" (the old address stops
 * working at once). `arg` is the page's read of it (routes.json).
 */
export function CalendarFeedCard({ arg, own }: { arg: CalendarFeedArgs | typeof skipToken; own: boolean }) {
  const { data, error, refetch } = useGetCalendarFeedQuery(arg);
  const [regenerate, { isLoading: busy }] = useRegenerateCalendarFeedMutation();
  const [confirming, setConfirming] = useState(false);
  const [field, setField] = useState<HTMLInputElement | null>(null);
  const mounted = useMounted();
  const url = data ? absolute(data.url, mounted) : '';

  const renew = async () => {
    if (arg === skipToken) return;
    try {
      await regenerate(arg).unwrap();
      toast.success('Novo endereço gerado. O anterior deixou de funcionar.');
      setConfirming(false);
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível gerar um novo endereço.'));
    }
  };

  return (
    <Card title="Agenda no celular" className="mb-0 h-100">
      <ErrorAlert message={error ? errorMessage(error, 'Erro ao buscar o endereço da agenda') : null} onRetry={() => void refetch()} />
      <p className="text-muted small">
        {own ? 'Assine este endereço' : 'Este endereço pode ser assinado'} no aplicativo de calendário do celular (Google Agenda, Calendário do
        iPhone, Outlook) para ver os agendamentos dos últimos 30 dias e dos próximos 180. Ele é secreto: quem o tiver vê a agenda, sem senha.
        Mostra só o serviço e o primeiro nome do cliente.
      </p>
      <label className="form-label small fw-semibold" htmlFor="calendar-feed-url">
        Endereço da agenda (iCalendar)
      </label>
      <div className="input-group mb-2">
        <span className="input-group-text" aria-hidden="true">
          <CalendarSync size={16} />
        </span>
        <input id="calendar-feed-url" ref={setField} className="form-control font-monospace small" readOnly value={url} onFocus={(e) => e.target.select()} />
      </div>
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline-primary btn-touch"
          disabled={!data}
          {...notReady(mounted)}
          onClick={() => void copy(url, field).then((ok) => (ok ? toast.success('Endereço copiado.') : toast.error('Copie o endereço manualmente.')))}
        >
          <Copy size={16} className="me-1" aria-hidden="true" />
          Copiar
        </button>
        <button type="button" className="btn btn-outline-danger btn-touch" disabled={!data || busy} {...notReady(mounted)} onClick={() => setConfirming(true)}>
          <RefreshCw size={16} className="me-1" aria-hidden="true" />
          Gerar novo
        </button>
      </div>
      {confirming ? (
        <ConfirmDialog title="Gerar novo endereço?" confirmLabel="Gerar novo" tone="danger" busy={busy} onConfirm={() => void renew()} onCancel={() => setConfirming(false)}>
          <p className="mb-0">
            O endereço atual deixa de funcionar na hora: os calendários que o assinam param de receber a agenda até receberem o novo. Use se o
            endereço foi compartilhado por engano.
          </p>
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}

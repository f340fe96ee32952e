import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/dialog';
import { errorMessage } from '../../lib/api';
import { useSetClientArchivedMutation } from './clients-api';
import type { Client } from './types';

/**
 * Asks before archiving (or bringing back) a client, then does it; what
 * shows clients reloads as after any client write (`CHANGES` in lib/api-slice.ts).
 */
export function ArchiveDialog({ client, onDone, onCancel }: { client: Client; onDone: () => void; onCancel: () => void }) {
  const [setArchived, { isLoading: busy }] = useSetClientArchivedMutation();
  const confirm = async () => {
    try {
      await setArchived({ id: client.id, archived: !client.archived }).unwrap();
      toast.success(client.archived ? `${client.name} voltou para a lista de clientes.` : `${client.name} foi arquivado.`);
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, 'Não foi possível alterar o cliente.'));
    }
  };
  return (
    <ConfirmDialog
      title={client.archived ? 'Desarquivar cliente?' : 'Arquivar cliente?'}
      confirmLabel={client.archived ? 'Desarquivar' : 'Arquivar'}
      tone={client.archived ? 'success' : 'danger'}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    >
      {client.archived ? (
        <p className="mb-0">
          <strong>{client.name}</strong> volta para a lista de clientes e pode ser agendado de novo.
        </p>
      ) : (
        <p className="mb-0">
          <strong>{client.name}</strong> sai da lista de clientes e não pode receber novos agendamentos. O histórico é mantido.
        </p>
      )}
    </ConfirmDialog>
  );
}

import { AppointmentsReads } from '../../../generated/route-reads';
import { useState, type FormEvent } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/field';
import type { ApiSlot } from '../../lib/api-types';
import { addDays, formatDuration } from '../../lib/format';
import { useGetActiveServicesQuery, useGetAvailabilityQuery, type AvailabilityArgs } from '../schedule';
import type { StaffMember } from './agenda-api';
import { StaffOptions } from './appointment-fields';
import { FreeSlots, SLOT_SEARCH_LIMIT } from './free-slots';

/** How far ahead "Encaixe" looks, and how many starts it lists. */
const FIT_IN_DAYS = 30;
const FIT_IN_LIMIT = 10;

/**
 * "Encaixe" (`?encaixe=1`): the first free starts of a service from today,
 * of one staff member or anyone, as the server finds them (the same rules
 * as booking); one picked opens the booking there (`onPick`).
 */
export function FitInDialog({ staff, today, onPick, onClose }: { staff: StaffMember[]; today: string; onPick: (slot: ApiSlot, serviceId: number) => void; onClose: () => void }) {
  const services = useGetActiveServicesQuery(AppointmentsReads.useFitInServices());
  const [serviceId, setServiceId] = useState('');
  const [staffId, setStaffId] = useState('');
  const [asked, setAsked] = useState<(AvailabilityArgs & { service_id: number }) | null>(null);
  const [missing, setMissing] = useState(false);
  const slots = useGetAvailabilityQuery(asked ?? skipToken);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMissing(!serviceId);
    if (!serviceId) return;
    setAsked({ service_id: Number(serviceId), ...(staffId ? { staff_id: Number(staffId) } : {}), from: today, to: addDays(today, FIT_IN_DAYS), limit: SLOT_SEARCH_LIMIT });
  };

  return (
    <Dialog
      title="Encaixe"
      onClose={onClose}
      footer={
        <button type="button" className="btn btn-light btn-touch" onClick={onClose}>
          Fechar
        </button>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Buscar encaixe" className="row g-2 align-items-end mb-3">
        <SelectField
          id="fit-in-service"
          label="Serviço"
          wrapperClassName="col-12 col-sm-5"
          value={serviceId}
          onChange={(e) => setServiceId(e.target.value)}
          errors={missing ? { serviceId: ['Escolha o serviço.'] } : {}}
          errorKey="serviceId"
        >
          <option value="">{services.isLoading ? 'Carregando...' : 'Escolha o serviço'}</option>
          {services.data?.data.map((x) => (
            <option key={x.id} value={x.id}>
              {`${x.name} · ${formatDuration(x.durationMinutes)}`}
            </option>
          ))}
        </SelectField>
        <SelectField id="fit-in-staff" label="Profissional" wrapperClassName="col-12 col-sm-5" value={staffId} onChange={(e) => setStaffId(e.target.value)} errors={{}}>
          <option value="">Qualquer profissional</option>
          <StaffOptions staff={staff} />
        </SelectField>
        <div className="col-12 col-sm-2 d-grid">
          <button type="submit" className="btn btn-primary btn-touch">
            Buscar
          </button>
        </div>
      </form>
      {asked ? (
        <>
          <h3 className="h6">Primeiros horários livres</h3>
          <FreeSlots slots={slots.data?.data} loading={slots.isFetching} failed={slots.isError} label="Horários livres para encaixe" withStaff={!asked.staff_id} count={FIT_IN_LIMIT} onPick={(slot) => onPick(slot, asked.service_id)} />
        </>
      ) : (
        <p className="small text-muted mb-0">Escolha o serviço e, se quiser, o profissional: a busca mostra os primeiros horários livres a partir de agora.</p>
      )}
    </Dialog>
  );
}

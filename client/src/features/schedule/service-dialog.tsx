import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Dialog, DialogButtons } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { FieldError } from '../../components/field-error';
import { InputField } from '../../components/field';
import { useForm } from '../../hooks/use-form';
import type { ApiService, ApiServiceColor, ApiServiceInput, ApiStaffMember } from '../../lib/api-types';
import { moneyInput, parseMoney } from '../../lib/format';
import { useCreateServiceMutation, useUpdateServiceMutation } from './lib/schedule-api';
import { SERVICE_COLORS, serviceColorVar } from '../../lib/service-colors';

/** The minutes kept free before and after the service (0 to 120). */
const BUFFERS = [
  { name: 'bufferBeforeMinutes', id: 'service-buffer-before', label: 'Intervalo antes (min)' },
  { name: 'bufferAfterMinutes', id: 'service-buffer-after', label: 'Intervalo depois (min)' },
] as const;
const FORM_ID = 'service-form';

/** The form's text values. */
type ServiceForm = {
  name: string;
  durationMinutes: string;
  price: string;
  color: string;
  bufferBeforeMinutes: string;
  bufferAfterMinutes: string;
};

const formOf = (s: ApiService | null): ServiceForm => ({
  name: s?.name ?? '',
  durationMinutes: String(s?.durationMinutes ?? 30),
  price: s ? moneyInput(s.priceCents) : '',
  color: s?.color ?? 'blue',
  bufferBeforeMinutes: String(s?.bufferBeforeMinutes ?? 0),
  bufferAfterMinutes: String(s?.bufferAfterMinutes ?? 0),
});

/** A whole number typed, or NaN (the server then names the field). */
const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * Creates or edits a service (admins): name, length, price, colour, the
 * time kept free before and after, who offers it (none ticked: everyone),
 * active. The server's 422 messages appear under each field.
 */
export function ServiceDialog({ service, staff, onClose }: { service: ApiService | null; staff: readonly ApiStaffMember[]; onClose: () => void }) {
  const { form, field, errors, showErrors, message, saving, submit, setForm } = useForm<ServiceForm>(() => formOf(service), 'Não foi possível salvar o serviço.');
  const [staffIds, setStaffIds] = useState<number[]>(service?.staffIds ?? []);
  const [active, setActive] = useState(service?.active ?? true);
  const [createService] = useCreateServiceMutation();
  const [updateService] = useUpdateServiceMutation();
  // Who may be ticked: the active staff, and anyone the service already names.
  const people = [...staff, ...(service?.staffIds ?? []).filter((id) => !staff.some((s) => s.id === id)).map((id) => ({ id, name: `Profissional #${id}` }))];

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const priceCents = form.price.trim() === '' ? 0 : parseMoney(form.price);
    if (priceCents === null) {
      showErrors({ priceCents: ['Valor inválido: use, por exemplo, 80,00.'] });
      return;
    }
    const input: ApiServiceInput = {
      name: form.name.trim(),
      durationMinutes: whole(form.durationMinutes),
      priceCents,
      color: form.color as ApiServiceColor,
      bufferBeforeMinutes: whole(form.bufferBeforeMinutes),
      bufferAfterMinutes: whole(form.bufferAfterMinutes),
      staffIds,
      active,
    };
    // A number the server cannot read would fail the whole body; send a
    // value it names instead (-1 is out of every range).
    for (const key of ['durationMinutes', 'bufferBeforeMinutes', 'bufferAfterMinutes'] as const) {
      if (Number.isNaN(input[key])) input[key] = -1;
    }
    await submit(async () => {
      const saved = service
        ? await updateService({ id: service.id, changes: { ...input, version: service.version } }).unwrap()
        : await createService(input).unwrap();
      toast.success(service ? `${saved.name} foi salvo.` : `${saved.name} foi cadastrado.`);
      setForm(formOf(saved));
      onClose();
    });
  };

  const toggle = (id: number) => setStaffIds((ids) => (ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id]));

  return (
    <Dialog
      title={service ? 'Editar serviço' : 'Novo serviço'}
      onClose={onClose}
      busy={saving}
      size="lg"
      footer={<DialogButtons onCancel={onClose} busy={saving} form={FORM_ID} label={service ? 'Salvar' : 'Criar serviço'} busyLabel="Salvando..." />}
    >
      <form id={FORM_ID} onSubmit={(e) => void onSubmit(e)} noValidate>
        <ErrorAlert message={message} />
        <InputField id="service-name" label="Nome" {...field('name')} autoComplete="off" maxLength={120} required />
        <div className="row g-2">
          <InputField
            id="service-duration"
            label="Duração (minutos)"
            type="number"
            min={5}
            max={480}
            step={5}
            inputMode="numeric"
            wrapperClassName="col-6 mb-3"
            {...field('durationMinutes')}
            required
          />
          <InputField id="service-price" label="Preço (R$)" inputMode="decimal" placeholder="0,00" wrapperClassName="col-6 mb-3" {...field('price', 'priceCents')} />
          {BUFFERS.map(({ name, id, label }) => (
            <InputField key={name} id={id} label={label} type="number" min={0} max={120} step={5} inputMode="numeric" wrapperClassName="col-6 mb-3" {...field(name)} />
          ))}
        </div>
        <fieldset className="mb-3" aria-describedby={errors.color?.length ? 'service-color-error' : undefined}>
          <legend className="form-label fs-6 mb-1">Cor</legend>
          <div className="d-flex flex-wrap gap-2">
            {SERVICE_COLORS.map(({ color, label }) => (
              <div key={color}>
                <input
                  type="radio"
                  className="btn-check"
                  name="service-color"
                  id={`service-color-${color}`}
                  value={color}
                  checked={form.color === color}
                  onChange={() => setForm((f) => ({ ...f, color }))}
                />
                <label className="btn btn-sm btn-outline-secondary d-inline-flex align-items-center gap-1" htmlFor={`service-color-${color}`}>
                  <span className="service-swatch" style={{ background: serviceColorVar(color) }} aria-hidden="true" />
                  {label}
                </label>
              </div>
            ))}
          </div>
          <FieldError errors={errors} name="color" id="service-color-error" />
        </fieldset>
        <fieldset className="mb-3" aria-describedby="service-staff-hint">
          <legend className="form-label fs-6 mb-1">Profissionais que oferecem</legend>
          <div id="service-staff-hint" className="form-text mt-0 mb-1">
            Nenhum marcado: todos oferecem.
          </div>
          <div className="row g-1">
            {people.map((person) => (
              <div key={person.id} className="col-12 col-sm-6">
                <div className="form-check">
                  <input
                    className="form-check-input"
                    type="checkbox"
                    id={`service-staff-${person.id}`}
                    checked={staffIds.includes(person.id)}
                    onChange={() => toggle(person.id)}
                  />
                  <label className="form-check-label" htmlFor={`service-staff-${person.id}`}>
                    {person.name}
                  </label>
                </div>
              </div>
            ))}
          </div>
          <FieldError errors={errors} name="staffIds" />
        </fieldset>
        <div className="form-check form-switch">
          <input className="form-check-input" type="checkbox" role="switch" id="service-active" checked={active} onChange={(e) => setActive(e.target.checked)} />
          <label className="form-check-label" htmlFor="service-active">
            Ativo (oferecido nos agendamentos)
          </label>
        </div>
        <FieldError errors={errors} name="active" />
      </form>
    </Dialog>
  );
}

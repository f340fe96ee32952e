import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { FieldError, invalidClass } from '../../components/field-error';
import { InputField } from '../../components/field';
import { useForm } from '../../hooks/use-form';
import type { FieldErrors } from '../../lib/api';
import { useCreateClientMutation } from './client-create';
import { useSearchClientsQuery } from './client-search';
import { notReady, useMounted } from '../../lib/use-mounted';
import { formatPhone } from '../../lib/format';

export interface PickedClient {
  id: number;
  name: string;
}

/**
 * Search-as-you-type for a client (a combobox over `GET /api/clients?q=`),
 * and a client created right here when there is none yet (name and phone):
 * the booking's, the agenda's client filter and the merging of two clients
 * (features/clients/merge-dialog.tsx).
 */
export function ClientPicker({
  id,
  value,
  onChange,
  errors,
  creatable = true,
  className = 'mb-3',
  label = 'Cliente',
  field = 'clientId',
  exclude,
}: {
  id: string;
  value: PickedClient | null;
  onChange: (client: PickedClient | null) => void;
  errors: FieldErrors;
  /** False where a client is only looked for (a list's filter): no "Cadastrar novo cliente". */
  creatable?: boolean;
  /** The wrapper's spacing. */
  className?: string;
  label?: string;
  /** The field of the request whose error shows under the picker. */
  field?: string;
  /** A client never offered (the record a duplicate is merged into). */
  exclude?: number;
}) {
  const listId = useId();
  const [text, setText] = useState(value?.name ?? '');
  // A client chosen from outside (the address's, whose name comes later) shows in the field.
  const [shownName, setShownName] = useState(value?.name ?? '');
  if (value && value.name !== shownName) {
    setShownName(value.name);
    setText(value.name);
  }
  const ready = useMounted();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [creating, setCreating] = useState(false);
  const newClient = useForm({ name: '', phone: '' }, 'Não foi possível cadastrar o cliente.');
  const [createClient] = useCreateClientMutation();

  // Ask after a pause in typing, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const { data: answer, isFetching } = useSearchClientsQuery(query, { skip: !open });
  const found = (answer ?? []).filter((c) => c.id !== exclude);

  const pick = (client: PickedClient) => {
    onChange(client);
    setText(client.name);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, Math.max(0, found.length - 1)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && open && found[active]) {
      event.preventDefault();
      pick(found[active]);
    } else if (event.key === 'Escape' && open) {
      // Close the list, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      event.nativeEvent.stopImmediatePropagation();
      setOpen(false);
    }
  };

  const create = () =>
    newClient.submit(async () => {
      const { name, phone } = newClient.form;
      const client = await createClient({ name: name.trim(), ...(phone.trim() ? { phone: phone.trim() } : {}) }).unwrap();
      pick(client);
      setCreating(false);
    });

  // Only for typed text: focusing an empty field, or one with the chosen
  // client (from the address), shows nothing over the form.
  const typed = text.trim() !== '' && text !== value?.name;
  const expanded = open && typed && (found.length > 0 || (!isFetching && query !== ''));
  return (
    <div className={`${className} client-picker`}>
      {/* Beside the label: nothing under the field (the suggestions, their closing) moves or covers it. */}
      <div className="d-flex justify-content-between align-items-center gap-2">
        <label htmlFor={id} className="form-label mb-0">
          {label}
        </label>
        {creating || !creatable ? null : (
          <button
            type="button"
            className="btn btn-link btn-sm px-0 btn-touch"
            {...notReady(ready)}
            onClick={() => {
              newClient.setForm({ name: value ? '' : text.trim(), phone: '' });
              setCreating(true);
            }}
          >
            Cadastrar novo cliente
          </button>
        )}
      </div>
      <div className="position-relative">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          className={`form-control${invalidClass(errors, field)}`}
          placeholder="Digite o nome, telefone, e-mail ou CPF"
          value={text}
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && found[active] ? `${listId}-${found[active].id}` : undefined}
          aria-describedby={errors[field] ? `${id}-error` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(0);
            if (value) onChange(null);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <ul id={listId} role="listbox" aria-label="Clientes encontrados" className={`list-group client-picker-list${expanded ? '' : ' d-none'}`}>
          {found.map((c, i) => (
            <li
              key={c.id}
              id={`${listId}-${c.id}`}
              role="option"
              aria-selected={i === active}
              className={`list-group-item list-group-item-action${i === active ? ' active' : ''}`}
              // Before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(c);
              }}
            >
              {c.name}
              {c.phone ? <span className="small ms-2">{formatPhone(c.phone)}</span> : null}
            </li>
          ))}
          {found.length === 0 ? <li className="list-group-item text-muted">Nenhum cliente encontrado.</li> : null}
        </ul>
      </div>
      <FieldError errors={errors} name={field} id={`${id}-error`} />
      {value ? <div className="form-text">Selecionado: {value.name}</div> : null}
      {!creatable ? null : creating ? (
        <div className="border rounded p-2 mt-2">
          {newClient.message ? (
            <div className="alert alert-danger py-1 px-2 small" role="alert">
              {newClient.message}
            </div>
          ) : null}
          <div className="row g-2">
            <InputField id={`${id}-new-name`} label="Nome do novo cliente" wrapperClassName="col-sm-6" {...newClient.field('name')} />
            <InputField id={`${id}-new-phone`} label="Telefone" wrapperClassName="col-sm-6" inputMode="tel" {...newClient.field('phone')} />
          </div>
          <div className="d-flex gap-2 justify-content-end mt-2">
            <button type="button" className="btn btn-light btn-sm btn-touch" onClick={() => setCreating(false)} disabled={newClient.saving} {...notReady(ready)}>
              Voltar
            </button>
            <button type="button" className="btn btn-outline-primary btn-sm btn-touch" onClick={() => void create()} disabled={newClient.saving} {...notReady(ready)}>
              {newClient.saving ? 'Salvando...' : 'Cadastrar cliente'}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

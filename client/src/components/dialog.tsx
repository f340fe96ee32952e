import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useFocusTrap } from '../hooks/use-focus-trap';
import { notReady, useMounted } from '../lib/use-mounted';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The buttons under the body. */
  footer?: ReactNode;
  /** Bootstrap's modal sizes; the default is the medium one. */
  size?: 'sm' | 'lg';
  /** While an action runs, Escape and the backdrop do not close the dialog. */
  busy?: boolean;
}

/**
 * An in-app modal dialog (Bootstrap's markup, no window.confirm/prompt):
 * focus moves into it and stays there (Tab cycles), Escape closes it, and
 * focus returns to what was focused before. Rendered only while open.
 */
export function Dialog({ title, onClose, children, footer, size, busy = false }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  // Server-rendered open (its address), it works once the script has run.
  const ready = useMounted();
  useFocusTrap(ref, {
    onEscape: onClose,
    busy,
    // The first field of the body, else the first button under it (in a
    // confirmation: "Cancelar"), else the dialog itself.
    initial: (box) =>
      box.querySelector<HTMLElement>('.modal-body input:not([disabled]), .modal-body select, .modal-body textarea') ??
      box.querySelector<HTMLElement>('.modal-footer button:not([disabled])'),
  });
  useEffect(() => {
    document.body.classList.add('modal-open');
    return () => document.body.classList.remove('modal-open');
  }, []);

  return (
    <>
      <div
        className="modal d-block"
        tabIndex={-1}
        role="presentation"
        onMouseDown={(event) => {
          if (event.target === event.currentTarget && !busy) onClose();
        }}
      >
        <div
          ref={ref}
          className={`modal-dialog modal-dialog-centered modal-dialog-scrollable${size ? ` modal-${size}` : ''}`}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
        >
          <div className="modal-content">
            <div className="modal-header">
              <h2 className="modal-title h5" id={titleId}>
                {title}
              </h2>
              <button type="button" className="btn-close" aria-label="Fechar" onClick={onClose} disabled={busy} {...notReady(ready)} />
            </div>
            <div className="modal-body">{children}</div>
            {footer ? <div className="modal-footer">{footer}</div> : null}
          </div>
        </div>
      </div>
      <div className="modal-backdrop show" />
    </>
  );
}

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  /** The confirming button's text ("Desativar"). */
  confirmLabel: string;
  /** The declining button's text; "Voltar" where "Cancelar" would read as the action itself. */
  cancelLabel?: string;
  /** Bootstrap's colour of the confirming button. */
  tone?: 'danger' | 'primary' | 'success';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question in a dialog; Escape and "Cancelar" say no. */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel = 'Cancelar', tone = 'primary', busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      busy={busy}
      size="sm"
      footer={<DialogButtons onCancel={onCancel} cancelLabel={cancelLabel} busy={busy} tone={tone} label={confirmLabel} onConfirm={onConfirm} />}
    >
      {children}
    </Dialog>
  );
}

interface DialogButtonsProps {
  onCancel: () => void;
  cancelLabel?: string;
  busy: boolean;
  /** The action's text, and what it says while the action runs. */
  label: string;
  busyLabel?: string;
  tone?: 'danger' | 'primary' | 'success';
  /** The id of the form the action submits; without it the action is a plain button. */
  form?: string;
  onConfirm?: () => void;
}

/** A dialog's footer: decline (as Escape does), then the action. */
export function DialogButtons({ onCancel, cancelLabel = 'Cancelar', busy, label, busyLabel = 'Aguarde...', tone = 'primary', form, onConfirm }: DialogButtonsProps) {
  const ready = useMounted();
  return (
    <>
      <button type="button" className="btn btn-light btn-touch" onClick={onCancel} disabled={busy} {...notReady(ready)}>
        {cancelLabel}
      </button>
      {/* Before the script, not a submit: the browser would send the form to nowhere. */}
      <button type={form && ready ? 'submit' : 'button'} form={form} className={`btn btn-${tone} btn-touch`} onClick={onConfirm} disabled={busy} {...notReady(ready)}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}

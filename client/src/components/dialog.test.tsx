// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, Dialog } from './dialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLDivElement;

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const escape = () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));

describe('Dialog', () => {
  it('is a labelled modal that takes focus, closes with Escape and gives focus back', () => {
    const opener = document.createElement('button');
    document.body.appendChild(opener);
    opener.focus();
    const onClose = vi.fn();
    act(() =>
      root.render(
        <Dialog title="Novo usuário" onClose={onClose}>
          <input id="campo" />
        </Dialog>,
      ),
    );
    const dialog = container.querySelector('[role="dialog"]') as HTMLElement;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby') as string)?.textContent).toBe('Novo usuário');
    expect(document.activeElement?.id).toBe('campo');
    expect(document.body.classList.contains('modal-open')).toBe(true);

    act(() => escape());
    expect(onClose).toHaveBeenCalledTimes(1);
    act(() => root.render(<></>));
    expect(document.activeElement).toBe(opener);
    expect(document.body.classList.contains('modal-open')).toBe(false);
    opener.remove();
  });

  it('ignores Escape while busy', () => {
    const onCancel = vi.fn();
    act(() =>
      root.render(
        <ConfirmDialog title="Desativar usuário?" confirmLabel="Desativar" busy onConfirm={() => {}} onCancel={onCancel}>
          Certeza?
        </ConfirmDialog>,
      ),
    );
    act(() => escape());
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('asks with "Cancelar" focused and confirms with its button', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    act(() =>
      root.render(
        <ConfirmDialog title="Desativar usuário?" confirmLabel="Desativar" tone="danger" onConfirm={onConfirm} onCancel={onCancel}>
          Certeza?
        </ConfirmDialog>,
      ),
    );
    expect(document.activeElement?.textContent).toBe('Cancelar');
    const confirm = Array.from(container.querySelectorAll('button')).find((b) => b.textContent === 'Desativar') as HTMLButtonElement;
    expect(confirm.className).toContain('btn-danger');
    act(() => confirm.click());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });
});

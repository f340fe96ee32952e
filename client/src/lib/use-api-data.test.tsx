// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { useApiData, type ApiData } from './use-api-data';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function setup(load: () => Promise<string>, enabled: boolean, key: string) {
  const seen: ApiData<string>[] = [];
  function Probe(props: { enabled: boolean; k: string }) {
    seen.push(useApiData(load, 'Erro padrão', props.enabled, props.k));
    return null;
  }
  const root = createRoot(document.createElement('div'));
  const render = async (e: boolean, k: string) => {
    await act(async () => root.render(<Probe enabled={e} k={k} />));
  };
  return { seen, render, first: render(enabled, key), root };
}

describe('useApiData', () => {
  it('loads once when enabled and again when the key changes', async () => {
    const load = vi.fn(async () => 'ok');
    const { seen, render, first } = setup(load, true, 'a');
    await first;
    expect(seen[0].loading).toBe(true);
    expect(seen.at(-1)).toMatchObject({ data: 'ok', loading: false, error: null });
    expect(load).toHaveBeenCalledTimes(1);
    await render(true, 'a');
    expect(load).toHaveBeenCalledTimes(1);
    await render(true, 'b');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('waits while disabled and keeps the server message on failure', async () => {
    const load = vi.fn(async () => {
      throw new ApiError(422, 'Data inválida.');
    });
    const { seen, render, first } = setup(load, false, '');
    await first;
    expect(load).not.toHaveBeenCalled();
    expect(seen.at(-1)?.loading).toBe(false);
    await render(true, 'x');
    expect(load).toHaveBeenCalledTimes(1);
    expect(seen.at(-1)).toMatchObject({ error: 'Data inválida.', loading: false });
  });
});

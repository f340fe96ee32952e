// @vitest-environment jsdom
// A part the server rendered and the browser loads after hydration (the
// navigation: features/layout/lazy-nav.ts): React keeps its HTML while its
// module loads, then hydrates it, with no mismatch and the same DOM.
import { act, Suspense, useMemo, useState, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Counter() {
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" onClick={() => setClicks(clicks + 1)}>
      cliques: {clicks}
    </button>
  );
}

let rerenderPage: () => void = () => undefined;

/** A page whose own state changes while the part is still loading; the part's element is made once (without that, React drops the part's HTML). */
function Page({ Part }: { Part: ComponentType }) {
  const [renders, setRenders] = useState(0);
  rerenderPage = () => setRenders((n) => n + 1);
  const part = useMemo(
    () => (
      <Suspense fallback={null}>
        <Part />
      </Suspense>
    ),
    [Part],
  );
  return (
    <div>
      {part}
      <p>página {renders}</p>
    </div>
  );
}

const hydrated = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'));

describe('a part hydrated after the page', () => {
  it('keeps the server HTML while its module loads, through a render of the page, then hydrates it', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page Part={Counter} />);
    const button = container.querySelector('button')!;

    let arrive: () => void = () => undefined;
    const part = lazyScreen(() => new Promise<{ default: typeof Counter }>((resolve) => (arrive = () => resolve({ default: Counter }))));
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page Part={part.Component} />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(hydrated(container.querySelector('p')!)).toBe(true);
    expect(hydrated(button)).toBe(false);
    expect(container.querySelector('button')).toBe(button);

    await act(async () => rerenderPage());
    expect(container.querySelector('p')!.textContent).toBe('página 1');
    expect(container.querySelector('button')).toBe(button);

    await act(async () => {
      arrive();
      await part.preload();
    });
    expect(container.querySelector('button')).toBe(button);
    expect(hydrated(button)).toBe(true);
    await act(async () => button.click());
    expect(button.textContent).toBe('cliques: 1');
    expect(errors).toEqual([]);
  });
});

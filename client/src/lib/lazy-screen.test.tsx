import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen';

function Hello() {
  return <p>olá</p>;
}

/** The server render of a lazy screen, with a fallback while it suspends. */
function render(screen: ReturnType<typeof lazyScreen>) {
  return renderToString(
    <Suspense fallback={<span>carregando</span>}>
      <screen.Component />
    </Suspense>,
  );
}

describe('lazyScreen', () => {
  it('suspends before the module is loaded', () => {
    const screen = lazyScreen(() => Promise.resolve({ default: Hello }));
    const html = render(screen);
    expect(html).toContain('carregando');
    expect(html).not.toContain('olá');
  });

  it('renders synchronously once preloaded', async () => {
    let calls = 0;
    const screen = lazyScreen(() => {
      calls++;
      return Promise.resolve({ default: Hello });
    });
    await screen.preload();
    await screen.preload();
    const html = render(screen);
    expect(html).toContain('olá');
    expect(html).not.toContain('carregando');
    expect(calls).toBe(1);
  });

  it('retries after a failed load', async () => {
    let calls = 0;
    const screen = lazyScreen(() => {
      calls++;
      return calls === 1 ? Promise.reject<{ default: typeof Hello }>(new Error('rede')) : Promise.resolve({ default: Hello });
    });
    await expect(screen.preload()).rejects.toThrow('rede');
    await screen.preload();
    expect(calls).toBe(2);
  });
});

// The engine loads ssr/src/polyfills.js before this bundle (ssr/src/pool.rs).
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { setAutoFreeze } from 'immer';
import { App } from './app/app';
// Plugs the api into every store the server makes (app/store.ts).
import './app/endpoints';
import { serverScreens } from './app/screens-server';
import { makeStore, type PreloadedState } from './app/store';
import { keepRenderedParts } from './features/layout/nav-markup';

// A server's store lives for one render and nothing writes to it: Immer's
// deep freeze of the page's data (every appointment of the agenda) is time
// spent for nothing, about a twentieth of the agenda's render.
setAutoFreeze(false);

interface RenderInput {
  url: string;
  state?: PreloadedState | null;
}

/**
 * ssr/CONTRACT.md: `renderPage(inputJson)` returns the inside of
 * `<div id="root">`, rendered synchronously with a fresh store per call.
 */
function renderPage(inputJson: string): string {
  const input = JSON.parse(inputJson) as RenderInput;
  const store = makeStore(input.state ?? null);
  const provide = (node: ReactNode) => (
    <Provider store={store}>
      <StaticRouter location={input.url || '/'}>{node}</StaticRouter>
    </Provider>
  );
  const html = renderToString(provide(<App screens={serverScreens} />));
  // The navigation drawn in full on this page is kept for the next ones.
  keepRenderedParts(provide);
  return html;
}

(globalThis as unknown as { renderPage: typeof renderPage }).renderPage = renderPage;

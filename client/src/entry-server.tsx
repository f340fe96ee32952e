// The engine loads ssr/src/polyfills.js before this bundle (ssr/src/pool.rs).
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
// Plugs the api into every store the server makes (app/store.ts).
import './app/endpoints';
import { serverScreens } from './app/screens-server';
import { makeStore, type PreloadedState } from './app/store';

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
  return renderToString(
    <Provider store={store}>
      <StaticRouter location={input.url || '/'}>
        <App screens={serverScreens} />
      </StaticRouter>
    </Provider>,
  );
}

(globalThis as unknown as { renderPage: typeof renderPage }).renderPage = renderPage;

// @vitest-environment node
// The server's kept navigation (nav-markup.ts, the server bundle's
// lazy-nav.server.ts): written from what it kept, the page is the same
// markup as rendered in full, its icons in the sprite too.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStore, type PreloadedState } from '../../app/store';
import { IconSprite } from '../../components/icon-sprite';
import { Plus } from '../../components/icons';
import { defaultLayoutSettings } from './layout-settings';
import { forgetKeptParts, keepRenderedParts, keptOnServer, keptParts } from './nav-markup';
import SideNavPart, { SIDE_NAV_ROOT } from './side-nav';
import TopBarPart, { TOP_BAR_ROOT } from './top-bar';

const SideNav = keptOnServer('side', SideNavPart, SIDE_NAV_ROOT);
const TopBar = keptOnServer('top', TopBarPart, TOP_BAR_ROOT);

const auth = { id: 1, name: 'Ana Admin', email: 'a@example.com', role: 'admin' as const, accessToken: 'tok', typeToken: 'Bearer', expiresIn: 3600, expiresAt: 4102444800000 };
const client = { id: 3, name: 'Maria Souza', email: null, phone: null, document: null, birthDate: null, notes: null, archived: false, anonymisedAt: null, onlineSignup: false, version: 1, createdAt: '', updatedAt: '' };

/** A page's render as entry-server.tsx does it: the parts drawn in full are kept after it. */
function render(state: PreloadedState, path: string, page: ReactNode): string {
  const store = makeStore(state);
  const provide = (node: ReactNode) => (
    <Provider store={store}>
      <StaticRouter location={path}>{node}</StaticRouter>
    </Provider>
  );
  const html = renderToString(
    provide(
      <>
        <SideNav />
        <TopBar />
        {page}
        <IconSprite />
      </>,
    ),
  );
  keepRenderedParts(provide);
  return html;
}

afterEach(forgetKeptParts);

describe('the navigation kept on the server', () => {
  it('writes the same page, sprite and all, as rendering it in full', () => {
    const layouts = [defaultLayoutSettings(), { ...defaultLayoutSettings(), theme: 'dark', sidenav: { ...defaultLayoutSettings().sidenav, user: true } }];
    for (const layout of layouts) {
      for (const [path, role] of [['/clients', 'admin'], ['/dashboard', 'admin'], ['/clients', 'staff']] as const) {
        const state = { auth: { ...auth, role }, layout };
        forgetKeptParts();
        const full = render(state, path, <p>a</p>);
        expect(keptParts(), 'both parts kept').toBe(2);
        expect(full).toContain('<aside class="sidenav-menu"');
        expect(full).toContain('<symbol id="icon-layout-dashboard"');
        expect(render(state, path, <p>a</p>), `${path} as ${role}`).toBe(full);
      }
    }
  });

  it('notes its icons in the page where it is written, before the page’s own', () => {
    const state = { auth, layout: defaultLayoutSettings() };
    render(state, '/clients', null);
    const kept = render(state, '/clients', <Plus />);
    const ids = [...kept.matchAll(/<symbol id="([a-z0-9-]+)"/g)].map((m) => m[1]);
    expect(ids[0]).toBe('icon-calendar-check');
    expect(ids).toContain('icon-bell');
    expect(ids[ids.length - 1]).toBe('icon-plus');
  });

  // What the key leaves out must not change the markup: a part that came to
  // read more of the state would be written from another page's.
  it('follows from the address, the layout and the user only', () => {
    const layout = defaultLayoutSettings();
    const plain = render({ auth, layout }, '/clients', null);
    forgetKeptParts();
    const busy = render(
      {
        auth: { ...auth, accessToken: 'another', expiresAt: 4102444900000 },
        layout,
        clients: { list: [client], meta: { page: 2, per_page: 10, total: 11, last_page: 2 } },
        reads: { at: '/clients?page=2', args: {} },
      },
      '/clients?page=2&q=maria',
      null,
    );
    expect(busy).toBe(plain);
    // And what it holds does change it: the active item, the user's name.
    expect(render({ auth, layout }, '/dashboard', null)).not.toBe(plain);
    expect(render({ auth: { ...auth, name: 'Bia' }, layout }, '/clients', null)).not.toBe(plain);
  });
});

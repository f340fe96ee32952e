// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import HorizontalNav from './horizontal-nav';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('HorizontalNav', () => {
  it('opens one top-level menu at a time by click and closes on Escape or an outside click', () => {
    const el = document.createElement('div');
    document.body.appendChild(el);
    const root = createRoot(el);
    act(() =>
      root.render(
        <MemoryRouter initialEntries={['/users/roles']}>
          <HorizontalNav />
        </MemoryRouter>,
      ),
    );
    const top = (label: string) => Array.from(el.querySelectorAll('.topnav-menu > .topnav-item')).find((li) => li.querySelector(':scope > button')?.textContent === label)!;
    const openLabels = () => Array.from(el.querySelectorAll('.topnav-item.open > button')).map((b) => b.textContent);

    // The active trail is marked: Apps > Usuarios > Papéis.
    expect(top('Apps').querySelector(':scope > button')?.classList.contains('active')).toBe(true);
    expect(el.querySelector('a.active')?.getAttribute('href')).toBe('/users/roles');
    // Demo routes are plain links, app routes are router links.
    expect(el.querySelector('a[href="/calendar"]')?.hasAttribute('data-discover')).toBe(false);
    expect(el.querySelector('a[href="/clients"]')?.hasAttribute('data-discover')).toBe(true);

    act(() => (top('Apps').querySelector(':scope > button') as HTMLButtonElement).click());
    act(() => (Array.from(el.querySelectorAll('button')).find((b) => b.textContent === 'CRM') as HTMLButtonElement).click());
    expect(openLabels()).toEqual(['Apps', 'CRM']);
    act(() => (top('Páginas').querySelector(':scope > button') as HTMLButtonElement).click());
    expect(openLabels()).toEqual(['Páginas']);
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(openLabels()).toEqual([]);
    act(() => (top('Apps').querySelector(':scope > button') as HTMLButtonElement).click());
    act(() => {
      document.body.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    expect(openLabels()).toEqual([]);
    act(() => root.unmount());
    el.remove();
  });
});

// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LinkNavigation } from '../../components/app-link';
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
          <LinkNavigation>
            <HorizontalNav />
          </LinkNavigation>
        </MemoryRouter>,
      ),
    );
    const top = (label: string) => Array.from(el.querySelectorAll('.topnav-menu > .topnav-item')).find((li) => li.querySelector(':scope > button')?.textContent === label)!;
    const openLabels = () => Array.from(el.querySelectorAll('.topnav-item.open > button')).map((b) => b.textContent);

    // The active trail is marked: Apps > Usuarios > Papéis.
    expect(top('Apps').querySelector(':scope > button')?.classList.contains('active')).toBe(true);
    expect(el.querySelector('a.active')?.getAttribute('href')).toBe('/users/roles');

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

    // Demo routes are plain links (the browser loads them); a plain click on
    // an app route navigates inside the app, a modified one is the browser's.
    const inApp = (href: string, init: MouseEventInit = {}) => {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
      let kept = false;
      const after = (e: Event) => {
        kept = e.defaultPrevented;
        e.preventDefault(); // jsdom does not load pages
      };
      document.addEventListener('click', after, { once: true });
      act(() => {
        el.querySelector(`a[href="${href}"]`)!.dispatchEvent(click);
      });
      return kept;
    };
    expect(inApp('/calendar')).toBe(false);
    expect(inApp('/clients', { ctrlKey: true })).toBe(false);
    expect(inApp('/clients')).toBe(true);
    expect(el.querySelector('a.active')?.getAttribute('href')).toBe('/clients');
    act(() => root.unmount());
    el.remove();
  });
});

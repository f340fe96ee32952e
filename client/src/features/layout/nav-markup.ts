// The navigation's markup on the server, rendered once per thing it shows
// and then written as it was. The side menu and the top bar are the same on
// every page of one address, layout and user, yet were a third of the
// server's render of /clients in QuickJS (bench/README.md, "Render less").
// A part whose markup is not kept yet is rendered in full; the page's render
// then renders it again alone and keeps the inside of its element
// (keepRenderedParts, from entry-server.tsx). The browser renders and
// hydrates the parts as always: the markup is the same either way
// (nav-markup.test.tsx).
import { createElement, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { useLocation } from 'react-router';
import { drawIcons, takeDrawnIcons } from '../../components/icon-sprite';
import { useAppSelector } from '../../hooks/store';

/** A part's own element: what is written around its kept inside. */
export interface PartRoot {
  tag: string;
  props: Readonly<Record<string, string>>;
}

interface Part {
  name: string;
  Component: ComponentType;
  root: PartRoot;
}

/** Kept insides at most (an address, a layout and a user each): past it the oldest goes. */
const KEPT = 64;
const kept = new Map<string, { inside: string; icons: string[] }>();
/** The parts the current render drew in full, to keep once it is done. */
let unkept: { key: string; part: Part }[] = [];

/**
 * Everything the navigation's markup follows from: the address's path (the
 * menu's active item), the layout and who is signed in. A part that comes
 * to read more of the state must add it here (nav-markup.test.tsx renders
 * the parts with the rest of the state changed).
 */
export function useNavigationKey(name: string): string {
  const pathname = useLocation().pathname;
  const layout = useAppSelector((s) => s.layout);
  const { id, name: user, email, role } = useAppSelector((s) => s.auth);
  return JSON.stringify([name, pathname, layout, id, user, email, role]);
}

/** `Component` (whose element is `root`) as the server writes it: kept, or rendered and then kept. */
export function keptOnServer(name: string, Component: ComponentType, root: PartRoot): ComponentType {
  const part = { name, Component, root };
  return function KeptPart() {
    const key = useNavigationKey(name);
    const markup = kept.get(key);
    if (markup === undefined) {
      unkept.push({ key, part });
      return createElement(Component);
    }
    // Its icons, for the page's sprite, as if they had been drawn here.
    drawIcons(markup.icons);
    return createElement(root.tag, { ...root.props, dangerouslySetInnerHTML: { __html: markup.inside } });
  };
}

/**
 * After a page's render: each part it drew in full, rendered alone within
 * `provide` (the page's store and address), and the inside of its element
 * kept. A part whose markup does not start with its element is not kept.
 */
export function keepRenderedParts(provide: (node: ReactNode) => ReactNode): void {
  const parts = unkept;
  unkept = [];
  for (const { key, part } of parts) {
    if (kept.has(key)) continue;
    // The page's sprite is written: what is drawn from here is this part's.
    takeDrawnIcons();
    const html = renderToString(provide(createElement(part.Component)));
    const icons = takeDrawnIcons();
    const close = `</${part.root.tag}>`;
    const open = renderToString(createElement(part.root.tag, part.root.props)).slice(0, -close.length);
    if (!html.startsWith(open) || !html.endsWith(close)) continue;
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(key, { inside: html.slice(open.length, -close.length), icons });
  }
}

/** How many insides are kept (tests). */
export function keptParts(): number {
  return kept.size;
}

/** Forgets every kept inside (tests). */
export function forgetKeptParts(): void {
  kept.clear();
  unkept = [];
}

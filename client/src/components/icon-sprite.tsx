// The icons' sprite (icons.tsx): each icon's <symbol>, and the one <svg>
// that holds them in the page, which every icon's <use> points at. Apart
// from the icons themselves, so that the App, which draws the sprite, does
// not bring lucide's drawings into the JavaScript every page hydrates with:
// an icon's symbol is registered when its module loads.
import { useEffect, useState } from 'react';

/** The sprite's id in the page. */
const SPRITE = 'icon-sprite';

/** Every registered icon's <symbol>, by its id. */
const symbols = new Map<string, string>();
/**
 * The ids of the icons drawn since the sprite was last written: the server's
 * sprite holds only those. A render is synchronous on the server and the
 * sprite is the App's last element, so it is drawn after every icon.
 */
const drawn = new Set<string>();
/** The browser's sprites, told when icons are registered (a screen's chunk loaded). */
const listeners = new Set<() => void>();
let every: string | null = null;
let told = false;

/** Every registered symbol: what the browser's sprite holds once the page runs. */
const allSymbols = () => (every ??= [...symbols.values()].join(''));

/** An icon's symbol, when its module loads. */
export function registerSymbol(id: string, symbol: string): void {
  symbols.set(id, symbol);
  every = null;
  // Once for a module's icons, not once an icon.
  if (told || listeners.size === 0) return;
  told = true;
  queueMicrotask(() => {
    told = false;
    for (const listener of listeners) listener();
  });
}

/** An icon drawn in this render. */
export function noteDrawn(id: string): void {
  drawn.add(id);
}

/**
 * The icons drawn since the sprite was last written, forgotten: what a part
 * of the page kept as markup (features/layout/nav-markup.ts) drew, to be
 * noted again (drawIcons) wherever its markup is written.
 */
export function takeDrawnIcons(): string[] {
  const ids = [...drawn];
  drawn.clear();
  return ids;
}

/** Notes icons as drawn, as if their components had rendered. */
export function drawIcons(ids: readonly string[]): void {
  for (const id of ids) drawn.add(id);
}

/** The symbols of the icons drawn since the last sprite, and a fresh start for the next. */
function drawnSymbols(): string {
  const html = [...drawn].map((id) => symbols.get(id)).join('');
  drawn.clear();
  return html;
}

/**
 * The sprite the icons' <use> point at; the App's last element. The
 * server's holds the icons its page drew. Hydration keeps the server's (its
 * content read from the page, so it matches); once mounted it holds every
 * icon registered, and those of each chunk loaded later.
 */
export function IconSprite() {
  const [html, setHtml] = useState(() => {
    if (typeof document === 'undefined') return drawnSymbols();
    return document.getElementById(SPRITE)?.innerHTML ?? allSymbols();
  });
  useEffect(() => {
    const update = () => setHtml(allSymbols());
    update();
    listeners.add(update);
    return () => {
      listeners.delete(update);
    };
  }, []);
  return <svg id={SPRITE} aria-hidden="true" style={HIDDEN} dangerouslySetInnerHTML={{ __html: html }} />;
}

const HIDDEN = { display: 'none' } as const;

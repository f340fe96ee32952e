import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as lucide from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { drawIcons, IconSprite, takeDrawnIcons } from './icon-sprite';
import * as icons from './icons';

type Props = Record<string, unknown>;
const drawn = Object.entries(icons) as [string, ComponentType<Props>][];
// The ways the app draws its icons: size only, with a class, hidden or named.
const uses: Props[] = [{}, { size: 18 }, { size: 16, className: 'me-1', 'aria-hidden': 'true' }, { size: 20, 'aria-label': 'Fechar' }];

/** An element's attributes (the first tag of `html`) and what it holds. */
function parts(html: string, tag: string) {
  const match = new RegExp(`^<${tag}((?: [a-zA-Z:-]+="[^"]*")*)>(.*)</${tag}>$`, 's').exec(html);
  if (!match) throw new Error(`not one <${tag}>: ${html}`);
  const attributes = Object.fromEntries([...match[1].matchAll(/ ([a-zA-Z:-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  return { attributes, inside: match[2] };
}

/** The symbols' ids in a sprite's markup, in order. */
const symbolIds = (sprite: string) => [...sprite.matchAll(/<symbol id="([a-z0-9-]+)"/g)].map((m) => m[1]);

describe('icons', () => {
  // What the browser draws: the icon's <svg> with its symbol's attributes
  // and drawing in place of the <use> (a <symbol> is drawn as an <svg>).
  it.each(drawn)('%s draws what lucide-react draws, through the sprite', (name, Icon) => {
    const Lucide = (lucide as unknown as Record<string, ComponentType<Props>>)[name];
    expect(Lucide).toBeDefined();
    for (const props of uses) {
      const icon = parts(renderToStaticMarkup(<Icon {...props} />), 'svg');
      const sprite = parts(renderToStaticMarkup(<IconSprite />), 'svg');
      const id = /^<use href="#([a-z0-9-]+)"><\/use>$/.exec(icon.inside)?.[1];
      expect(id, icon.inside).toBeDefined();
      const symbols = [...sprite.inside.matchAll(/<symbol .*?<\/symbol>/gs)].map((m) => m[0]);
      expect(symbols, 'the server sprite holds the icons drawn for its page').toHaveLength(1);
      const symbol = parts(symbols[0], 'symbol');
      const { id: symbolId, ...fromSymbol } = symbol.attributes;
      expect(symbolId).toBe(id);
      const lucideSvg = parts(renderToStaticMarkup(<Lucide {...props} />), 'svg');
      // xmlns is the HTML parser's to add: an <svg> in HTML is in SVG's namespace.
      const { xmlns, ...expected } = lucideSvg.attributes;
      expect(xmlns).toBe('http://www.w3.org/2000/svg');
      expect({ ...icon.attributes, ...fromSymbol }).toEqual(expected);
      expect(Object.keys(icon.attributes).filter((k) => k in fromSymbol)).toEqual([]);
      expect(symbol.inside).toBe(lucideSvg.inside);
    }
  });

  it('the server sprite holds each icon drawn once, in order, then starts again', () => {
    const { ArrowLeft, X } = icons;
    renderToStaticMarkup(
      <>
        <X />
        <ArrowLeft />
        <X size={12} />
      </>,
    );
    expect(symbolIds(renderToStaticMarkup(<IconSprite />))).toEqual(['icon-x', 'icon-arrow-left']);
    expect(renderToStaticMarkup(<IconSprite />)).toBe('<svg id="icon-sprite" aria-hidden="true" style="display:none"></svg>');
  });

  it('icons taken from one render are drawn into another', () => {
    const { Bell, Menu } = icons;
    renderToStaticMarkup(<Bell />);
    const taken = takeDrawnIcons();
    expect(taken).toEqual(['icon-bell']);
    renderToStaticMarkup(<Menu />);
    drawIcons(taken);
    expect(symbolIds(renderToStaticMarkup(<IconSprite />))).toEqual(['icon-menu', 'icon-bell']);
  });
});

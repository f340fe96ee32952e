import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as lucide from 'lucide-react';
import { describe, expect, it } from 'vitest';
import * as icons from './icons';

type Props = Record<string, unknown>;
const drawn = Object.entries(icons) as [string, ComponentType<Props>][];
// The ways the app draws its icons: size only, with a class, hidden or named.
const uses: Props[] = [{}, { size: 18 }, { size: 16, className: 'me-1', 'aria-hidden': 'true' }, { size: 20, 'aria-label': 'Fechar' }];

describe('icons', () => {
  it.each(drawn)('%s is the same markup as lucide-react draws', (name, Icon) => {
    const Lucide = (lucide as unknown as Record<string, ComponentType<Props>>)[name];
    expect(Lucide).toBeDefined();
    for (const props of uses) expect(renderToStaticMarkup(<Icon {...props} />)).toBe(renderToStaticMarkup(<Lucide {...props} />));
  });
});

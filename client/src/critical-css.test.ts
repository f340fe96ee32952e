import { describe, expect, it } from 'vitest';
import { criticalCss, documentOf } from '../critical-css.mjs';

describe('the critical CSS', () => {
  const page = documentOf('<nav class="sidenav-menu"><span class="menu-text">Clientes</span></nav><main class="card"><p class="lead">x</p></main>');
  const cut = (css: string) => criticalCss(css, [page], '');

  it('keeps the rules that match the first paint and drops those whose classes the page lacks', () => {
    expect(cut('.card .lead{color:red}.modal .lead{color:blue}.card>.lead{margin:0}')).toBe('.card .lead{color:red}.card>.lead{margin:0}');
    // A class present but in another place: matched by the selector, not by the classes alone.
    expect(cut('.lead .card{color:red}')).toBe('');
  });

  it('reads :is() and :where() as alternatives, and ignores the layout and hover conditions', () => {
    expect(cut('html[data-sidenav-size=condensed] :is(.menu-text,.logo-text){display:none}')).toBe('html[data-sidenav-size=condensed] :is(.menu-text,.logo-text){display:none}');
    expect(cut(':where(.logo-text,.side-nav-title){opacity:0}')).toBe('');
    expect(cut('.sidenav-menu:hover .menu-text{color:red}')).toBe('.sidenav-menu:hover .menu-text{color:red}');
  });

  it('keeps a selector the matcher cannot read when the page has its classes', () => {
    // `:not(:hover)` loses its condition and leaves `:not()`, which jsdom refuses.
    expect(cut('.sidenav-menu:not(:hover) .menu-text{opacity:1}')).toBe('.sidenav-menu:not(:hover) .menu-text{opacity:1}');
    expect(cut('.sidebar-x:not(:hover) .menu-text{opacity:1}')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { expectCases } from '../../lib/expect-cases';
import { backdropPadding, easeInOutQuad, effectiveTheme, menuScrollTarget, nextSizeOnToggle, sizeForWidth } from './layout-rules';

describe('sizeForWidth', () => {
  it('vertical: offcanvas at or below 767.98 px', () => {
    expectCases(sizeForWidth, [['vertical', 500, 'default', 'offcanvas'], ['vertical', 767.98, 'compact', 'offcanvas'], ['vertical', 767.99, 'default', 'condensed']]);
  });

  it('vertical: condensed at or below 1140 px unless the size is offcanvas', () => {
    expectCases(sizeForWidth, [['vertical', 1000, 'default', 'condensed'], ['vertical', 1140, 'on-hover', 'condensed'], ['vertical', 1000, 'offcanvas', 'offcanvas']]);
  });

  it('vertical: the chosen size above 1140 px', () => {
    expectCases(sizeForWidth, [['vertical', 1141, 'default', 'default'], ['vertical', 1400, 'compact', 'compact'], ['vertical', 1400, 'offcanvas', 'offcanvas']]);
  });

  it('horizontal: offcanvas below 992 px, default from 992 px', () => {
    expectCases(sizeForWidth, [['horizontal', 991, 'compact', 'offcanvas'], ['horizontal', 992, 'compact', 'default'], ['horizontal', 1600, 'condensed', 'default']]);
  });
});

describe('nextSizeOnToggle', () => {
  it('switches default and condensed, compact and condensed, on-hover and on-hover-active', () => {
    expectCases(nextSizeOnToggle, [
      ['default', 'default', 'condensed'], ['condensed', 'default', 'default'],
      ['compact', 'compact', 'condensed'], ['condensed', 'compact', 'compact'],
      ['on-hover', 'on-hover', 'on-hover-active'], ['on-hover-active', 'on-hover', 'on-hover'],
    ]);
  });
  it('leaves offcanvas alone (the drawer opens instead)', () => {
    expect(nextSizeOnToggle('offcanvas', 'default')).toBe('offcanvas');
  });
});

describe('other rules', () => {
  it('resolves the system theme from the OS preference', () => {
    expectCases(effectiveTheme, [['system', true, 'dark'], ['system', false, 'light'], ['dark', false, 'dark'], ['light', true, 'light']]);
  });
  it('pads the body by 15 px above 767 px', () => {
    expect(backdropPadding(767)).toBe(0);
    expect(backdropPadding(768)).toBe(15);
  });
  it('puts the active item at 40% of the window height', () => {
    expect(menuScrollTarget(1000, 800)).toBe(680);
    expect(menuScrollTarget(100, 800)).toBe(0);
  });
  it('eases from 0 to 1', () => {
    expectCases(easeInOutQuad, [[0, 0], [0.5, 0.5], [1, 1]]);
    expect(easeInOutQuad(0.25)).toBeLessThan(0.25);
  });
});

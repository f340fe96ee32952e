import { describe, expect, it } from 'vitest';
import { backdropPadding, easeInOutQuad, effectiveTheme, menuScrollTarget, nextSizeOnToggle, sizeForWidth } from './layout-rules';

describe('sizeForWidth', () => {
  it('vertical: offcanvas at or below 767.98 px', () => {
    expect(sizeForWidth('vertical', 500, 'default')).toBe('offcanvas');
    expect(sizeForWidth('vertical', 767.98, 'compact')).toBe('offcanvas');
    expect(sizeForWidth('vertical', 767.99, 'default')).toBe('condensed');
  });

  it('vertical: condensed at or below 1140 px unless the size is offcanvas', () => {
    expect(sizeForWidth('vertical', 1000, 'default')).toBe('condensed');
    expect(sizeForWidth('vertical', 1140, 'on-hover')).toBe('condensed');
    expect(sizeForWidth('vertical', 1000, 'offcanvas')).toBe('offcanvas');
  });

  it('vertical: the chosen size above 1140 px', () => {
    expect(sizeForWidth('vertical', 1141, 'default')).toBe('default');
    expect(sizeForWidth('vertical', 1400, 'compact')).toBe('compact');
    expect(sizeForWidth('vertical', 1400, 'offcanvas')).toBe('offcanvas');
  });

  it('horizontal: offcanvas below 992 px, default from 992 px', () => {
    expect(sizeForWidth('horizontal', 991, 'compact')).toBe('offcanvas');
    expect(sizeForWidth('horizontal', 992, 'compact')).toBe('default');
    expect(sizeForWidth('horizontal', 1600, 'condensed')).toBe('default');
  });
});

describe('nextSizeOnToggle', () => {
  it('switches default and condensed', () => {
    expect(nextSizeOnToggle('default', 'default')).toBe('condensed');
    expect(nextSizeOnToggle('condensed', 'default')).toBe('default');
  });
  it('switches compact and condensed', () => {
    expect(nextSizeOnToggle('compact', 'compact')).toBe('condensed');
    expect(nextSizeOnToggle('condensed', 'compact')).toBe('compact');
  });
  it('switches on-hover and on-hover-active', () => {
    expect(nextSizeOnToggle('on-hover', 'on-hover')).toBe('on-hover-active');
    expect(nextSizeOnToggle('on-hover-active', 'on-hover')).toBe('on-hover');
  });
  it('leaves offcanvas alone (the drawer opens instead)', () => {
    expect(nextSizeOnToggle('offcanvas', 'default')).toBe('offcanvas');
  });
});

describe('other rules', () => {
  it('resolves the system theme from the OS preference', () => {
    expect(effectiveTheme('system', true)).toBe('dark');
    expect(effectiveTheme('system', false)).toBe('light');
    expect(effectiveTheme('dark', false)).toBe('dark');
    expect(effectiveTheme('light', true)).toBe('light');
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
    expect(easeInOutQuad(0)).toBe(0);
    expect(easeInOutQuad(0.5)).toBe(0.5);
    expect(easeInOutQuad(1)).toBe(1);
    expect(easeInOutQuad(0.25)).toBeLessThan(0.25);
  });
});

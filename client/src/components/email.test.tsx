import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Email } from './email';

describe('Email', () => {
  it('offers a line break right after the @, and nowhere else', () => {
    expect(renderToStaticMarkup(<Email address="ana.beatriz@example.com" />)).toBe('ana.beatriz@<wbr/>example.com');
  });

  it('leaves a text without an @ as it is', () => {
    expect(renderToStaticMarkup(<Email address="sem-arroba" />)).toBe('sem-arroba');
  });
});

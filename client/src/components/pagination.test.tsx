import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageWindow, Pagination } from './pagination';

describe('pagination', () => {
  it('shows pages around the current one with the ends', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, '…', 5]);
    expect(pageWindow(5, 10)).toEqual([1, '…', 3, 4, 5, 6, 7, '…', 10]);
    expect(pageWindow(10, 10)).toEqual([1, '…', 8, 9, 10]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('says the total with singular or plural', () => {
    const one = renderToStaticMarkup(<Pagination meta={{ page: 1, per_page: 10, total: 1, last_page: 1 }} onPageChange={() => {}} noun={['cliente', 'clientes']} />);
    expect(one).toContain('1 cliente · página 1 de 1');
    const many = renderToStaticMarkup(<Pagination meta={{ page: 2, per_page: 10, total: 1234, last_page: 124 }} onPageChange={() => {}} noun={['cliente', 'clientes']} />);
    expect(many).toContain('1.234 clientes · página 2 de 124');
    expect(renderToStaticMarkup(<Pagination meta={null} onPageChange={() => {}} />)).toBe('');
  });

  it('says when the total is an estimate', () => {
    const meta = { page: 3, per_page: 10, total: 123456, last_page: 12346, total_estimated: true, next_cursor: 'abc' };
    const text = renderToStaticMarkup(<Pagination meta={meta} onPageChange={() => {}} noun={['cliente', 'clientes']} />);
    expect(text).toContain('cerca de 123.456 clientes · página 3 de cerca de 12.346');
  });

  it('pages by links when the list is in the address, the next one with its cursor', () => {
    const meta = { page: 2, per_page: 10, total: 50, last_page: 5, next_cursor: 'c2' };
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <Pagination meta={meta} href={(p, cursor) => `/clients?page=${p}${cursor ? `&cursor=${cursor}` : ''}`} />
      </MemoryRouter>,
    );
    expect(html).toContain('href="/clients?page=1"');
    expect(html).toContain('href="/clients?page=3&amp;cursor=c2"');
    expect(html).toContain('href="/clients?page=5"');
    expect(html).not.toContain('<button');
    // The current page is no link.
    expect(html).not.toContain('href="/clients?page=2"');
    expect(html).toMatch(/<span class="page-link" aria-current="page">2<\/span>/);
  });
});


// Types of critical-css.mjs for the tests.
export function criticalCss(css: string, documents: Document[], elsewhere: string): string;
export function documentOf(rootHtml: string): Document;

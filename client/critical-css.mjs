// The stylesheet cut to what the app uses, and each route's critical CSS
// (what its first paint uses), both at build time (build.mjs):
//
// - purge (the libraries' stylesheets only: Bootstrap, simplebar,
//   react-toastify; the app's own src/styles are kept whole): a rule stays
//   when every class its selector needs appears in the shipped JavaScript
//   (class names are string literals there, those of react-toastify and
//   simplebar included) or in the safelist of classes that the code builds
//   at run time (`bg-${variant}-subtle`);
// - critical: the rules of the purged sheet whose selectors match an element
//   of the route's server-rendered markup (rendered here with the SSR bundle
//   and sample states, in both orientations). Conditions on the <html> layout attributes and on
//   hover/focus are ignored when matching, so every skin, theme and layout
//   keeps its rules.
//
// Declarations are never rewritten: rules are cut from the minified CSS text
// as they are, only whole selectors are dropped.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { JSDOM } from 'jsdom';

/** Bootstrap's theme colours: the values of `${variant}` in class names. */
const VARIANTS = '(primary|secondary|success|danger|warning|info|light|dark)';
/** Classes the code composes at run time (grep for className={`…${ in src/). */
export const SAFELIST = [
  new RegExp(`^(bg|text|btn|btn-outline|border|alert|link)-${VARIANTS}(-subtle|-emphasis)?$`),
  /^modal-(sm|lg|xl)$/,
  /^level-\d$/,
  /^Toastify__/,
];

/** The `<html>` attributes of the layout (ssr/CONTRACT.md): ignored when matching. */
const LAYOUT_ATTRIBUTE = /\[data-(skin|theme|bs-theme|monochrome|layout|layout-position|layout-width|sidenav-[a-z]+|topbar-color)(?:[~|^$*]?=(?:"[^"]*"|'[^']*'|[^\]]*))?\]/g;
/** Pseudo-elements of particular inputs: matched as those inputs. */
const INPUT_PARTS = [
  [/::(?:file-selector-button|-webkit-file-upload-button)/g, '[type=file]'],
  [/::-webkit-(?:datetime-edit[a-z-]*|calendar-picker-indicator)/g, '[type=date]'],
  [/::-webkit-search-[a-z-]+/g, '[type=search]'],
  [/::-(?:webkit|moz)-color-swatch[a-z-]*/g, '[type=color]'],
  [/::-webkit-(?:inner|outer)-spin-button/g, '[type=number]'],
];
/**
 * States that come and go after the first paint, and pseudo-elements (also
 * in the one-colon spelling the minifier writes: `:before`, `:after`).
 */
const DYNAMIC = /::?-?(?:webkit-|moz-|ms-)[a-z-]+(?:\([^)]*\))?|::[a-z-]+(?:\([^)]*\))?|:(?:before|after|first-line|first-letter)\b|:(?:hover|focus|focus-visible|focus-within|active|visited|target|autofill|placeholder-shown|invalid|valid|user-invalid|user-valid)\b/g;

// ---------------------------------------------------------------- CSS text

/**
 * Splits CSS into nodes: `{ prelude, body }` for a style rule or an atomic
 * at-rule (@keyframes, @font-face), `{ prelude, children }` for a grouping
 * at-rule (@media, @supports, @layer, @container), `{ statement }` otherwise.
 */
export function parseCss(css) {
  const nodes = [];
  let i = 0;
  const skipString = (j) => {
    const quote = css[j];
    for (j++; j < css.length && css[j] !== quote; j++) if (css[j] === '\\') j++;
    return j;
  };
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i])) i++;
    if (i >= css.length) break;
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 2;
      continue;
    }
    // The prelude runs to the first `{` or `;` outside strings and brackets.
    let j = i;
    let depth = 0;
    for (; j < css.length; j++) {
      const c = css[j];
      if (c === '"' || c === "'") j = skipString(j);
      else if (c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') depth--;
      else if (depth === 0 && (c === '{' || c === ';')) break;
    }
    const prelude = css.slice(i, j).trim();
    if (css[j] !== '{') {
      nodes.push({ statement: css.slice(i, j + 1).trim() });
      i = j + 1;
      continue;
    }
    // The block runs to its matching `}`.
    let k = j + 1;
    for (let level = 1; k < css.length; k++) {
      const c = css[k];
      if (c === '"' || c === "'") k = skipString(k);
      else if (c === '{') level++;
      else if (c === '}' && --level === 0) break;
    }
    const inner = css.slice(j + 1, k);
    if (/^@(media|supports|layer|container|document)\b/i.test(prelude)) nodes.push({ prelude, children: parseCss(inner) });
    else nodes.push({ prelude, body: inner });
    i = k + 1;
  }
  return nodes;
}

export function serializeCss(nodes) {
  return nodes
    .map((n) => {
      if (n.statement) return n.statement;
      if (n.children) return `${n.prelude}{${serializeCss(n.children)}}`;
      return `${n.prelude}{${n.body}}`;
    })
    .join('');
}

/** Splits `text` at each `separator` that stands outside brackets and strings. */
function splitTopLevel(text, separator) {
  const out = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === separator && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

/** A rule's selectors: its prelude split at top-level commas. */
export function splitSelectors(prelude) {
  return splitTopLevel(prelude, ',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Keeps the selectors for which `keep(selector)` is true; a rule without
 * any is dropped, and so is an empty group. At-rules with a body
 * (@keyframes, @font-face) go through `keepAtRule`.
 */
function filterRules(nodes, keep, keepAtRule) {
  const out = [];
  for (const node of nodes) {
    if (node.statement) {
      if (!/^@charset/i.test(node.statement)) out.push(node);
    } else if (node.children) {
      const children = filterRules(node.children, keep, keepAtRule);
      if (children.length) out.push({ ...node, children });
    } else if (node.prelude.startsWith('@')) {
      if (keepAtRule(node)) out.push(node);
    } else {
      const selectors = splitSelectors(node.prelude).filter(keep);
      if (selectors.length) out.push({ ...node, prelude: selectors.join(',') });
    }
  }
  return out;
}

/** @keyframes that no kept rule (nor `elsewhere`) names go too. */
function dropUnusedKeyframes(nodes, elsewhere) {
  const bodies = [];
  const collect = (list) => {
    for (const n of list) {
      if (n.children) collect(n.children);
      else if (n.body && !/^@keyframes/i.test(n.prelude)) bodies.push(n.body);
    }
  };
  collect(nodes);
  const text = bodies.join(';') + elsewhere;
  return filterRules(
    nodes,
    () => true,
    (n) => {
      const name = /^@(?:-webkit-)?keyframes\s+(\S+)/i.exec(n.prelude)?.[1];
      return !name || new RegExp(`animation(-name)?:[^;]*\\b${name.replace(/[-]/g, '\\-')}\\b`).test(text);
    },
  );
}

/** A declaration block's declarations: split at top-level semicolons. */
function declarations(body) {
  return splitTopLevel(body, ';').filter((d) => d.trim());
}

/**
 * Custom properties that nothing reads go: read means named in a `var()`
 * of a declaration that is kept (or of a custom property that is read), or
 * named `elsewhere` (the app's own CSS, the shipped JavaScript).
 */
function dropUnusedProperties(nodes, elsewhere) {
  const defs = new Map(); // name → values
  const reads = new Set(elsewhere.match(/--[A-Za-z0-9_-]+/g) ?? []);
  const walk = (list, visit) => {
    for (const n of list) {
      if (n.children) walk(n.children, visit);
      else if (n.body && !n.prelude.startsWith('@')) visit(n);
    }
  };
  walk(nodes, (n) => {
    for (const d of declarations(n.body)) {
      const colon = d.indexOf(':');
      const name = d.slice(0, colon).trim();
      const refs = d.slice(colon + 1).match(/var\(\s*(--[A-Za-z0-9_-]+)/g)?.map((r) => r.replace(/^var\(\s*/, '')) ?? [];
      if (name.startsWith('--')) defs.set(name, [...(defs.get(name) ?? []), ...refs]);
      else refs.forEach((r) => reads.add(r));
    }
  });
  for (const pending = [...reads]; pending.length; ) {
    for (const ref of defs.get(pending.pop()) ?? []) {
      if (!reads.has(ref)) {
        reads.add(ref);
        pending.push(ref);
      }
    }
  }
  const prune = (list) =>
    list.flatMap((n) => {
      if (n.children) {
        const children = prune(n.children);
        return children.length ? [{ ...n, children }] : [];
      }
      if (!n.body || n.prelude.startsWith('@')) return [n];
      const kept = declarations(n.body).filter((d) => {
        const name = d.slice(0, d.indexOf(':')).trim();
        return !name.startsWith('--') || reads.has(name);
      });
      return kept.length ? [{ ...n, body: kept.join(';') }] : [];
    });
  return prune(nodes);
}

// ---------------------------------------------------------------- purge

/** The class names a selector needs (those inside :not() are not needed). */
export function selectorClasses(selector) {
  const required = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');
  return [...required.matchAll(/\.((?:\\.|[A-Za-z0-9_-])+)/g)].map((m) => m[1].replace(/\\/g, ''));
}

const tokenize = (text) => new Set(text.match(/[A-Za-z0-9_-]+/g) ?? []);

const safelisted = (cls) => SAFELIST.some((re) => re.test(cls));

/**
 * A library's stylesheet without the rules whose classes the app never
 * uses; `elsewhere` (the shipped JavaScript and the app's own CSS) names the
 * classes, custom properties and keyframes that are used.
 */
export function purgeCss(css, elsewhere) {
  const tokens = tokenize(elsewhere);
  const used = (selector) => selectorClasses(selector).every((c) => tokens.has(c) || safelisted(c));
  return serializeCss(dropUnusedProperties(dropUnusedKeyframes(filterRules(parseCss(css), used, () => true), elsewhere), elsewhere));
}

// ---------------------------------------------------------------- critical

/** The selector as matched against the first paint's markup. */
export function matchableSelector(selector) {
  const parts = INPUT_PARTS.reduce((sel, [re, input]) => sel.replace(re, input), selector);
  const plain = parts.replace(LAYOUT_ATTRIBUTE, '').replace(DYNAMIC, '').trim();
  // What is left may start or end with a combinator, or be empty: `[data-layout=x] > .a`.
  const trimmed = plain.replace(/^[>+~\s]+|[>+~\s]+$/g, '');
  return trimmed || '*';
}

/**
 * The rules of `css` that the route's first paint uses: those matching one
 * of `documents` (jsdom documents of its rendered markup). Nothing else can
 * show before the whole stylesheet arrives: every other state (a dialog, an
 * error) needs the JavaScript, which is far larger and asked for after it.
 */
export function criticalCss(css, documents, elsewhere) {
  const cache = new Map();
  // Most rules need a class that no element of the page has: told by a set
  // lookup instead of jsdom's querySelector, which cost most of the build.
  const classes = documents.map(classesOf);
  const keep = (selector) => {
    const matchable = matchableSelector(selector);
    if (!cache.has(matchable)) {
      // Classes inside :is() and :where() are alternatives: none is needed alone.
      const needed = selectorClasses(matchable.replace(/:(?:is|where)\((?:[^()]|\([^()]*\))*\)/g, ''));
      let found;
      try {
        found = documents.some((doc, i) => needed.every((c) => classes[i].has(c)) && doc.querySelector(matchable) !== null);
      } catch {
        found = true; // a selector jsdom cannot read: kept, to be safe
      }
      cache.set(matchable, found);
    }
    return cache.get(matchable);
  };
  return serializeCss(dropUnusedProperties(dropUnusedKeyframes(filterRules(parseCss(css), keep, () => true), elsewhere), elsewhere));
}

/** The class names on the elements of `doc`. */
function classesOf(doc) {
  const classes = new Set();
  for (const element of doc.querySelectorAll('[class]')) for (const name of element.classList) classes.add(name);
  return classes;
}

/** `[data-x=value]` in a selector: a condition on one of the `<html>` layout attributes. */
const LAYOUT_CONDITION = /\[(data-(?:skin|theme|bs-theme|monochrome|layout|layout-position|layout-width|sidenav-size|sidenav-color|sidenav-user|topbar-color))=(?:"([^"]*)"|'([^']*)'|([^\]]*))\]/g;

/** The layout conditions a selector holds under (`[["data-skin", "saas"]]`); none inside `:not()`. */
function conditionsOf(selector) {
  if (/:not\([^)]*\[data-/.test(selector)) return [];
  const found = [...selector.matchAll(LAYOUT_CONDITION)].map((m) => [m[1], m[2] ?? m[3] ?? m[4]]);
  return [...new Map(found.map((c) => [c.join('='), c])).values()].sort();
}

/**
 * `css` as parts in order, `{ css, when }`: a rule whose selectors hold
 * only under some layout (`html[data-skin=saas] .x`) goes to a part with
 * those conditions, so the server inlines only what the page's layout can
 * use (server/assets.rs). A rule is split by its selectors' conditions;
 * declarations are never rewritten.
 */
export function layoutParts(css) {
  const parts = [];
  const add = (text, when) => {
    const last = parts.at(-1);
    if (last && JSON.stringify(last.when) === JSON.stringify(when)) last.css += text;
    else parts.push({ css: text, when });
  };
  const walk = (nodes, wrap) => {
    for (const node of nodes) {
      if (node.statement) add(wrap(node.statement), []);
      else if (node.children) walk(node.children, (text) => wrap(`${node.prelude}{${text}}`));
      else if (node.prelude.startsWith('@')) add(wrap(`${node.prelude}{${node.body}}`), []);
      else {
        const groups = new Map();
        for (const selector of splitSelectors(node.prelude)) {
          const when = conditionsOf(selector);
          const key = JSON.stringify(when);
          groups.set(key, { when, selectors: [...(groups.get(key)?.selectors ?? []), selector] });
        }
        for (const { when, selectors } of groups.values()) add(wrap(`${selectors.join(',')}{${node.body}}`), when);
      }
    }
  };
  walk(parseCss(css), (text) => text);
  return parts;
}

/** `css` as its top-level rules (an @media block is one), each as written: joined, they are `css` again. */
export function splitRules(css) {
  const rules = parseCss(css).map((node) => serializeCss([node]));
  if (rules.join('') !== css) throw new Error('critical CSS: a part does not split into its rules as written');
  return rules;
}

// ---------------------------------------------------------------- rendering

/** `renderPage` of the SSR bundle, in a bare context with the engine's polyfills. */
export function loadRenderer(serverJs, polyfillsFile) {
  const context = vm.createContext({});
  vm.runInContext('delete globalThis.Intl; delete globalThis.console;', context);
  vm.runInContext(readFileSync(polyfillsFile, 'utf8'), context, { filename: path.basename(polyfillsFile) });
  vm.runInContext(serverJs, context, { filename: 'server.js' });
  const renderPage = vm.runInContext('globalThis.renderPage', context);
  return (url, state) => renderPage(JSON.stringify({ url, state }));
}

/** A document of the markup, as the browser parses it. */
export function documentOf(rootHtml) {
  return new JSDOM(`<!doctype html><html><head></head><body><div id="root">${rootHtml}</div></body></html>`).window.document;
}

/**
 * What react-dom/server and react-router touch that the embedded engine
 * (QuickJS via deno_core) lacks. Imported first by the SSR entry. Rendering
 * is synchronous, so timers are accepted and never fire. The Rust side
 * installs similar shims (ssr/src/polyfills.js); each guard keeps the first.
 */
const g = globalThis as Record<string, unknown>;

const ABSOLUTE = /^([a-zA-Z][a-zA-Z0-9+.-]*:)(?:\/\/([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/;
const RELATIVE = /^([^?#]*)(\?[^#]*)?(#.*)?$/;

function removeDots(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    if (segment === '..') out.pop();
    else if (segment !== '.') out.push(segment);
  }
  const last = path.split('/').pop();
  return '/' + out.join('/') + (last === '.' || last === '..' ? '/' : '');
}

/** Enough of WHATWG URL for react-router on the server: parse, resolve, read parts. */
export class UrlShim {
  protocol = '';
  username = '';
  password = '';
  hostname = '';
  port = '';
  pathname = '/';
  search = '';
  hash = '';

  constructor(input: string | UrlShim, base?: string | UrlShim) {
    const text = String(input).trim();
    const abs = ABSOLUTE.exec(text);
    if (abs) {
      this.protocol = abs[1].toLowerCase();
      if (abs[2] === undefined) {
        this.pathname = abs[3]; // opaque, e.g. mailto:
      } else {
        this.setHost(abs[2]);
        this.pathname = removeDots(abs[3] ? (abs[3].startsWith('/') ? abs[3] : '/' + abs[3]) : '/');
      }
      this.search = abs[4] && abs[4] !== '?' ? abs[4] : '';
      this.hash = abs[5] && abs[5] !== '#' ? abs[5] : '';
      return;
    }
    if (base === undefined) throw new TypeError(`Invalid URL: ${text}`);
    const b = base instanceof UrlShim ? base : new UrlShim(base);
    if (text.startsWith('//')) {
      Object.assign(this, new UrlShim(b.protocol + text));
      return;
    }
    const rel = RELATIVE.exec(text) as RegExpExecArray;
    const [, path, search, hash] = rel;
    this.protocol = b.protocol;
    this.hostname = b.hostname;
    this.port = b.port;
    if (path === '') {
      this.pathname = b.pathname;
      this.search = search !== undefined ? (search === '?' ? '' : search) : b.search;
    } else {
      const dir = b.pathname.slice(0, b.pathname.lastIndexOf('/') + 1);
      this.pathname = removeDots(path.startsWith('/') ? path : dir + path);
      this.search = search && search !== '?' ? search : '';
    }
    this.hash = hash && hash !== '#' ? hash : '';
  }

  private setHost(host: string) {
    const at = host.lastIndexOf('@');
    const hostPart = at === -1 ? host : host.slice(at + 1);
    const colon = hostPart.lastIndexOf(':');
    this.hostname = (colon === -1 ? hostPart : hostPart.slice(0, colon)).toLowerCase();
    this.port = colon === -1 ? '' : hostPart.slice(colon + 1);
  }

  get host(): string {
    return this.port ? `${this.hostname}:${this.port}` : this.hostname;
  }

  get origin(): string {
    return this.hostname ? `${this.protocol}//${this.host}` : 'null';
  }

  get href(): string {
    return `${this.protocol}${this.hostname ? '//' + this.host : ''}${this.pathname}${this.search}${this.hash}`;
  }

  toString(): string {
    return this.href;
  }

  toJSON(): string {
    return this.href;
  }
}

if (typeof g.console === 'undefined') {
  const noop = () => {};
  g.console = { log: noop, info: noop, warn: noop, error: noop, debug: noop };
}

let nextTimer = 1;
if (typeof g.setTimeout !== 'function') g.setTimeout = () => nextTimer++;
if (typeof g.clearTimeout !== 'function') g.clearTimeout = () => {};
if (typeof g.setInterval !== 'function') g.setInterval = () => nextTimer++;
if (typeof g.clearInterval !== 'function') g.clearInterval = () => {};
if (typeof g.queueMicrotask !== 'function') {
  g.queueMicrotask = (fn: () => void) => {
    void Promise.resolve().then(fn);
  };
}

if (typeof g.MessageChannel !== 'function') {
  g.MessageChannel = function MessageChannel(this: Record<string, unknown>) {
    const port = () => ({ onmessage: null, postMessage() {}, close() {} });
    this.port1 = port();
    this.port2 = port();
  };
}

// react-dom/server's streaming build creates a TextEncoder at module load;
// renderToString never uses it, but the bundle must load.
if (typeof g.TextEncoder !== 'function') {
  class TextEncoderShim {
    readonly encoding = 'utf-8';
    encode(input = ''): Uint8Array {
      const s = String(input);
      const out: number[] = [];
      for (let i = 0; i < s.length; i++) {
        const c = s.codePointAt(i) as number;
        if (c > 0xffff) i++;
        if (c < 0x80) out.push(c);
        else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
        else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
        else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      }
      return new Uint8Array(out);
    }
    encodeInto(input: string, dest: Uint8Array) {
      const bytes = this.encode(input);
      const written = Math.min(bytes.length, dest.length);
      dest.set(bytes.subarray(0, written));
      return { read: input.length, written };
    }
  }
  g.TextEncoder = TextEncoderShim;
}

// react-router builds `new URL("http://localhost")` at module load and
// resolves hrefs with it; a small parser covers what it needs.
if (typeof g.URL !== 'function') {
  g.URL = UrlShim;
}

export {};

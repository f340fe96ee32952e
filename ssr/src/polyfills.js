// What React, react-router and the bundle touch that the embedded engine lacks.
// Rendering is synchronous, so timers never fire during a render: they are
// accepted and dropped. The one polyfill set: the engine loads it before the
// bundle (pool.rs), and so do the client's bundle test (entry-server.test.ts)
// and its comparison with the real URL and URLSearchParams (polyfills.test.ts).
(function (g) {
  if (typeof g.console === "undefined") {
    const noop = function () {};
    g.console = { log: noop, info: noop, warn: noop, error: noop, debug: noop };
  }
  let nextTimer = 1;
  if (!g.setTimeout) g.setTimeout = function () { return nextTimer++; };
  if (!g.clearTimeout) g.clearTimeout = function () {};
  if (!g.setInterval) g.setInterval = function () { return nextTimer++; };
  if (!g.clearInterval) g.clearInterval = function () {};
  if (!g.queueMicrotask) {
    g.queueMicrotask = function (fn) { Promise.resolve().then(fn); };
  }
  if (!g.MessageChannel) {
    g.MessageChannel = function () {
      this.port1 = { onmessage: null, postMessage() {}, close() {} };
      this.port2 = { onmessage: null, postMessage() {}, close() {} };
    };
  }
  if (!g.TextEncoder) {
    g.TextEncoder = function () {};
    g.TextEncoder.prototype.encode = function (s) {
      s = String(s === undefined ? "" : s);
      const out = [];
      for (let i = 0; i < s.length; i++) {
        let c = s.codePointAt(i);
        if (c > 0xffff) i++;
        if (c < 0x80) out.push(c);
        else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
        else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
        else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      }
      return new Uint8Array(out);
    };
    g.TextEncoder.prototype.encodeInto = function (s, dest) {
      const bytes = this.encode(s);
      dest.set(bytes.subarray(0, dest.length));
      return { read: s.length, written: Math.min(bytes.length, dest.length) };
    };
  }
  if (!g.TextDecoder) {
    g.TextDecoder = function () {};
    g.TextDecoder.prototype.decode = function (bytes) {
      if (!bytes) return "";
      let s = "";
      for (let i = 0; i < bytes.length; ) {
        const b = bytes[i++];
        let c;
        if (b < 0x80) c = b;
        else if (b < 0xe0) c = ((b & 31) << 6) | (bytes[i++] & 63);
        else if (b < 0xf0) c = ((b & 15) << 12) | ((bytes[i++] & 63) << 6) | (bytes[i++] & 63);
        else c = ((b & 7) << 18) | ((bytes[i++] & 63) << 12) | ((bytes[i++] & 63) << 6) | (bytes[i++] & 63);
        s += String.fromCodePoint(c);
      }
      return s;
    };
  }
  if (!g.URLSearchParams) {
    // A malformed escape stays as it is, as in the real URLSearchParams.
    // Text without "+" or an escape, and text of characters that are never
    // escaped, are themselves: most of a page's parameters (the render's
    // links build several a row), and a regular expression's test is far
    // cheaper in the engine than the encoder and two replacements.
    const PLAIN_DECODED = /^[^+%]*$/;
    const PLAIN_ENCODED = /^[A-Za-z0-9*._-]*$/;
    const dec = function (x) {
      if (PLAIN_DECODED.test(x)) return x;
      x = x.replace(/\+/g, " ");
      try {
        return decodeURIComponent(x);
      } catch (e) {
        return x;
      }
    };
    const enc = function (x) {
      if (PLAIN_ENCODED.test(x)) return x;
      return encodeURIComponent(x).replace(/%20/g, "+").replace(/[!'()~]/g, function (c) {
        return "%" + c.charCodeAt(0).toString(16).toUpperCase();
      });
    };
    g.URLSearchParams = function (init) {
      this._list = [];
      if (init instanceof g.URLSearchParams) init = init.toString();
      const text = typeof init === "string" ? init.replace(/^\?/, "") : "";
      if (text) {
        for (const part of text.split("&")) {
          if (!part) continue;
          const i = part.indexOf("=");
          this._list.push(i < 0 ? [dec(part), ""] : [dec(part.slice(0, i)), dec(part.slice(i + 1))]);
        }
      } else if (init && typeof init === "object") {
        for (const k of Object.keys(init)) this._list.push([k, String(init[k])]);
      }
    };
    const P = g.URLSearchParams.prototype;
    P.get = function (k) { const e = this._list.find((x) => x[0] === k); return e ? e[1] : null; };
    P.getAll = function (k) { return this._list.filter((x) => x[0] === k).map((x) => x[1]); };
    P.has = function (k) { return this._list.some((x) => x[0] === k); };
    P.set = function (k, v) {
      const i = this._list.findIndex((x) => x[0] === k);
      if (i < 0) return this.append(k, v);
      this._list[i] = [k, String(v)];
      this._list = this._list.filter((x, j) => j <= i || x[0] !== k);
    };
    P.append = function (k, v) { this._list.push([k, String(v)]); };
    P.delete = function (k) { this._list = this._list.filter((x) => x[0] !== k); };
    P.forEach = function (f) { this._list.forEach((x) => f(x[1], x[0], this)); };
    P.entries = function () { return this._list.map((x) => [x[0], x[1]])[Symbol.iterator](); };
    P.keys = function () { return this._list.map((x) => x[0])[Symbol.iterator](); };
    P.values = function () { return this._list.map((x) => x[1])[Symbol.iterator](); };
    P[Symbol.iterator] = P.entries;
    P.toString = function () {
      return this._list.map((x) => enc(x[0]) + "=" + enc(x[1])).join("&");
    };
    Object.defineProperty(P, "size", { get() { return this._list.length; } });
  }
  if (!g.URL) {
    // Enough of WHATWG URL for react-router: parse, resolve against a base
    // (with "." and ".." segments), read the parts.
    const ABSOLUTE = /^([a-zA-Z][a-zA-Z0-9+.-]*:)(?:\/\/([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/;
    const RELATIVE = /^([^?#]*)(\?[^#]*)?(#.*)?$/;
    const removeDots = function (path) {
      const out = [];
      const segments = path.split("/");
      for (const segment of segments.slice(1)) {
        if (segment === "..") out.pop();
        else if (segment !== ".") out.push(segment);
      }
      const last = segments[segments.length - 1];
      return "/" + out.join("/") + (last === "." || last === ".." ? "/" : "");
    };
    const setHost = function (url, host) {
      const at = host.lastIndexOf("@");
      const hostPart = at === -1 ? host : host.slice(at + 1);
      const colon = hostPart.lastIndexOf(":");
      url.hostname = (colon === -1 ? hostPart : hostPart.slice(0, colon)).toLowerCase();
      url.port = colon === -1 ? "" : hostPart.slice(colon + 1);
    };
    const URL = function (input, base) {
      const text = String(input).trim();
      this.protocol = "";
      this.username = "";
      this.password = "";
      this.hostname = "";
      this.port = "";
      this.pathname = "/";
      this.search = "";
      this.hash = "";
      const abs = ABSOLUTE.exec(text);
      if (abs) {
        this.protocol = abs[1].toLowerCase();
        if (abs[2] === undefined) {
          this.pathname = abs[3]; // opaque, e.g. mailto:
        } else {
          setHost(this, abs[2]);
          this.pathname = removeDots(abs[3] ? (abs[3].startsWith("/") ? abs[3] : "/" + abs[3]) : "/");
        }
        this.search = abs[4] && abs[4] !== "?" ? abs[4] : "";
        this.hash = abs[5] && abs[5] !== "#" ? abs[5] : "";
        return;
      }
      if (base === undefined) throw new TypeError("Invalid URL: " + text);
      const b = base instanceof URL ? base : new URL(base);
      if (text.startsWith("//")) {
        const other = new URL(b.protocol + text);
        for (const k of Object.keys(other)) this[k] = other[k];
        return;
      }
      const rel = RELATIVE.exec(text);
      const path = rel[1], search = rel[2], hash = rel[3];
      this.protocol = b.protocol;
      this.hostname = b.hostname;
      this.port = b.port;
      if (path === "") {
        this.pathname = b.pathname;
        this.search = search !== undefined ? (search === "?" ? "" : search) : b.search;
      } else {
        const dir = b.pathname.slice(0, b.pathname.lastIndexOf("/") + 1);
        this.pathname = removeDots(path.startsWith("/") ? path : dir + path);
        this.search = search && search !== "?" ? search : "";
      }
      this.hash = hash && hash !== "#" ? hash : "";
    };
    Object.defineProperties(URL.prototype, {
      host: { get() { return this.port ? this.hostname + ":" + this.port : this.hostname; } },
      origin: { get() { return this.hostname ? this.protocol + "//" + this.host : "null"; } },
      href: {
        get() {
          return this.protocol + (this.hostname ? "//" + this.host : "") + this.pathname + this.search + this.hash;
        },
      },
      searchParams: { get() { return new g.URLSearchParams(this.search); } },
    });
    URL.prototype.toString = function () { return this.href; };
    URL.prototype.toJSON = URL.prototype.toString;
    g.URL = URL;
  }
})(globalThis);

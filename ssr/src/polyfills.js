// What React, react-router and the bundle touch that the embedded engine lacks.
// Rendering is synchronous, so timers never fire during a render: they are
// accepted and dropped. Kept tiny on purpose; the SSR bundle is tested here.
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
    g.URLSearchParams = function (init) {
      this._list = [];
      const text = typeof init === "string" ? init.replace(/^\?/, "") : "";
      if (text) {
        for (const part of text.split("&")) {
          if (!part) continue;
          const i = part.indexOf("=");
          const dec = (x) => decodeURIComponent(x.replace(/\+/g, " "));
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
    P.set = function (k, v) { this.delete(k); this._list.push([k, String(v)]); };
    P.append = function (k, v) { this._list.push([k, String(v)]); };
    P.delete = function (k) { this._list = this._list.filter((x) => x[0] !== k); };
    P.forEach = function (f) { this._list.forEach((x) => f(x[1], x[0], this)); };
    P.entries = function () { return this._list[Symbol.iterator](); };
    P[Symbol.iterator] = P.entries;
    P.toString = function () {
      return this._list.map((x) => encodeURIComponent(x[0]) + "=" + encodeURIComponent(x[1])).join("&");
    };
  }
  if (!g.URL) {
    // Absolute http(s) URLs and paths resolved against one; what routing needs.
    const RE = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i;
    g.URL = function (input, base) {
      input = String(input);
      let m = RE.exec(input);
      if (!m && base !== undefined) {
        const b = new g.URL(base);
        let path = input;
        if (input.startsWith("//")) return new g.URL(b.protocol + input);
        if (input.startsWith("?")) path = b.pathname + input;
        else if (input.startsWith("#")) path = b.pathname + b.search + input;
        else if (!input.startsWith("/")) path = b.pathname.replace(/[^/]*$/, "") + input;
        m = RE.exec(b.protocol + "//" + b.host + path);
      }
      if (!m) throw new TypeError("Invalid URL: " + input);
      this.protocol = m[1].toLowerCase();
      this.host = m[2];
      this.hostname = m[2].replace(/:\d+$/, "");
      this.port = (m[2].match(/:(\d+)$/) || [])[1] || "";
      this.pathname = m[3] || "/";
      this.search = m[4] && m[4] !== "?" ? m[4] : "";
      this.hash = m[5] && m[5] !== "#" ? m[5] : "";
      this.origin = this.protocol + "//" + this.host;
      this.searchParams = new g.URLSearchParams(this.search);
    };
    g.URL.prototype.toString = function () { return this.origin + this.pathname + this.search + this.hash; };
    g.URL.prototype.toJSON = g.URL.prototype.toString;
    Object.defineProperty(g.URL.prototype, "href", { get() { return this.toString(); } });
  }
})(globalThis);

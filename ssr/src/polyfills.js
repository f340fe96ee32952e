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
})(globalThis);

//! The HTML document around a rendered root. The head is written apart from
//! the body so the server can send it (CSS, module preloads) before the data
//! is loaded and the page rendered.

use std::sync::Arc;

/// An inline icon, so browsers don't ask for /favicon.ico.
const FAVICON: &str = r#"<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Crect x='2' y='3' width='20' height='19' rx='4' fill='%234f46e5'/%3E%3Cpath d='m8 14 3 3 5-6' stroke='white' stroke-width='2.5' fill='none'/%3E%3C/svg%3E">"#;

/// Before the first paint: theme "system" follows the operating system.
const THEME_SCRIPT: &str = "(function(){var d=document.documentElement;if(d.getAttribute('data-theme')==='system'&&window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches)d.setAttribute('data-bs-theme','dark')})()";

pub struct Document {
    /// Attributes of `<html>` (the layout settings).
    pub html_attributes: Vec<(&'static str, String)>,
    pub title: String,
    /// This response's Content-Security-Policy nonce: every inline script
    /// and style element carries it. It is written here, around the root,
    /// never inside it, so a memoised render stays valid.
    pub nonce: String,
    /// The CSS the route's first paint uses, inlined in the head; empty:
    /// the stylesheets are linked (and block the paint) instead.
    pub critical_css: Arc<str>,
    /// Stylesheets, as URLs: with critical CSS they are added by the head's
    /// script, so they load without blocking the paint.
    pub css: Vec<String>,
    /// Modules to preload, as URLs.
    pub preload: Vec<String>,
    /// The browser entry module, as a URL; empty: a page without the app.
    pub entry: String,
}

impl Document {
    /// From `<!doctype html>` to the opening of the root element. Nothing
    /// in it blocks the first paint but the HTML itself: the modules are
    /// asked for at once (module scripts run after parsing), the rest of the
    /// CSS is started from the nonce'd script.
    pub fn head(&self) -> String {
        let nonce = escape_attr(&self.nonce);
        let mut out = String::with_capacity(2048 + self.critical_css.len());
        out.push_str("<!doctype html><html lang=\"pt-BR\"");
        for (name, value) in &self.html_attributes {
            out.push_str(&format!(" {name}=\"{}\"", escape_attr(value)));
        }
        out.push_str("><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
        out.push_str(&format!("<title>{}</title>", escape_text(&self.title)));
        out.push_str(FAVICON);
        out.push_str(&format!("<script nonce=\"{nonce}\">{THEME_SCRIPT}</script>"));
        if self.critical_css.is_empty() {
            for href in &self.css {
                out.push_str(&format!("<link rel=\"stylesheet\" href=\"{}\">", escape_attr(href)));
            }
        } else {
            // `</` cannot occur in the CSS (it would close the element).
            out.push_str(&format!("<style nonce=\"{nonce}\">{}</style>", self.critical_css.replace("</", "<\\/")));
            // Asked for once the document is parsed, after the entry module
            // and its imports have run, so the modules hydration waits for
            // have the link to themselves first.
            let urls = js_string_array(&self.css);
            out.push_str(&format!(
                "<script nonce=\"{nonce}\">document.addEventListener('DOMContentLoaded',function(){{{urls}.forEach(function(u){{var l=document.createElement('link');l.rel='stylesheet';l.href=u;document.head.appendChild(l)}})}})</script>"
            ));
        }
        for href in &self.preload {
            out.push_str(&format!("<link rel=\"modulepreload\" href=\"{}\">", escape_attr(href)));
        }
        // No entry: a page without the app (the 503 page).
        if !self.entry.is_empty() {
            out.push_str(&format!("<script type=\"module\" nonce=\"{nonce}\" src=\"{}\"></script>", escape_attr(&self.entry)));
        }
        out.push_str("</head><body><div id=\"root\">");
        out
    }

    /// After the root's content: the state the browser hydrates with (the
    /// entry module runs once the document is parsed, so after it).
    pub fn tail(&self, state_json: &str) -> String {
        format!("</div>{}</body></html>", state_script(state_json, &self.nonce))
    }
}

/// URLs as a JavaScript array literal (JSON), `<` escaped as in the state.
fn js_string_array(urls: &[String]) -> String {
    serde_json::to_string(urls).unwrap_or_else(|_| "[]".into()).replace('<', "\\u003c")
}

/// The preloaded state as an inline script; `<` is escaped so no value can
/// close the script element.
pub fn state_script(state_json: &str, nonce: &str) -> String {
    format!("<script nonce=\"{}\">window.__PRELOADED_STATE__={}</script>", escape_attr(nonce), state_json.replace('<', "\\u003c"))
}

pub fn escape_attr(value: &str) -> String {
    escape_text(value).replace('"', "&quot;")
}

pub fn escape_text(value: &str) -> String {
    value.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(critical_css: &str) -> Document {
        Document {
            html_attributes: vec![("data-layout", "horizontal".to_string())],
            title: "A & B".into(),
            nonce: "n0nce".into(),
            critical_css: critical_css.into(),
            css: vec!["/assets/a.css".into()],
            preload: vec!["/assets/c.js".into()],
            entry: "/assets/e.js".into(),
        }
    }

    #[test]
    fn head_and_tail_make_one_document() {
        let doc = doc("");
        let html = doc.head() + "<p>x</p>" + &doc.tail(r#"{"a":"</script><b>"}"#);
        assert!(html.starts_with("<!doctype html><html lang=\"pt-BR\" data-layout=\"horizontal\">"));
        assert!(html.contains("<title>A &amp; B</title>"));
        assert!(html.contains("<link rel=\"stylesheet\" href=\"/assets/a.css\">"), "no critical CSS: linked");
        assert!(html.contains("<link rel=\"modulepreload\" href=\"/assets/c.js\">"));
        assert!(html.contains("<script type=\"module\" nonce=\"n0nce\" src=\"/assets/e.js\"></script></head>"));
        assert!(html.contains("<div id=\"root\"><p>x</p></div>"));
        assert!(html.contains(r#"<script nonce="n0nce">window.__PRELOADED_STATE__={"a":"\u003c/script>\u003cb>"}</script></body></html>"#));
        assert!(!html.contains("</script><b>"));
    }

    #[test]
    fn every_inline_script_and_style_carries_the_nonce() {
        let doc = doc(".a{color:red}</style>");
        let html = doc.head() + &doc.tail("{}");
        assert_eq!(html.matches("<script").count(), html.matches("<script nonce=\"n0nce\"").count() + 1);
        assert_eq!(html.matches("<script type=\"module\" nonce=\"n0nce\"").count(), 1);
        assert!(html.contains("<style nonce=\"n0nce\">.a{color:red}<\\/style></style>"), "inline, and cannot close early");
        assert!(!html.contains("rel=\"stylesheet\""), "no render-blocking stylesheet");
        assert!(html.contains(r#"["/assets/a.css"].forEach"#), "the stylesheet is added by script");
        assert!(!html.contains("onload"), "no inline handlers");
    }
}

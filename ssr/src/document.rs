//! The HTML document around a rendered root. The head is written apart from
//! the body so the server can send it (CSS, module preloads) before the page
//! is rendered. Nothing in it differs per response: the
//! page's Content-Security-Policy allows its few inline elements by their
//! hashes ([`Document::csp_hashes`]), so a memoised document is the same
//! bytes every time and is stored compressed once.

use std::sync::{Arc, LazyLock};

use base64::Engine;
use sha2::{Digest, Sha256};

/// An inline icon, so browsers don't ask for /favicon.ico.
const FAVICON: &str = r#"<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Crect x='2' y='3' width='20' height='19' rx='4' fill='%234f46e5'/%3E%3Cpath d='m8 14 3 3 5-6' stroke='white' stroke-width='2.5' fill='none'/%3E%3C/svg%3E">"#;

/// Before the first paint: theme "system" follows the operating system.
static THEME_SCRIPT: LazyLock<Inline> = LazyLock::new(|| Inline::script(
    "(function(){var d=document.documentElement;if(d.getAttribute('data-theme')==='system'&&window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches)d.setAttribute('data-bs-theme','dark')})()",
));

/// The id of the element that carries the preloaded state.
pub const STATE_ELEMENT_ID: &str = "preloaded-state";

/// The text of an inline `<script>` or `<style>` as written in the page,
/// and its CSP hash source (`'sha256-…'`), computed once with it.
#[derive(Debug)]
pub struct Inline {
    text: String,
    hash: String,
}

impl Inline {
    /// A script of ours (never data: data goes in the state element).
    pub fn script(js: &str) -> Inline {
        debug_assert!(!js.contains("</"), "a script of ours that could close its element");
        Inline::hashed(js.to_string())
    }

    /// A stylesheet: `</` cannot occur in it (it would close the element).
    pub fn style(css: &str) -> Inline {
        Inline::hashed(css.replace("</", "<\\/"))
    }

    fn hashed(text: String) -> Inline {
        let digest = Sha256::digest(text.as_bytes());
        let hash = format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(digest));
        Inline { text, hash }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// The hash source that allows this element in a CSP.
    pub fn hash(&self) -> &str {
        &self.hash
    }
}

/// The hash sources of a page's inline scripts and styles.
#[derive(Debug, Default)]
pub struct CspHashes {
    pub scripts: Vec<String>,
    pub styles: Vec<String>,
}

pub struct Document {
    /// Attributes of `<html>` (the layout settings).
    pub html_attributes: Vec<(&'static str, String)>,
    pub title: String,
    /// The CSS the route's first paint uses, inlined in the head (hashed
    /// once, `Inline::style`); none: the stylesheets are linked (and block
    /// the paint) instead.
    pub critical_css: Option<Arc<Inline>>,
    /// Stylesheets, as URLs: with critical CSS they are added by the head's
    /// script, so they load without blocking the paint.
    pub css: Vec<String>,
    /// Modules to preload, as URLs.
    pub preload: Vec<String>,
    /// Modules wanted right after hydration, as URLs: prefetched at a low
    /// priority, after everything else the head asks for.
    pub prefetch: Vec<String>,
    /// The browser entry module, as a URL; empty: a page without the app.
    pub entry: String,
}

impl Document {
    /// From `<!doctype html>` to the opening of the root element. Nothing
    /// in it blocks the first paint but the HTML itself: the modules are
    /// asked for at once (module scripts run after parsing), the rest of the
    /// CSS is started from an inline script the policy allows by its hash.
    pub fn head(&self) -> String {
        let css_len = self.critical_css.as_ref().map_or(0, |css| css.text().len());
        let mut out = String::with_capacity(2048 + css_len);
        out.push_str("<!doctype html><html lang=\"pt-BR\"");
        for (name, value) in &self.html_attributes {
            out.push_str(&format!(" {name}=\"{}\"", escape_attr(value)));
        }
        out.push_str("><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
        out.push_str(&format!("<title>{}</title>", escape_text(&self.title)));
        out.push_str(FAVICON);
        out.push_str(&format!("<script>{}</script>", THEME_SCRIPT.text()));
        match (&self.critical_css, self.css_loader()) {
            (Some(css), Some(loader)) => {
                out.push_str(&format!("<style>{}</style>", css.text()));
                out.push_str(&format!("<script>{}</script>", loader.text()));
            }
            _ => {
                for href in &self.css {
                    out.push_str(&format!("<link rel=\"stylesheet\" href=\"{}\">", escape_attr(href)));
                }
            }
        }
        // Asked for at once but at a low priority: the paint needs none of
        // them, so the browser gives the HTML the link first (and
        // Lighthouse's model no longer counts them as blocking the paint).
        for href in &self.preload {
            out.push_str(&format!("<link rel=\"modulepreload\" fetchpriority=\"low\" href=\"{}\">", escape_attr(href)));
        }
        // No entry: a page without the app (the 503 page).
        if !self.entry.is_empty() {
            out.push_str(&format!("<script type=\"module\" fetchpriority=\"low\" src=\"{}\"></script>", escape_attr(&self.entry)));
        }
        for href in &self.prefetch {
            out.push_str(&format!("<link rel=\"prefetch\" href=\"{}\">", escape_attr(href)));
        }
        out.push_str("</head><body><div id=\"root\">");
        out
    }

    /// After the root's content: the state the browser hydrates with (the
    /// entry module runs once the document is parsed, so after it).
    pub fn tail(state_json: &str) -> String {
        format!("</div>{}</body></html>", state_script(state_json))
    }

    /// With critical CSS, the script that adds the stylesheets once the
    /// page is painted.
    fn css_loader(&self) -> Option<Inline> {
        self.critical_css.as_ref()?;
        let urls = js_string_array(&self.css);
        // Asked for once the document is parsed, after the entry module and
        // its imports have run, so the modules hydration waits for have the
        // link to themselves first.
        Some(Inline::script(&format!(
            "document.addEventListener('DOMContentLoaded',function(){{{urls}.forEach(function(u){{var l=document.createElement('link');l.rel='stylesheet';l.href=u;document.head.appendChild(l)}})}})"
        )))
    }

    /// The hashes of every inline script and style the head writes, for the
    /// page's Content-Security-Policy (the state element is data, which no
    /// policy needs to allow).
    pub fn csp_hashes(&self) -> CspHashes {
        let mut hashes = CspHashes { scripts: vec![THEME_SCRIPT.hash().to_string()], styles: Vec::new() };
        if let (Some(css), Some(loader)) = (&self.critical_css, self.css_loader()) {
            hashes.styles.push(css.hash().to_string());
            hashes.scripts.push(loader.hash().to_string());
        }
        hashes
    }
}

/// URLs as a JavaScript array literal (JSON), `<` escaped as in the state.
fn js_string_array(urls: &[String]) -> String {
    serde_json::to_string(urls).unwrap_or_else(|_| "[]".into()).replace('<', "\\u003c")
}

/// The preloaded state as a data element (`type="application/json"`: never
/// run, so the policy need not allow it); `<` is escaped so no value can
/// close the element, and JSON reads `\u003c` back as `<`.
pub fn state_script(state_json: &str) -> String {
    format!("<script type=\"application/json\" id=\"{STATE_ELEMENT_ID}\">{}</script>", state_json.replace('<', "\\u003c"))
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
            critical_css: (!critical_css.is_empty()).then(|| Arc::new(Inline::style(critical_css))),
            css: vec!["/assets/a.css".into()],
            preload: vec!["/assets/c.js".into()],
            prefetch: vec!["/assets/n.js".into()],
            entry: "/assets/e.js".into(),
        }
    }

    #[test]
    fn head_and_tail_make_one_document() {
        let doc = doc("");
        let html = doc.head() + "<p>x</p>" + &Document::tail(r#"{"a":"</script><b>"}"#);
        assert!(html.starts_with("<!doctype html><html lang=\"pt-BR\" data-layout=\"horizontal\">"));
        assert!(html.contains("<title>A &amp; B</title>"));
        assert!(html.contains("<link rel=\"stylesheet\" href=\"/assets/a.css\">"), "no critical CSS: linked");
        assert!(html.contains("<link rel=\"modulepreload\" fetchpriority=\"low\" href=\"/assets/c.js\">"));
        assert!(html.contains("<script type=\"module\" fetchpriority=\"low\" src=\"/assets/e.js\"></script><link rel=\"prefetch\" href=\"/assets/n.js\"></head>"));
        assert!(html.contains("<div id=\"root\"><p>x</p></div>"));
        assert!(html.contains(
            r#"<script type="application/json" id="preloaded-state">{"a":"\u003c/script>\u003cb>"}</script></body></html>"#
        ));
        assert!(!html.contains("</script><b>"));
        assert_eq!(doc.head(), doc.head(), "the same bytes every time");
    }

    /// The text between `open` and the next `close`, for each occurrence.
    fn contents<'a>(html: &'a str, open: &str, close: &str) -> Vec<&'a str> {
        html.match_indices(open).map(|(at, _)| &html[at + open.len()..at + open.len() + html[at + open.len()..].find(close).unwrap()]).collect()
    }

    fn hash(text: &str) -> String {
        format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(Sha256::digest(text.as_bytes())))
    }

    #[test]
    fn every_inline_script_and_style_is_in_the_hashes() {
        let doc = doc(".a{color:red}</style>");
        let html = doc.head() + &Document::tail("{}");
        let hashes = doc.csp_hashes();
        let scripts: Vec<String> = contents(&html, "<script>", "</script>").into_iter().map(hash).collect();
        assert_eq!(scripts.len(), 2, "the theme and the stylesheet loader");
        assert_eq!(scripts, hashes.scripts);
        let styles: Vec<String> = contents(&html, "<style>", "</style>").into_iter().map(hash).collect();
        assert_eq!(styles, hashes.styles);
        assert_eq!(html.matches("<script").count(), 2 + 1 + 1, "inline, the module, the state");
        assert!(html.contains("<style>.a{color:red}<\\/style></style>"), "inline, and cannot close early");
        assert!(!html.contains("rel=\"stylesheet\""), "no render-blocking stylesheet");
        assert!(html.contains(r#"["/assets/a.css"].forEach"#), "the stylesheet is added by script");
        assert!(!html.contains("onload"), "no inline handlers");
        // Without critical CSS: the theme script alone.
        let doc = super::tests::doc("");
        assert_eq!(doc.csp_hashes().scripts, vec![hash(contents(&doc.head(), "<script>", "</script>")[0])]);
        assert!(doc.csp_hashes().styles.is_empty());
    }
}

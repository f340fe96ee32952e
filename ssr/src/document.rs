//! The HTML document around a rendered root. The head is written apart from
//! the body so the server can send it (CSS, module preloads) before the data
//! is loaded and the page rendered.

/// An inline icon, so browsers don't ask for /favicon.ico.
const FAVICON: &str = r#"<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Crect x='2' y='3' width='20' height='19' rx='4' fill='%234f46e5'/%3E%3Cpath d='m8 14 3 3 5-6' stroke='white' stroke-width='2.5' fill='none'/%3E%3C/svg%3E">"#;

/// Before the first paint: theme "system" follows the operating system.
const THEME_SCRIPT: &str = r#"<script>(function(){var d=document.documentElement;if(d.getAttribute('data-theme')==='system'&&window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches)d.setAttribute('data-bs-theme','dark')})()</script>"#;

pub struct Document {
    /// Attributes of `<html>` (the layout settings).
    pub html_attributes: Vec<(&'static str, String)>,
    pub title: String,
    /// Stylesheets, as URLs.
    pub css: Vec<String>,
    /// Modules to preload, as URLs.
    pub preload: Vec<String>,
    /// The browser entry module, as a URL.
    pub entry: String,
}

impl Document {
    /// From `<!doctype html>` to the opening of the root element.
    pub fn head(&self) -> String {
        let mut out = String::with_capacity(2048);
        out.push_str("<!doctype html><html lang=\"pt-BR\"");
        for (name, value) in &self.html_attributes {
            out.push_str(&format!(" {name}=\"{}\"", escape_attr(value)));
        }
        out.push_str("><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
        out.push_str(&format!("<title>{}</title>", escape_text(&self.title)));
        out.push_str(FAVICON);
        out.push_str(THEME_SCRIPT);
        for href in &self.css {
            out.push_str(&format!("<link rel=\"stylesheet\" href=\"{}\">", escape_attr(href)));
        }
        out.push_str(&format!("<link rel=\"modulepreload\" href=\"{}\">", escape_attr(&self.entry)));
        for href in &self.preload {
            out.push_str(&format!("<link rel=\"modulepreload\" href=\"{}\">", escape_attr(href)));
        }
        out.push_str("</head><body><div id=\"root\">");
        out
    }

    /// After the root's content: the state the browser hydrates with, and the entry.
    pub fn tail(&self, state_json: &str) -> String {
        format!(
            "</div>{}<script type=\"module\" src=\"{}\"></script></body></html>",
            state_script(state_json),
            escape_attr(&self.entry)
        )
    }
}

/// The preloaded state as an inline script; `<` is escaped so no value can
/// close the script element.
pub fn state_script(state_json: &str) -> String {
    format!("<script>window.__PRELOADED_STATE__={}</script>", state_json.replace('<', "\\u003c"))
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

    #[test]
    fn head_and_tail_make_one_document() {
        let doc = Document {
            html_attributes: vec![("data-layout", "horizontal".to_string())],
            title: "A & B".into(),
            css: vec!["/assets/a.css".into()],
            preload: vec!["/assets/c.js".into()],
            entry: "/assets/e.js".into(),
        };
        let html = doc.head() + "<p>x</p>" + &doc.tail(r#"{"a":"</script><b>"}"#);
        assert!(html.starts_with("<!doctype html><html lang=\"pt-BR\" data-layout=\"horizontal\">"));
        assert!(html.contains("<title>A &amp; B</title>"));
        assert!(html.contains("<link rel=\"modulepreload\" href=\"/assets/c.js\">"));
        assert!(html.contains("<div id=\"root\"><p>x</p></div>"));
        assert!(html.contains(r#"{"a":"\u003c/script>\u003cb>"}"#));
        assert!(!html.contains("</script><b>"));
    }
}

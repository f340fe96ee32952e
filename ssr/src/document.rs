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
    /// When the root arrives rendered, the modules are only fetched after
    /// the first paint, so on a slow link they don't share its bandwidth
    /// with the stylesheet the paint waits for.
    pub scripts_after_first_paint: bool,
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
        if !self.scripts_after_first_paint {
            for href in std::iter::once(&self.entry).chain(&self.preload) {
                out.push_str(&format!("<link rel=\"modulepreload\" href=\"{}\">", escape_attr(href)));
            }
        }
        out.push_str("</head><body><div id=\"root\">");
        out
    }

    /// After the root's content: the state the browser hydrates with, and the entry.
    pub fn tail(&self, state_json: &str) -> String {
        let scripts = if self.scripts_after_first_paint {
            // JSON string literals are valid JavaScript; `<` escaped as in the state.
            let urls = serde_json::to_string(&self.preload).unwrap_or_default().replace('<', "\\u003c");
            let entry = serde_json::to_string(&self.entry).unwrap_or_default().replace('<', "\\u003c");
            format!(
                "<script>requestAnimationFrame(function(){{setTimeout(function(){{var d=document;\
                 {urls}.forEach(function(u){{var l=d.createElement('link');l.rel='modulepreload';l.href=u;d.head.appendChild(l)}});\
                 var s=d.createElement('script');s.type='module';s.src={entry};d.body.appendChild(s)}})}})</script>"
            )
        } else {
            format!("<script type=\"module\" src=\"{}\"></script>", escape_attr(&self.entry))
        };
        format!("</div>{}{scripts}</body></html>", state_script(state_json))
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
            scripts_after_first_paint: false,
        };
        let html = doc.head() + "<p>x</p>" + &doc.tail(r#"{"a":"</script><b>"}"#);
        assert!(html.starts_with("<!doctype html><html lang=\"pt-BR\" data-layout=\"horizontal\">"));
        assert!(html.contains("<title>A &amp; B</title>"));
        assert!(html.contains("<link rel=\"modulepreload\" href=\"/assets/c.js\">"));
        assert!(html.contains("<div id=\"root\"><p>x</p></div>"));
        assert!(html.contains(r#"{"a":"\u003c/script>\u003cb>"}"#));
        assert!(!html.contains("</script><b>"));
        assert!(html.contains("<script type=\"module\" src=\"/assets/e.js\"></script></body></html>"));
    }

    #[test]
    fn after_first_paint_the_modules_are_injected_not_linked() {
        let doc = Document {
            html_attributes: vec![],
            title: "t".into(),
            css: vec!["/assets/a.css".into()],
            preload: vec!["/assets/c.js".into()],
            entry: "/assets/e.js".into(),
            scripts_after_first_paint: true,
        };
        let html = doc.head() + &doc.tail("{}");
        assert!(!html.contains("rel=\"modulepreload\""));
        assert!(html.contains(r#"["/assets/c.js"].forEach"#));
        assert!(html.contains(r#"s.src="/assets/e.js""#));
    }
}

//! The client build, embedded in the binary: the browser bundle served under
//! `/assets/`, its manifest, and the SSR bundle for the render pool.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;
use serde::Deserialize;

use crate::compression::{Encoding, Head};
use crate::layout::Layout;
use crate::middleware;

/// The text files are embedded only in their compressed forms, as the build
/// writes them beside each (client/build.mjs): the assets as brotli and
/// gzip (a client that takes neither gets the gzip form unpacked), the SSR
/// bundle and the manifest as brotli (unpacked once, at start). The text
/// beside them would be a third copy in the binary.
#[derive(RustEmbed)]
#[folder = "client/dist/"]
#[exclude = "public/*.js"]
#[exclude = "public/*.css"]
#[exclude = "ssr/*.js"]
#[exclude = "ssr/*.gz"]
#[exclude = "manifest.json"]
#[exclude = "manifest.json.gz"]
struct ClientBuild;

/// An embedded file the build wrote as brotli (`NAME.br`), unpacked.
fn unpacked(name: &str) -> anyhow::Result<Vec<u8>> {
    let file = ClientBuild::get(&format!("{name}.br")).ok_or_else(|| anyhow::anyhow!("{name}.br not embedded"))?;
    let mut data = Vec::new();
    brotli::BrotliDecompress(&mut &file.data[..], &mut data)?;
    Ok(data)
}

/// `client/dist/manifest.json` (ssr/CONTRACT.md); file names are relative to `/assets/`.
#[derive(Debug, Clone, Deserialize)]
pub struct Manifest {
    pub entry: String,
    #[serde(default)]
    pub css: Vec<String>,
    #[serde(default)]
    pub imports: Vec<String>,
    #[serde(default)]
    pub routes: HashMap<String, Vec<String>>,
    /// Per protected route path, the navigation's files beyond its preloads,
    /// prefetched: the navigation hydrates right after the page.
    #[serde(default)]
    pub prefetch: HashMap<String, Vec<String>>,
    /// Per route path, the CSS its first paint uses (inlined in the head), in
    /// parts by the layout they hold under.
    #[serde(default)]
    pub critical: HashMap<String, Vec<CriticalPart>>,
    /// The rules of every route's critical CSS, each written once: the parts
    /// name theirs by place ([`Manifest::load`] puts them together).
    #[serde(default, rename = "criticalRules")]
    critical_rules: Vec<String>,
    /// Each route's critical CSS as inlined, with its CSP hash, by the parts
    /// a layout keeps: hashed once, not per response. As many as the layout
    /// settings give (a few for each route).
    #[serde(skip)]
    critical_inline: Arc<Mutex<HashMap<(String, Vec<bool>), Option<Arc<ssr::Inline>>>>>,
    /// Each route's head as sent, by layout ([`Manifest::head`]).
    #[serde(skip)]
    heads: Arc<Mutex<HashMap<(String, Layout), Arc<PageHead>>>>,
}

/// A page's head as it goes out, the same for every page of one route and
/// layout: its text, compressed as each page asks for it, and the policy
/// that allows its inline elements.
#[derive(Debug)]
pub struct PageHead {
    pub head: Head,
    pub csp: HeaderValue,
}

/// Heads kept at most: the routes times the layouts in use, a few each; a
/// layout cookie can name thousands of combinations, so past this one head
/// makes way (it is built again if asked for: about 50 KB each).
const HEADS_KEPT: usize = 64;

/// Rules of a route's critical CSS and the `<html>` layout attributes they
/// need (`[["data-skin", "saas"]]`; none: always), in stylesheet order.
#[derive(Debug, Clone, Deserialize)]
pub struct CriticalPart {
    /// Its rules' places in the manifest's `criticalRules`.
    rules: Vec<usize>,
    /// Those rules, put together at load.
    #[serde(skip)]
    pub css: String,
    pub when: Vec<(String, String)>,
}

impl Manifest {
    pub fn load() -> anyhow::Result<Manifest> {
        let mut manifest: Manifest = serde_json::from_slice(&unpacked("manifest.json")?)?;
        let rules = std::mem::take(&mut manifest.critical_rules);
        for part in manifest.critical.values_mut().flatten() {
            for &place in &part.rules {
                part.css.push_str(rules.get(place).ok_or_else(|| anyhow::anyhow!("manifest.json: no critical rule {place}"))?);
            }
        }
        Ok(manifest)
    }

    /// The CSS inlined in a route's head for a page in `layout`: the rules of
    /// other skins, themes and colours stay in the stylesheet (about a sixth
    /// of the bytes). None when the build made none.
    pub fn critical_css(&self, route: &str, layout: &Layout) -> Option<Arc<ssr::Inline>> {
        let parts = self.critical.get(route).map(Vec::as_slice).unwrap_or_default();
        let kept: Vec<bool> =
            parts.iter().map(|part| part.when.iter().all(|(attribute, value)| layout.may_show(attribute, value))).collect();
        let mut cache = self.critical_inline.lock().unwrap();
        cache
            .entry((route.to_string(), kept))
            .or_insert_with_key(|(_, kept)| {
                let css: String = parts.iter().zip(kept).filter(|(_, kept)| **kept).map(|(part, _)| part.css.as_str()).collect();
                (!css.is_empty()).then(|| Arc::new(ssr::Inline::style(&css)))
            })
            .clone()
    }

    /// The head of the page of `route` (its table path and title) in
    /// `layout`: everything in it follows from those and this manifest, so
    /// it is built, hashed for its policy and compressed once, not per page.
    pub fn head(&self, route: &str, title: &str, layout: &Layout) -> Arc<PageHead> {
        let key = (route.to_string(), layout.clone());
        if let Some(head) = self.heads.lock().unwrap().get(&key) {
            return head.clone();
        }
        let document = ssr::Document {
            html_attributes: layout.html_attributes(),
            title: format!("{title} | Expediente"),
            critical_css: self.critical_css(route, layout),
            css: self.css.iter().map(|f| format!("/assets/{f}")).collect(),
            preload: self.preload_for(route),
            prefetch: self.prefetch.get(route).into_iter().flatten().map(|f| format!("/assets/{f}")).collect(),
            entry: format!("/assets/{}", self.entry),
        };
        let head = Arc::new(PageHead { head: Head::new(document.head()), csp: middleware::page_csp(&document.csp_hashes()) });
        let mut heads = self.heads.lock().unwrap();
        if heads.len() >= HEADS_KEPT {
            let any = heads.keys().next().cloned();
            any.map(|any| heads.remove(&any));
        }
        heads.entry(key).or_insert(head).clone()
    }

    /// Modules to preload for a route: the entry's imports and the route's screen chunk.
    pub fn preload_for(&self, route: &str) -> Vec<String> {
        let mut files: Vec<&String> = self.imports.iter().collect();
        files.extend(self.routes.get(route).into_iter().flatten());
        let mut urls: Vec<String> = files.into_iter().map(|f| format!("/assets/{f}")).collect();
        urls.dedup();
        urls
    }
}

pub fn ssr_bundle() -> anyhow::Result<String> {
    Ok(String::from_utf8(unpacked("ssr/server.js")?)?)
}

/// `GET /assets/{*path}`: names carry a content hash, so they are cached for
/// a year; text files come precompressed (brotli or gzip, as accepted).
pub async fn serve(Path(path): Path<String>, headers: HeaderMap) -> Response {
    let name = format!("public/{path}");
    let encoding = Encoding::preferred(&headers);
    let (data, encoding) = match encoding.file_suffix().and_then(|suffix| ClientBuild::get(&format!("{name}{suffix}"))) {
        Some(compressed) => (compressed.data, encoding.header_value()),
        None => match ClientBuild::get(&name).map(|file| file.data).or_else(|| gunzipped(&name)) {
            Some(data) => (data, None),
            None => return (StatusCode::NOT_FOUND, "not found").into_response(),
        },
    };
    let content_type = mime_guess::from_path(&path).first_or_octet_stream().to_string();
    let mut response = (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "public, max-age=31536000, immutable".to_string()),
            (header::VARY, "Accept-Encoding".to_string()),
        ],
        data,
    )
        .into_response();
    if let Some(value) = encoding {
        response.headers_mut().insert(header::CONTENT_ENCODING, value);
    }
    response
}

/// The text of an asset embedded only as gzip (see [`ClientBuild`]).
fn gunzipped(name: &str) -> Option<std::borrow::Cow<'static, [u8]>> {
    use std::io::Read;
    let compressed = ClientBuild::get(&format!("{name}.gz"))?;
    let mut text = Vec::new();
    flate2::read::GzDecoder::new(&compressed.data[..]).read_to_end(&mut text).ok()?;
    Some(text.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A head is built once per route and layout; another layout is another
    /// head; past `HEADS_KEPT` one makes way, so a cookie that names ever
    /// new layouts cannot grow the map.
    #[test]
    fn heads_are_kept_by_route_and_layout_within_a_bound() {
        let manifest = Manifest::load().unwrap();
        let default = Layout::default();
        let first = manifest.head("/clients", "Clientes", &default);
        assert!(Arc::ptr_eq(&first, &manifest.head("/clients", "Clientes", &default)), "made once");
        assert!(first.head.text().contains("<title>Clientes | Expediente</title>"));
        let dark = Layout { theme: "dark", ..Layout::default() };
        let other = manifest.head("/clients", "Clientes", &dark);
        assert!(!Arc::ptr_eq(&first, &other) && other.head.text().contains("data-theme=\"dark\""), "by layout");
        assert!(manifest.head("/login", "Entrar", &default).head.text().contains("<title>Entrar"), "by route");
        for skin in ["modern", "default", "material", "saas", "flat", "minimal"] {
            for size in ["default", "compact", "condensed", "on-hover", "on-hover-active", "offcanvas"] {
                for width in ["fluid", "boxed"] {
                    let mut layout = Layout { skin, width, ..Layout::default() };
                    layout.sidenav.size = size;
                    let head = manifest.head("/clients", "Clientes", &layout);
                    assert!(head.head.text().contains(&format!("data-skin=\"{skin}\"")));
                }
            }
        }
        assert_eq!(manifest.heads.lock().unwrap().len(), HEADS_KEPT);
    }
}

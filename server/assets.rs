//! The client build, embedded in the binary: the browser bundle served under
//! `/assets/`, its manifest, and the SSR bundle for the render pool.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::Path;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;
use serde::Deserialize;

use crate::compression::Encoding;
use crate::layout::Layout;

#[derive(RustEmbed)]
#[folder = "client/dist/"]
struct ClientBuild;

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
    /// Per route path, the CSS its first paint uses (inlined in the head), in
    /// parts by the layout they hold under.
    #[serde(default)]
    pub critical: HashMap<String, Vec<CriticalPart>>,
}

/// Rules of a route's critical CSS and the `<html>` layout attributes they
/// need (`[["data-skin", "saas"]]`; none: always), in stylesheet order.
#[derive(Debug, Clone, Deserialize)]
pub struct CriticalPart {
    pub css: String,
    pub when: Vec<(String, String)>,
}

impl Manifest {
    pub fn load() -> anyhow::Result<Manifest> {
        let file = ClientBuild::get("manifest.json").ok_or_else(|| anyhow::anyhow!("manifest.json not embedded"))?;
        Ok(serde_json::from_slice(&file.data)?)
    }

    /// The CSS inlined in a route's head for a page in `layout`: the rules of
    /// other skins, themes and colours stay in the stylesheet (about a sixth
    /// of the bytes). Empty when the build made none.
    pub fn critical_css(&self, route: &str, layout: &Layout) -> Arc<str> {
        let parts = self.critical.get(route).into_iter().flatten();
        let kept = parts.filter(|part| part.when.iter().all(|(attribute, value)| layout.may_show(attribute, value)));
        kept.map(|part| part.css.as_str()).collect::<String>().into()
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
    let file = ClientBuild::get("ssr/server.js").ok_or_else(|| anyhow::anyhow!("ssr/server.js not embedded"))?;
    Ok(String::from_utf8(file.data.into_owned())?)
}

/// `GET /assets/{*path}`: names carry a content hash, so they are cached for
/// a year; text files come precompressed (brotli or gzip, as accepted).
pub async fn serve(Path(path): Path<String>, headers: HeaderMap) -> Response {
    let name = format!("public/{path}");
    let Some(file) = ClientBuild::get(&name) else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let content_type = file.metadata.mimetype().to_string();
    let encoding = Encoding::preferred(&headers);
    let (data, encoding) = match encoding.file_suffix().and_then(|suffix| ClientBuild::get(&format!("{name}{suffix}"))) {
        Some(compressed) => (compressed.data, encoding.header_value()),
        None => (file.data, None),
    };
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

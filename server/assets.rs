//! The client build, embedded in the binary: the browser bundle served under
//! `/assets/`, its manifest, and the SSR bundle for the render pool.

use std::collections::HashMap;

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;
use serde::Deserialize;

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
}

impl Manifest {
    pub fn load() -> anyhow::Result<Manifest> {
        let file = ClientBuild::get("manifest.json").ok_or_else(|| anyhow::anyhow!("manifest.json not embedded"))?;
        Ok(serde_json::from_slice(&file.data)?)
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

/// `GET /assets/{*path}`: names carry a content hash, so they are cached for a year.
pub async fn serve(Path(path): Path<String>) -> Response {
    match ClientBuild::get(&format!("public/{path}")) {
        Some(file) => (
            [
                (header::CONTENT_TYPE, file.metadata.mimetype().to_string()),
                (header::CACHE_CONTROL, "public, max-age=31536000, immutable".to_string()),
            ],
            file.data,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

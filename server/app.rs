//! Assembling the application: state, router, server.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::get;
use tower_http::compression::CompressionLayer;

use crate::assets::{self, Manifest};
use crate::auth::{Keys, load_or_create_secret};
use crate::config::{Config, SsrMode};
use crate::error::{api_method_not_allowed, api_not_found};
use crate::state::AppState;
use crate::{db, middleware, pages, routes, services};

/// Largest JSON body the API reads.
pub const BODY_LIMIT: usize = 64 * 1024;

pub fn router(state: AppState) -> Router {
    let api = routes::router()
        .fallback(api_not_found)
        .method_not_allowed_fallback(api_method_not_allowed)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(CompressionLayer::new().gzip(true).br(false));
    let assets = Router::new()
        .route("/assets/{*path}", get(assets::serve))
        .layer(CompressionLayer::new().gzip(true).br(false));
    let app = Router::new()
        .nest("/api", api)
        .merge(assets)
        .route("/", get(pages::root))
        .route("/login", get(pages::page).post(pages::login_form))
        // Pages compress themselves, flushing the head early.
        .fallback(get(pages::page))
        .with_state(state);
    middleware::protect(app)
}

/// Connects and migrates the database, creates the first admin on an empty
/// one, and starts the render pool.
pub async fn build_state(config: Config) -> anyhow::Result<AppState> {
    let db = db::connect(&config.database_url).await?;
    db::migrate(&db).await?;
    match services::users::ensure_first_admin(&db, config.admin_email.as_deref(), config.admin_password.as_deref())
        .await
        .map_err(|e| anyhow::anyhow!("creating the first admin failed: {e:?}"))?
    {
        Some((email, Some(password))) => {
            println!("Primeiro administrador criado: {email} / senha: {password}\n(esta senha não será mostrada de novo)")
        }
        Some((email, None)) => tracing::info!(email, "first admin created"),
        None => {}
    }
    let secret = load_or_create_secret(config.jwt_secret.as_deref(), &config.data_dir)?;
    let keys = Keys::new(&secret, config.token_ttl);
    let manifest = Manifest::load()?;
    let ssr = match config.ssr {
        SsrMode::Off => None,
        SsrMode::On => {
            let workers = config.ssr_workers.unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
            let options = ssr::PoolOptions {
                workers,
                bundle: assets::ssr_bundle()?.into(),
                timeout: Duration::from_secs(5),
            };
            Some(tokio::task::spawn_blocking(move || ssr::Pool::start(options)).await??)
        }
    };
    Ok(AppState { db, ssr, config: Arc::new(config), keys: Arc::new(keys), manifest: Arc::new(manifest) })
}

pub async fn serve(config: Config) -> anyhow::Result<()> {
    let addr = config.addr;
    let state = build_state(config).await?;
    let listener = tokio::net::TcpListener::bind(addr).await?;
    tracing::info!("Expediente em http://{}", listener.local_addr()?);
    axum::serve(listener, router(state)).with_graceful_shutdown(shutdown_signal()).await?;
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).expect("SIGTERM handler");
    tokio::select! {
        _ = ctrl_c => {},
        _ = term.recv() => {},
    }
}

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
use crate::middleware::Limits;
use crate::state::AppState;
use crate::{db, middleware, pages, routes, services};

/// Largest JSON body the API reads.
pub const BODY_LIMIT: usize = 64 * 1024;

pub fn router(state: AppState) -> Router {
    let secure_cookies = state.config.secure_cookies;
    let api = routes::router()
        .fallback(api_not_found)
        .method_not_allowed_fallback(api_method_not_allowed)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(CompressionLayer::new().gzip(true).br(false));
    // Assets come precompressed from the build.
    let assets = Router::new().route("/assets/{*path}", get(assets::serve));
    let app = Router::new()
        .nest("/api", api)
        .merge(assets)
        .route("/", get(pages::root))
        .route("/login", get(pages::page).post(pages::login_form))
        // Pages compress themselves, flushing the head early.
        .fallback(get(pages::page))
        .with_state(state);
    middleware::protect(app, Limits::new(secure_cookies))
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
    serve_until(listener, router(state), shutdown_signal(), SHUTDOWN_GRACE).await?;
    Ok(())
}

/// Longest a graceful shutdown waits for open requests and connections.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// Serves `app` until `signal`, then stops accepting, lets the requests in
/// flight finish, and closes whatever is still open (an idle keep-alive or a
/// half-sent request) after `grace`. Accepted connections get TCP_NODELAY:
/// small responses leave at once instead of waiting for Nagle's timer.
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    app: Router,
    signal: impl Future<Output = ()> + Send + 'static,
    grace: Duration,
) -> std::io::Result<()> {
    let (signalled, on_signal) = tokio::sync::oneshot::channel::<()>();
    let signal = async move {
        signal.await;
        let _ = signalled.send(());
    };
    let server = axum::serve(nodelay(listener), app).with_graceful_shutdown(signal).into_future();
    tokio::pin!(server);
    tokio::select! {
        result = &mut server => return result,
        _ = on_signal => {}
    }
    match tokio::time::timeout(grace, server).await {
        Ok(result) => result,
        Err(_) => {
            tracing::warn!("shutdown: connections still open after {grace:?}, closing them");
            Ok(())
        }
    }
}

/// The listener whose accepted connections have TCP_NODELAY set.
pub fn nodelay(listener: tokio::net::TcpListener) -> impl axum::serve::Listener<Io = tokio::net::TcpStream, Addr = std::net::SocketAddr> {
    use axum::serve::ListenerExt;
    listener.tap_io(|stream| {
        if let Err(error) = stream.set_nodelay(true) {
            tracing::debug!(%error, "could not set TCP_NODELAY");
        }
    })
}

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).expect("SIGTERM handler");
    tokio::select! {
        _ = ctrl_c => {},
        _ = term.recv() => {},
    }
}

#[cfg(test)]
mod tests {
    use axum::routing::get;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::{TcpListener, TcpStream};

    use super::*;

    #[tokio::test]
    async fn accepted_connections_have_nodelay() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let mut listener = nodelay(listener);
        let _client = TcpStream::connect(addr).await.unwrap();
        let (stream, _) = axum::serve::Listener::accept(&mut listener).await;
        assert!(stream.nodelay().unwrap());
    }

    #[tokio::test]
    async fn shutdown_does_not_wait_for_a_half_sent_request() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = Router::new().route("/", get(|| async { "ok" }));
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(serve_until(
            listener,
            app,
            async move {
                let _ = stopped.await;
            },
            Duration::from_millis(300),
        ));
        // A request that is answered, then one that never finishes its headers.
        let mut done = TcpStream::connect(addr).await.unwrap();
        done.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.unwrap();
        let mut answer = String::new();
        done.read_to_string(&mut answer).await.unwrap();
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        let mut half = TcpStream::connect(addr).await.unwrap();
        half.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").await.unwrap();
        tokio::time::sleep(Duration::from_millis(100)).await;
        let started = std::time::Instant::now();
        stop.send(()).unwrap();
        tokio::time::timeout(Duration::from_secs(5), server).await.expect("shutdown waited past its bound").unwrap().unwrap();
        assert!(started.elapsed() < Duration::from_secs(2));
    }
}

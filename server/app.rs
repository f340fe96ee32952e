//! Assembling the application: state, router, server.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::get;
use tower_http::compression::CompressionLayer;

use crate::assets::{self, Manifest};
use expediente_core::people::auth::{Keys, load_or_create_secret};
use crate::config::{Config, MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS, SsrMode};
use crate::error::{api_method_not_allowed, api_not_found};
use crate::middleware::Limits;
use crate::http::{ClientAddress, is_trusted};
use crate::state::AppState;
use crate::stream_sessions::StreamSessions;
use crate::{db, health, jobs, live, middleware, pages, public, routes};
use expediente_core::{kit, people};

/// Largest JSON body the API reads.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The API as `/api` serves it, built once at start (`AppState::api`), and
/// as pages read it in-process (`reads.rs`).
pub fn api_router() -> Router<AppState> {
    routes::router()
        .fallback(api_not_found)
        .method_not_allowed_fallback(api_method_not_allowed)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(CompressionLayer::new().gzip(true).br(false))
}

/// The pages clients open without signing in, each waiting for one of
/// their own few places (`booking::in_place`).
fn public_pages(state: AppState) -> Router<AppState> {
    use public::{booking, link, offer, waitlist};
    Router::new()
        .route("/c/{token}", get(link::show).post(link::act))
        .route("/o/{token}", get(offer::show).post(offer::act))
        .route("/agendar", get(booking::services))
        .route("/agendar/{service}", get(booking::day).post(booking::choose))
        .route("/agendar/{service}/espera", get(waitlist::show).post(waitlist::join))
        .route("/agendar/reserva/{token}", get(booking::details).post(booking::confirm))
        .route_layer(axum::middleware::from_fn_with_state(state, booking::in_place))
        // A day's times are some 14 KB of HTML, under 2 KB in brotli.
        .layer(CompressionLayer::new().gzip(true).br(true))
}

pub fn router(state: AppState) -> Router {
    let secure_cookies = state.config.secure_cookies;
    // The very router pages read through: the browser's requests and the
    // pages' reads meet the same one.
    let api = state.api.clone().unwrap_or_else(|| api_router().with_state(state.clone()));
    // Assets come precompressed from the build.
    let assets = Router::new().route("/assets/{*path}", get(assets::serve));
    // `/api/reads` runs a screen's reads through that router, so it needs
    // the state that holds it, which the API's own copy does not.
    let screen_reads = Router::new()
        .route("/api/reads", get(routes::reads::show))
        .layer(CompressionLayer::new().gzip(true).br(false));
    let app = Router::new()
        .merge(screen_reads)
        .nest_service("/api", api)
        .merge(assets)
        .route("/", get(pages::root))
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        // Capability pages (SECURITY.md#client-links, SECURITY.md#calendar-feeds): no session, no cookie.
        .route("/ical/{file}", get(routes::calendar::feed))
        .route("/login", get(pages::page).post(pages::login_form))
        .route("/logout", get(pages::page).post(pages::logout_form))
        // The clients' pages: public, rendered here (server/public/), no session.
        .merge(public_pages(state.clone()))
        // Pages compress themselves, flushing the head early.
        .fallback(get(pages::page))
        .layer(axum::middleware::from_fn_with_state(state.clone(), health::note_write_failures))
        .with_state(state);
    middleware::protect(app, Limits::new(secure_cookies))
}

/// Connects and migrates the database, creates the first admin on an empty
/// one, and starts the render pool.
pub async fn build_state(config: Config) -> anyhow::Result<AppState> {
    // The engines load the bundle on their own threads while the database
    // is opened and migrated: start-up waits for the slower of the two.
    let ssr = match config.ssr {
        SsrMode::Off => None,
        SsrMode::On => {
            let options = pool_options(&config, assets::ssr_bundle()?.into());
            Some(tokio::task::spawn_blocking(move || ssr::Pool::start(options)))
        }
    };
    let db = db::connect(&config.database_url).await?;
    db::migrate(&db).await?;
    match people::users::ensure_first_admin(&db, config.admin_email.as_deref(), config.admin_password.as_deref())
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
    kit::list::use_cursor_secret(&secret);
    let manifest = Manifest::load()?;
    let ssr = match ssr {
        Some(starting) => Some(starting.await??),
        None => None,
    };
    let writes = Arc::default();
    let events = kit::events::Events::default();
    let live = live::Live::default();
    live.follow(&events);
    live.bridge(&db, &events);
    let read_log = kit::read_log::ReadLog::start(db.clone());
    let stream_sessions = StreamSessions::default();
    let mut state = AppState { db, ssr, config: Arc::new(config), keys: Arc::new(keys), manifest: Arc::new(manifest), writes, events, live, stream_sessions, read_log, public_places: Default::default(), api: None };
    state.stream_sessions.start(state.context(None), Duration::from_millis(state.config.events_keep_alive_ms));
    state.api = Some(api_router().with_state(state.clone()));
    db::spawn_checkpointer(&state.db);
    // E-mail reminders go out from every instance (with --smtp-url).
    jobs::mailer::start(&state)?;
    // So does the waitlist's search for freed times.
    jobs::waitlist::start(&state);
    Ok(state)
}

/// The render pool the configuration asks for, running `bundle`.
pub fn pool_options(config: &Config, bundle: Arc<str>) -> ssr::PoolOptions {
    ssr::PoolOptions {
        workers: config.ssr_workers.unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get())),
        bundle,
        timeout: Duration::from_millis(config.render_timeout_ms),
        queue: config.render_queue,
        memo_bytes: config.render_memo_mb << 20,
    }
}

pub async fn serve(config: Config) -> anyhow::Result<()> {
    let addr = config.addr;
    let limits = ServeLimits::new(&config);
    raise_open_files_limit(limits.max_connections);
    let state = build_state(config).await?;
    let listener = tokio::net::TcpListener::bind(addr).await?;
    tracing::info!("Expediente em http://{}", listener.local_addr()?);
    let live = state.live.clone();
    // The live streams end as the shutdown begins: none waits out the grace.
    let signal = async move {
        shutdown_signal().await;
        live.close();
    };
    let read_log = state.read_log.clone();
    serve_until(listener, router(state), signal, limits).await?;
    // The reads still queued for the access log are written before the end.
    read_log.flush().await;
    Ok(())
}

/// Files the server holds open besides its connections: the database's
/// pool and files, the listener, the render engines, the logs, and the one
/// connection accepted while it waits for a slot.
const OTHER_OPEN_FILES: u64 = 256;

/// The open-files limit must cover `max_connections` plus
/// [`OTHER_OPEN_FILES`]: the soft limit is raised to that (up to the hard
/// limit), and a limit still short of it is logged, as accept would then
/// fail before the connection cap is reached.
fn raise_open_files_limit(max_connections: usize) {
    let needed = max_connections as u64 + OTHER_OPEN_FILES;
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit and setrlimit only read and write `limit`.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 || limit.rlim_cur >= needed {
        return;
    }
    let wanted = libc::rlimit { rlim_cur: needed.min(limit.rlim_max), rlim_max: limit.rlim_max };
    if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &wanted) } == 0 {
        limit.rlim_cur = wanted.rlim_cur;
    }
    if limit.rlim_cur < needed {
        tracing::warn!(
            limit = limit.rlim_cur,
            needed,
            "the open-files limit (ulimit -n) is below --max-connections plus {OTHER_OPEN_FILES}: raise it, or lower --max-connections"
        );
    }
}

/// Longest a graceful shutdown waits for open requests and connections.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);
/// Longest a client may take to send a request's headers, counted from the
/// moment the connection is ready for the next request (so an idle
/// keep-alive connection is closed after this long too).
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// The limits of the connection layer (the request layer's are in
/// `middleware::Limits`).
#[derive(Debug, Clone)]
pub struct ServeLimits {
    pub header_read_timeout: Duration,
    pub max_connections: usize,
    /// Past this many from one client address (`ClientAddress`: an IPv6
    /// /64), a new connection is answered 503 and closed at once.
    pub max_connections_per_address: usize,
    /// Peers not limited per address: the reverse proxies every client
    /// comes through (`--trusted-proxies`), whose own limits then apply.
    pub trusted_proxies: Arc<[ipnet::IpNet]>,
    pub shutdown_grace: Duration,
}

impl Default for ServeLimits {
    fn default() -> ServeLimits {
        ServeLimits {
            header_read_timeout: HEADER_READ_TIMEOUT,
            max_connections: MAX_CONNECTIONS,
            max_connections_per_address: MAX_CONNECTIONS_PER_ADDRESS,
            trusted_proxies: Arc::from([]),
            shutdown_grace: SHUTDOWN_GRACE,
        }
    }
}

impl ServeLimits {
    /// The limits the configuration asks for.
    pub fn new(config: &Config) -> ServeLimits {
        ServeLimits {
            max_connections: config.max_connections,
            max_connections_per_address: config.max_connections_per_address,
            trusted_proxies: config.trusted_proxies.clone().into(),
            ..ServeLimits::default()
        }
    }
}

/// What a connection past its address's share is told before it is
/// closed (it has sent nothing yet, or nothing that will be read).
const TOO_MANY_CONNECTIONS: &str = "Muitas conexões abertas deste endereço. Tente novamente em instantes.";

/// The connections each client address holds; an address that holds none
/// has no entry.
#[derive(Default)]
struct PerAddress(std::sync::Mutex<std::collections::HashMap<String, usize>>);

/// One connection counted for its address; uncounted when dropped.
struct AddressSlot {
    counts: Arc<PerAddress>,
    address: String,
}

impl PerAddress {
    /// Counts a connection from `address`, unless it already holds `max`.
    fn take(counts: &Arc<PerAddress>, address: String, max: usize) -> Option<AddressSlot> {
        let mut held = counts.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let count = held.entry(address.clone()).or_insert(0);
        if *count >= max {
            return None;
        }
        *count += 1;
        Some(AddressSlot { counts: Arc::clone(counts), address })
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut held = self.counts.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(count) = held.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.address);
            }
        }
    }
}

/// Serves `app` until `signal`, then stops accepting, lets the requests in
/// flight finish, and closes whatever is still open (an idle keep-alive or a
/// half-sent request) after `limits.shutdown_grace`. At most
/// `limits.max_connections` connections are served at once, and at most
/// `limits.max_connections_per_address` from one client address (trusted
/// proxies excepted): one more is answered 503 and closed at once, so one
/// address holding idle connections keeps neither the slots nor the listen
/// queue from the others. The address is the peer's, known at accept
/// (`X-Forwarded-For` comes only with a request's headers): behind a
/// trusted proxy, the proxy's own per-client limits apply. A client that
/// does not send its headers within `limits.header_read_timeout` is
/// disconnected. With every slot taken, the oldest connection that has not
/// sent a request yet is closed to make room (`Unserved`): idle connections
/// from many addresses cost a slot each only until someone needs it, while
/// connections serving requests (a live stream included) are never cut.
/// Accepted connections get TCP_NODELAY: small responses leave at once
/// instead of waiting for Nagle's timer.
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    app: Router,
    signal: impl Future<Output = ()> + Send + 'static,
    limits: ServeLimits,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt;

    // HTTP/1.1 only: browsers speak HTTP/2 only over TLS, which the proxy in
    // front terminates; and sniffing for cleartext HTTP/2 would wait for a
    // silent client's first bytes with no timeout at all.
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_read_timeout);
    let permits = Arc::new(tokio::sync::Semaphore::new(limits.max_connections.max(1)));
    let per_address = Arc::new(PerAddress::default());
    let unserved = Arc::new(Unserved::default());
    let refusal = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: 1\r\n\
         Connection: close\r\nContent-Length: {}\r\n\r\n{TOO_MANY_CONNECTIONS}",
        TOO_MANY_CONNECTIONS.len()
    );
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    // Set once the grace is over: every connection still open is dropped.
    let (force_close, closing) = tokio::sync::watch::channel(false);
    tokio::pin!(signal);
    loop {
        let (stream, remote) = tokio::select! {
            accepted = accept(&listener) => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors, or a connection reset while queued:
                    // not fatal; wait a little so a full table can drain.
                    tracing::warn!(%error, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut signal => break,
        };
        let slot = if is_trusted(remote.ip(), &limits.trusted_proxies) {
            None
        } else {
            let address = ClientAddress::new(remote.ip()).0;
            match PerAddress::take(&per_address, address, limits.max_connections_per_address.max(1)) {
                Some(slot) => Some(slot),
                None => {
                    // Best effort, without waiting: the socket's buffer is empty.
                    let _ = stream.try_write(refusal.as_bytes());
                    continue;
                }
            }
        };
        let permit = match permits.clone().try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                // Every slot taken: the oldest connection that has sent
                // nothing for `UNSERVED_GRACE` gives its slot up to this one
                // (when its task ends), unless a slot frees first.
                let evict = async {
                    while let Some(wait) = unserved.oldest_evictable_in(UNSERVED_GRACE) {
                        if wait.is_zero() {
                            unserved.evict_oldest();
                            break;
                        }
                        tokio::time::sleep(wait).await;
                    }
                    std::future::pending::<std::convert::Infallible>().await
                };
                tokio::select! {
                    permit = permits.clone().acquire_owned() => permit.expect("the semaphore is never closed"),
                    never = evict => match never {},
                    () = &mut signal => break,
                }
            }
        };
        let app = app.clone();
        let (id, evicted) = unserved.add();
        let first_request = Arc::new(std::sync::Once::new());
        let served = Arc::clone(&unserved);
        let service = hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
            first_request.call_once(|| served.remove(id));
            let mut request = request.map(axum::body::Body::new);
            request.extensions_mut().insert(axum::extract::ConnectInfo(remote));
            app.clone().oneshot(request)
        });
        let mut closing = closing.clone();
        let connection = graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
        let unserved = Arc::clone(&unserved);
        tokio::spawn(async move {
            tokio::select! {
                result = connection => {
                    if let Err(error) = result {
                        tracing::debug!(%error, "connection ended with an error");
                    }
                }
                _ = closing.wait_for(|closed| *closed) => {}
                () = evicted.notified() => {}
            }
            unserved.remove(id);
            drop((permit, slot));
        });
    }
    drop(listener);
    let grace = limits.shutdown_grace;
    if tokio::time::timeout(grace, graceful.shutdown()).await.is_err() {
        tracing::warn!("shutdown: connections still open after {grace:?}, closing them");
    }
    let _ = force_close.send(true);
    Ok(())
}

/// The open connections that have not sent a request yet, oldest first,
/// each with what closes it. (Small and ours: a map under a lock, touched
/// once when a connection opens, at its first request and when it ends.)
#[derive(Default)]
struct Unserved {
    next: std::sync::atomic::AtomicU64,
    open: std::sync::Mutex<std::collections::BTreeMap<u64, (std::time::Instant, Arc<tokio::sync::Notify>)>>,
}

/// How long a connection may have sent nothing before it can be closed to
/// make room: a real client's request follows its connection within a
/// round trip, even on a slow mobile link.
const UNSERVED_GRACE: Duration = Duration::from_secs(1);

impl Unserved {
    fn lock(&self) -> std::sync::MutexGuard<'_, std::collections::BTreeMap<u64, (std::time::Instant, Arc<tokio::sync::Notify>)>> {
        self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A new connection: its id, and what tells it to close.
    fn add(&self) -> (u64, Arc<tokio::sync::Notify>) {
        let id = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let evicted = Arc::new(tokio::sync::Notify::new());
        self.lock().insert(id, (std::time::Instant::now(), Arc::clone(&evicted)));
        (id, evicted)
    }

    /// How long until the oldest connection that has sent nothing has done
    /// so for `grace` (zero: it has); None when there is none.
    fn oldest_evictable_in(&self, grace: Duration) -> Option<Duration> {
        self.lock().first_key_value().map(|(_, (opened, _))| grace.saturating_sub(opened.elapsed()))
    }

    /// Served (or closed): never evicted.
    fn remove(&self, id: u64) {
        self.lock().remove(&id);
    }

    /// Tells the oldest connection that has sent nothing to close.
    fn evict_oldest(&self) {
        if let Some((_, (_, evicted))) = self.lock().pop_first() {
            // Kept for it if its task is not waiting yet.
            evicted.notify_one();
        }
    }
}

/// The next connection, with TCP_NODELAY set.
async fn accept(listener: &tokio::net::TcpListener) -> std::io::Result<(tokio::net::TcpStream, std::net::SocketAddr)> {
    let (stream, remote) = listener.accept().await?;
    if let Err(error) = stream.set_nodelay(true) {
        tracing::debug!(%error, "could not set TCP_NODELAY");
    }
    Ok((stream, remote))
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

    fn app() -> Router {
        Router::new()
            .route("/", get(|| async { "ok" }))
            .route("/slow", get(|| async {
                tokio::time::sleep(Duration::from_millis(400)).await;
                "late"
            }))
            .route("/peer", get(|connect: axum::extract::ConnectInfo<std::net::SocketAddr>| async move {
                connect.0.ip().to_string()
            }))
    }

    /// Serves `app()` with `limits`; the sender stops it.
    async fn start(limits: ServeLimits) -> (std::net::SocketAddr, tokio::sync::oneshot::Sender<()>, tokio::task::JoinHandle<std::io::Result<()>>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(serve_until(
            listener,
            app(),
            async move {
                let _ = stopped.await;
            },
            limits,
        ));
        (addr, stop, server)
    }

    async fn request(addr: std::net::SocketAddr, path: &str) -> String {
        let stream = TcpStream::connect(addr).await.unwrap();
        request_on(stream, path).await
    }

    /// A connection to `addr` from the loopback address `from`.
    async fn connect_from(from: [u8; 4], addr: std::net::SocketAddr) -> TcpStream {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind((std::net::Ipv4Addr::from(from), 0).into()).unwrap();
        socket.connect(addr).await.unwrap()
    }

    /// The answer to one request on `stream` (which it closes).
    async fn request_on(mut stream: TcpStream, path: &str) -> String {
        stream.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes()).await.unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).await.unwrap();
        answer
    }

    /// True when the server closed `stream` (EOF or reset) within `wait`.
    async fn closed_within(stream: &mut TcpStream, wait: Duration) -> bool {
        let mut buffer = [0u8; 256];
        matches!(tokio::time::timeout(wait, stream.read(&mut buffer)).await, Ok(Ok(0) | Err(_)))
    }

    #[tokio::test]
    async fn accepted_connections_have_nodelay() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let _client = TcpStream::connect(addr).await.unwrap();
        let (stream, _) = accept(&listener).await.unwrap();
        assert!(stream.nodelay().unwrap());
    }

    #[tokio::test]
    async fn connections_know_their_peer() {
        let (addr, _stop, _server) = start(ServeLimits::default()).await;
        let answer = request(addr, "/peer").await;
        assert!(answer.starts_with("HTTP/1.1 200") && answer.ends_with("127.0.0.1"), "{answer}");
    }

    #[tokio::test]
    async fn shutdown_finishes_requests_in_flight_and_not_half_sent_ones() {
        let limits = ServeLimits { shutdown_grace: Duration::from_millis(1000), ..ServeLimits::default() };
        let (addr, stop, server) = start(limits).await;
        assert!(request(addr, "/").await.starts_with("HTTP/1.1 200"));
        // One request that never finishes its headers, one idle connection,
        // one slow request in flight.
        let mut half = TcpStream::connect(addr).await.unwrap();
        half.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").await.unwrap();
        let _idle = TcpStream::connect(addr).await.unwrap();
        let slow = tokio::spawn(request(addr, "/slow"));
        tokio::time::sleep(Duration::from_millis(100)).await;
        let started = std::time::Instant::now();
        stop.send(()).unwrap();
        tokio::time::timeout(Duration::from_secs(5), server).await.expect("shutdown waited past its bound").unwrap().unwrap();
        assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
        let slow = slow.await.unwrap();
        assert!(slow.starts_with("HTTP/1.1 200") && slow.ends_with("late"), "the request in flight finished: {slow}");
        assert!(closed_within(&mut half, Duration::from_secs(1)).await, "the half-sent request was closed");
        // Nothing is accepted any more.
        assert!(TcpStream::connect(addr).await.is_err());
    }

    #[tokio::test]
    async fn slow_headers_and_idle_connections_are_closed() {
        let limits = ServeLimits { header_read_timeout: Duration::from_millis(300), ..ServeLimits::default() };
        let (addr, _stop, _server) = start(limits).await;
        let mut idle = TcpStream::connect(addr).await.unwrap();
        let mut half = TcpStream::connect(addr).await.unwrap();
        half.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").await.unwrap();
        assert!(closed_within(&mut idle, Duration::from_secs(2)).await, "an idle connection was closed");
        assert!(closed_within(&mut half, Duration::from_secs(2)).await, "a connection that never ends its headers was closed");
        assert!(request(addr, "/").await.starts_with("HTTP/1.1 200"));
    }

    /// One address holding its share of idle connections, and trying for
    /// more, leaves another address's request served while those stay open
    /// (with only the global bound, the other request waited in the listen
    /// queue until the idle ones timed out).
    #[tokio::test]
    async fn one_address_holding_idle_connections_leaves_room_for_others() {
        // Idle connections stay open far longer than the test runs.
        let limits = ServeLimits {
            max_connections: 4,
            max_connections_per_address: 2,
            header_read_timeout: Duration::from_secs(120),
            ..ServeLimits::default()
        };
        let (addr, _stop, _server) = start(limits).await;
        let test = async {
            let mut held = Vec::new();
            for _ in 0..2 {
                held.push(connect_from([127, 0, 0, 1], addr).await);
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
            // More from that address are answered 503 and closed, not queued
            // behind the ones it holds.
            let mut extra = Vec::new();
            for _ in 0..20 {
                extra.push(connect_from([127, 0, 0, 1], addr).await);
            }
            for mut stream in extra {
                let mut answer = String::new();
                stream.read_to_string(&mut answer).await.unwrap();
                assert!(answer.starts_with("HTTP/1.1 503") && answer.ends_with(TOO_MANY_CONNECTIONS), "{answer}");
            }
            // Another address is served while they are held open.
            let other = request_on(connect_from([127, 0, 0, 2], addr).await, "/peer").await;
            assert!(other.starts_with("HTTP/1.1 200") && other.ends_with("127.0.0.2"), "{other}");
            for stream in held {
                let answer = request_on(stream, "/").await;
                assert!(answer.starts_with("HTTP/1.1 200"), "the held connection was still open: {answer}");
            }
            // Given back (as each of those connections' task ends), the
            // address's share is free again.
            let mut again = String::new();
            for _ in 0..100 {
                again = request_on(connect_from([127, 0, 0, 1], addr).await, "/").await;
                if again.starts_with("HTTP/1.1 200") {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            assert!(again.starts_with("HTTP/1.1 200"), "{again}");
        };
        // Only a bound on a hang (the idle connections would hold for 120 s).
        tokio::time::timeout(Duration::from_secs(60), test).await.expect("the test hung");
    }

    #[tokio::test]
    async fn trusted_proxies_are_not_limited_per_address() {
        let limits = ServeLimits {
            max_connections_per_address: 1,
            trusted_proxies: Arc::from(["127.0.0.3/32".parse::<ipnet::IpNet>().unwrap()]),
            ..ServeLimits::default()
        };
        let (addr, _stop, _server) = start(limits).await;
        let mut proxy = Vec::new();
        for _ in 0..3 {
            proxy.push(connect_from([127, 0, 0, 3], addr).await);
        }
        for stream in proxy {
            let answer = request_on(stream, "/").await;
            assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        }
    }

    /// The bound holds for connections serving requests: a new one waits
    /// for one of them to end.
    #[tokio::test]
    async fn connections_serving_requests_are_bounded() {
        let limits = ServeLimits { max_connections: 2, ..ServeLimits::default() };
        let (addr, _stop, _server) = start(limits).await;
        let started = std::time::Instant::now();
        let slow = [tokio::spawn(request(addr, "/slow")), tokio::spawn(request(addr, "/slow"))];
        tokio::time::sleep(Duration::from_millis(100)).await;
        let third = request(addr, "/").await;
        assert!(third.starts_with("HTTP/1.1 200"), "{third}");
        assert!(started.elapsed() >= Duration::from_millis(400), "served before a slot was free: {:?}", started.elapsed());
        for answer in slow {
            let answer = answer.await.unwrap();
            assert!(answer.starts_with("HTTP/1.1 200") && answer.ends_with("late"), "a request in flight was cut: {answer}");
        }
    }

    /// Every slot held by connections that sent nothing, each from an
    /// address of its own: a real request is served at once, the oldest
    /// idle connection closed to make room (before, it waited in the listen
    /// queue until the idle ones timed out), and a connection that has been
    /// served is not the one closed.
    #[tokio::test]
    async fn idle_connections_from_many_addresses_make_room_for_a_request() {
        let limits = ServeLimits { max_connections: 4, header_read_timeout: Duration::from_secs(120), ..ServeLimits::default() };
        let (addr, _stop, _server) = start(limits).await;
        let test = async {
            // One connection served first, kept alive, idle between requests.
            let mut kept = connect_from([127, 0, 1, 1], addr).await;
            kept.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
            let mut buffer = [0u8; 512];
            let n = kept.read(&mut buffer).await.unwrap();
            assert!(String::from_utf8_lossy(&buffer[..n]).starts_with("HTTP/1.1 200"));
            let mut idle = Vec::new();
            for i in 0..3u8 {
                idle.push(connect_from([127, 0, 2, i + 1], addr).await);
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            let answer = request_on(connect_from([127, 0, 3, 1], addr).await, "/").await;
            assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
            assert!(closed_within(&mut idle[0], Duration::from_secs(2)).await, "the oldest idle connection was closed");
            // The served one is still open and serves again.
            kept.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.unwrap();
            let mut again = String::new();
            kept.read_to_string(&mut again).await.unwrap();
            assert!(again.starts_with("HTTP/1.1 200"), "{again}");
        };
        // Only a bound on a hang (the idle connections would hold for 120 s).
        tokio::time::timeout(Duration::from_secs(30), test).await.expect("the request waited for the idle connections");
    }
}

//! A fixed pool of render workers. Each worker is an OS thread that owns one
//! deno_core runtime for its whole life (an isolate never moves between
//! threads); async callers hand it a job over a channel and await the answer,
//! so the async executor never blocks on JavaScript. The queue is bounded
//! (full: the caller is told at once, and serves the page unrendered). A
//! rendered page's document is memoised by its input, compressed by one
//! background thread (`memo.rs`).

use std::sync::mpsc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use deno_core::{JsRuntime, RuntimeOptions, v8};
use tokio::sync::oneshot;

use crate::memo::{Key, Memo, Stored};

const POLYFILLS: &str = include_str!("polyfills.js");

/// Wraps the bundle's `renderPage` so a thrown error comes back as data.
const CALLER: &str = r#"(function (input) {
  try { return { ok: globalThis.renderPage(input) }; }
  catch (e) { return { error: String((e && e.stack) || e) }; }
})"#;

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("the SSR bundle failed to load: {0}")]
    Load(String),
    #[error("render threw: {0}")]
    Script(String),
    #[error("render took longer than {0:?} and was stopped")]
    Timeout(Duration),
    #[error("the render queue is full")]
    Busy,
    #[error("the render pool is shut down")]
    Closed,
}

#[derive(Clone)]
pub struct PoolOptions {
    /// Number of worker threads (one runtime each).
    pub workers: usize,
    /// Source of the SSR bundle, which defines `globalThis.renderPage`.
    pub bundle: Arc<str>,
    /// A render running longer than this is terminated.
    pub timeout: Duration,
    /// Renders waiting for a worker at most; one more is refused (`Busy`).
    pub queue: usize,
    /// Bytes of compressed documents kept by input (0: no memo).
    pub memo_bytes: usize,
}

struct Job {
    input: String,
    reply: oneshot::Sender<Result<String, RenderError>>,
}

/// What the watchdog needs to stop a stuck render on one worker.
struct Watch {
    deadline: Mutex<Option<Instant>>,
    isolate: Mutex<Option<v8::IsolateHandle>>,
}

/// Documents waiting for the memo's compressor at most; past it a page is
/// not kept (the next miss of the same input offers it again).
const KEEP_QUEUE: usize = 16;

#[derive(Clone)]
pub struct Pool {
    jobs: mpsc::SyncSender<Job>,
    memo: Arc<Memo>,
    /// To the memo's compressor; none when the memo is off.
    keep: Option<mpsc::SyncSender<(Key, String)>>,
    /// Renders running now (what a test waits on, instead of a fixed time).
    running: Arc<AtomicUsize>,
}

impl Pool {
    /// Starts the workers and waits until each has loaded the bundle, so a
    /// broken bundle fails at start, not on the first request.
    pub fn start(options: PoolOptions) -> Result<Pool, RenderError> {
        let (jobs, receiver) = mpsc::sync_channel::<Job>(options.queue);
        let receiver = Arc::new(Mutex::new(receiver));
        let mut watches = Vec::new();
        let (ready_tx, ready_rx) = mpsc::channel();
        let running = Arc::new(AtomicUsize::new(0));
        for index in 0..options.workers.max(1) {
            let watch = Arc::new(Watch { deadline: Mutex::new(None), isolate: Mutex::new(None) });
            watches.push(watch.clone());
            let (receiver, options, ready, running) = (receiver.clone(), options.clone(), ready_tx.clone(), running.clone());
            thread::Builder::new()
                .name(format!("ssr-{index}"))
                .spawn(move || worker(options, receiver, watch, ready, running))
                .expect("spawn render worker");
        }
        drop(ready_tx);
        for _ in 0..watches.len() {
            ready_rx.recv().map_err(|_| RenderError::Closed)??;
        }
        thread::Builder::new()
            .name("ssr-watchdog".into())
            .spawn(move || watchdog(watches))
            .expect("spawn render watchdog");
        let memo = Arc::new(Memo::new(options.memo_bytes));
        let keep = (options.memo_bytes > 0).then(|| {
            let (keep, documents) = mpsc::sync_channel(KEEP_QUEUE);
            let memo = memo.clone();
            thread::Builder::new().name("ssr-memo".into()).spawn(move || compressor(memo, documents)).expect("spawn memo compressor");
            keep
        });
        Ok(Pool { jobs, memo, keep, running })
    }

    /// Renders one page's root: `input` is the JSON text given to `renderPage`.
    pub async fn render(&self, input: String) -> Result<String, RenderError> {
        let (reply, answer) = oneshot::channel();
        self.jobs.try_send(Job { input, reply }).map_err(|error| match error {
            mpsc::TrySendError::Full(_) => RenderError::Busy,
            mpsc::TrySendError::Disconnected(_) => RenderError::Closed,
        })?;
        answer.await.map_err(|_| RenderError::Closed)?
    }

    /// The memo's key of the document that the head whose digest is `head`
    /// begins and the render of `input` ends (everything else in it follows
    /// from `input`).
    pub fn memo_key(&self, head: &[u8], input: &str) -> Key {
        self.memo.key(head, input)
    }

    /// The document of `key`, stored compressed, if the memo has it.
    pub fn stored(&self, key: Key) -> Option<Arc<Stored>> {
        self.memo.get(key)
    }

    /// Offers a rendered page's whole `document` to the memo: compressed
    /// and kept in the background, or dropped when the compressor is behind.
    pub fn keep(&self, key: Key, document: String) {
        if let Some(keep) = &self.keep {
            if !self.memo.contains(key) {
                let _ = keep.try_send((key, document));
            }
        }
    }

    /// The memo's size now: entries and bytes.
    pub fn memo_usage(&self) -> (usize, usize) {
        self.memo.usage()
    }

    /// How many renders are running now.
    pub fn running(&self) -> usize {
        self.running.load(Ordering::SeqCst)
    }
}

/// The memo's compressor: one thread, so at most one document is being
/// compressed at its best (brotli 11's few MiB) however many pages miss,
/// at the lowest priority, so renders and requests go first: under a full
/// load of misses, pages are kept only as the spare CPU allows.
fn compressor(memo: Arc<Memo>, documents: mpsc::Receiver<(Key, String)>) {
    #[cfg(target_os = "linux")]
    // SAFETY: sets this thread's nice value (per thread on Linux); no memory is touched.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, 19);
    }
    for (key, document) in documents {
        // The same page may be offered by several misses at once.
        if memo.contains(key) {
            continue;
        }
        match Stored::compress(&document) {
            Ok(stored) => memo.insert(key, Arc::new(stored)),
            Err(error) => tracing::error!(%error, "compressing a page for the memo failed"),
        }
    }
}

/// The loaded engine of one worker.
struct Engine {
    runtime: JsRuntime,
    caller: v8::Global<v8::Function>,
}

fn load(bundle: &str) -> Result<Engine, RenderError> {
    let mut runtime = JsRuntime::new(RuntimeOptions::default());
    let load_err = |e: Box<deno_core::error::JsError>| RenderError::Load(e.to_string());
    runtime.execute_script("polyfills.js", POLYFILLS).map_err(load_err)?;
    runtime.execute_script("server.js", bundle.to_string()).map_err(load_err)?;
    let caller = runtime.execute_script("caller.js", CALLER).map_err(load_err)?;
    let caller = {
        deno_core::scope!(scope, runtime);
        let value = v8::Local::new(scope, caller);
        let function = v8::Local::<v8::Function>::try_from(value)
            .map_err(|_| RenderError::Load("caller is not a function".into()))?;
        v8::Global::new(scope, function)
    };
    Ok(Engine { runtime, caller })
}

fn worker(
    options: PoolOptions,
    receiver: Arc<Mutex<mpsc::Receiver<Job>>>,
    watch: Arc<Watch>,
    ready: mpsc::Sender<Result<(), RenderError>>,
    running: Arc<AtomicUsize>,
) {
    let tokio = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("tokio");
    let _guard = tokio.enter();
    let mut engine = match load(&options.bundle) {
        Ok(engine) => {
            let _ = ready.send(Ok(()));
            engine
        }
        Err(error) => {
            let _ = ready.send(Err(error));
            return;
        }
    };
    *watch.isolate.lock().unwrap() = Some(engine.runtime.v8_isolate().thread_safe_handle());
    loop {
        let job = match receiver.lock().unwrap().recv() {
            Ok(job) => job,
            Err(_) => return, // the pool is gone
        };
        *watch.deadline.lock().unwrap() = Some(Instant::now() + options.timeout);
        running.fetch_add(1, Ordering::SeqCst);
        let result = call(&mut engine, &job.input);
        running.fetch_sub(1, Ordering::SeqCst);
        let timed_out = watch.deadline.lock().unwrap().take().is_none();
        if !timed_out {
            let _ = job.reply.send(result);
            continue;
        }
        // The caller is answered first; then, since the render was cut
        // mid-way and its module state may be broken, the runtime is
        // replaced rather than reused.
        let _ = job.reply.send(Err(RenderError::Timeout(options.timeout)));
        tracing::warn!("render timed out; restarting the engine");
        match load(&options.bundle) {
            Ok(fresh) => {
                engine = fresh;
                *watch.isolate.lock().unwrap() = Some(engine.runtime.v8_isolate().thread_safe_handle());
            }
            Err(error) => tracing::error!(%error, "engine restart failed"),
        }
    }
}

fn call(engine: &mut Engine, input: &str) -> Result<String, RenderError> {
    let runtime = &mut engine.runtime;
    deno_core::scope!(scope, runtime);
    let function = v8::Local::new(scope, &engine.caller);
    let argument = v8::String::new(scope, input).ok_or_else(|| RenderError::Script("input too large".into()))?;
    let receiver = v8::undefined(scope).into();
    let Some(value) = function.call(scope, receiver, &[argument.into()]) else {
        return Err(RenderError::Script("render was terminated".into()));
    };
    // The end of a task, whatever the render returned, as a browser or
    // Deno's event loop would close it (deno_core runs microtasks only when
    // told): the promise jobs the render queued run, and the objects that
    // WeakRefs and WeakMaps keep alive until then are let go. Without it
    // every render's store stayed in the engine, about 40 KB a render
    // (bench/README.md).
    scope.perform_microtask_checkpoint();
    scope.clear_kept_objects();
    #[derive(serde::Deserialize)]
    struct Outcome {
        ok: Option<String>,
        error: Option<String>,
    }
    let outcome: Outcome =
        serde_v8::from_v8(scope, value).map_err(|e| RenderError::Script(format!("bad render result: {e}")))?;
    match (outcome.ok, outcome.error) {
        (Some(html), _) => Ok(html),
        (None, Some(error)) => Err(RenderError::Script(error)),
        (None, None) => Err(RenderError::Script("renderPage returned nothing".into())),
    }
}

/// Stops renders that run past their deadline. Clearing the deadline tells
/// the worker that its render was terminated.
fn watchdog(watches: Vec<Arc<Watch>>) {
    loop {
        thread::sleep(Duration::from_millis(20));
        let now = Instant::now();
        for watch in &watches {
            let mut deadline = watch.deadline.lock().unwrap();
            if deadline.is_some_and(|d| d <= now) {
                *deadline = None;
                if let Some(isolate) = watch.isolate.lock().unwrap().as_ref() {
                    isolate.terminate_execution();
                }
            }
        }
        if watches.iter().all(|w| Arc::strong_count(w) == 1) {
            return; // every worker has exited
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool(bundle: &str, timeout_ms: u64) -> Pool {
        Pool::start(options(bundle, 2, timeout_ms)).unwrap()
    }

    fn options(bundle: &str, workers: usize, timeout_ms: u64) -> PoolOptions {
        PoolOptions { workers, bundle: bundle.into(), timeout: Duration::from_millis(timeout_ms), queue: 16, memo_bytes: 1 << 20 }
    }

    #[tokio::test]
    async fn renders_with_the_input_as_data() {
        let pool = pool("globalThis.renderPage = (s) => '<p>' + JSON.parse(s).name + '</p>'", 1000);
        let html = pool.render(r#"{"name":"Zoé"}"#.into()).await.unwrap();
        assert_eq!(&*html, "<p>Zoé</p>");
    }

    #[tokio::test]
    async fn polyfills_cover_what_the_engine_lacks() {
        let pool = pool(
            "globalThis.renderPage = () => new TextDecoder().decode(new TextEncoder().encode('ação ✓')) + typeof setTimeout + typeof MessageChannel",
            1000,
        );
        assert_eq!(&*pool.render("{}".into()).await.unwrap(), "ação ✓functionfunction");
    }

    #[tokio::test]
    async fn url_polyfill_parses_and_resolves() {
        let pool = pool(
            "globalThis.renderPage = () => { const u = new URL('/clients?page=2&q=ana+b#x', 'http://localhost:3000/a/b'); return [u.href, u.pathname, u.searchParams.get('page'), u.searchParams.get('q'), u.hash].join('|'); }",
            1000,
        );
        assert_eq!(
            &*pool.render("{}".into()).await.unwrap(),
            "http://localhost:3000/clients?page=2&q=ana+b#x|/clients|2|ana b|#x"
        );
    }

    /// Each render ends as a task does: its promise jobs run, and what its
    /// WeakRefs and WeakMaps kept alive for it is let go. Before, neither
    /// happened and the engine kept every render's store.
    #[tokio::test]
    async fn a_render_ends_as_a_task_and_keeps_nothing_alive() {
        let bundle = "globalThis.renderPage = (s) => {
            if (s === 'first') {
                Promise.resolve().then(() => { globalThis.jobRan = true; });
                globalThis.ref = new WeakRef({ store: 'x'.repeat(100000) });
                return 'made';
            }
            return [globalThis.jobRan === true, globalThis.ref.deref() === undefined].join();
        }";
        let pool = pool_with(bundle, 1);
        assert_eq!(&*pool.render("first".into()).await.unwrap(), "made");
        assert_eq!(&*pool.render("second".into()).await.unwrap(), "true,true");
    }

    #[tokio::test]
    async fn a_throwing_render_is_an_error_and_the_worker_lives_on() {
        let pool = pool("globalThis.renderPage = (s) => { if (s === 'x') throw new Error('boom'); return 'ok'; }", 1000);
        let error = pool.render("x".into()).await.unwrap_err();
        assert!(error.to_string().contains("boom"), "{error}");
        assert_eq!(&*pool.render("y".into()).await.unwrap(), "ok");
    }

    #[tokio::test]
    async fn a_stuck_render_is_stopped_and_the_engine_replaced() {
        let pool = pool("globalThis.renderPage = (s) => { while (s === 'loop') {} return 'ok'; }", 200);
        let error = pool.render("loop".into()).await.unwrap_err();
        assert!(matches!(error, RenderError::Timeout(_)), "{error}");
        for _ in 0..4 {
            assert_eq!(&*pool.render("y".into()).await.unwrap(), "ok");
        }
    }

    #[test]
    fn a_broken_bundle_fails_at_start() {
        let result = Pool::start(options("this is not js(", 1, 1000));
        assert!(matches!(result, Err(RenderError::Load(_))));
    }

    /// A kept page is stored compressed under its head and input, in the
    /// background; the same document offered again is not compressed twice.
    #[tokio::test]
    async fn a_kept_page_is_stored_by_its_head_and_input() {
        let pool = pool_with("globalThis.renderPage = (s) => '<p>' + s + '</p>'", 1);
        let root = pool.render("a".into()).await.unwrap();
        let document = format!("<head>{root}</html>");
        let key = pool.memo_key(b"<head>", "a");
        assert!(pool.stored(key).is_none());
        pool.keep(key, document.clone());
        pool.keep(key, document.clone());
        let waiting = Instant::now();
        while pool.stored(key).is_none() {
            assert!(waiting.elapsed() < Duration::from_secs(10), "never stored");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert_eq!(pool.stored(key).unwrap().identity().unwrap(), document.as_bytes());
        assert_eq!(pool.memo_usage().0, 1);
        assert!(pool.stored(pool.memo_key(b"<head>", "b")).is_none());
        assert!(pool.stored(pool.memo_key(b"<other head>", "a")).is_none());
        // With the memo off nothing is kept.
        let off = Pool::start(PoolOptions { memo_bytes: 0, ..options("globalThis.renderPage = (s) => s", 1, 1000) }).unwrap();
        off.keep(key, document);
        assert_eq!(off.memo_usage(), (0, 0));
    }

    fn pool_with(bundle: &str, workers: usize) -> Pool {
        Pool::start(options(bundle, workers, 1000)).unwrap()
    }

    #[tokio::test]
    async fn a_full_queue_refuses_at_once() {
        // One worker, one place in the queue: with one render running and one
        // waiting, a third is refused without waiting.
        let mut options = options("globalThis.renderPage = (s) => { const end = Date.now() + 300; while (Date.now() < end) {} return s; }", 1, 2000);
        options.queue = 1;
        let pool = Pool::start(options).unwrap();
        let (p1, p2) = (pool.clone(), pool.clone());
        let first = tokio::spawn(async move { p1.render("1".into()).await });
        tokio::time::sleep(Duration::from_millis(50)).await;
        let second = tokio::spawn(async move { p2.render("2".into()).await });
        tokio::time::sleep(Duration::from_millis(50)).await;
        let started = Instant::now();
        assert!(matches!(pool.render("3".into()).await, Err(RenderError::Busy)));
        assert!(started.elapsed() < Duration::from_millis(50));
        assert_eq!(&*first.await.unwrap().unwrap(), "1");
        assert_eq!(&*second.await.unwrap().unwrap(), "2");
    }
}

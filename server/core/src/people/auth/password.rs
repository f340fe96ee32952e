//! argon2id hashing on a few dedicated threads with a bounded number of
//! places (SECURITY.md#password-hashing).
//!
//! One hash takes ~19 MiB and tens of milliseconds of a core, by design. A
//! flood of sign-ins must neither queue without end (every waiting request
//! holds memory, and a real sign-in would wait seconds) nor spread hashes
//! over many threads (each thread's allocator arena would keep its 19 MiB,
//! had `memory.rs` not made such blocks go back to the system). So: one
//! thread per core does all hashing, with a place for the job it runs and
//! [`QUEUE_PER_WORKER`] waiting ones. A caller reserves its place first
//! ([`reserve_hashing_place`]); a sign-in reserves it for its client address,
//! which may hold at most [`PLACES_PER_ADDRESS`], so that a flood from one
//! address leaves the others room. When no place is free the caller is
//! refused at once with [`AppError::Busy`] (503, `Retry-After`), before it
//! has done any other work.
//!
//! A flood from many addresses still takes every place. So a sign-in from a
//! browser with a device cookie (SECURITY.md#device-cookies) has places of
//! its own, [`DEVICE_PLACES_PER_WORKER`] per thread, that no other caller
//! can take ([`reserve_device_place`]), one per account at a time; and its
//! job runs before any waiting one, so it waits for at most the hashes
//! already running.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Condvar, LazyLock, Mutex, MutexGuard};

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng};

use crate::kit::error::AppError;

/// Jobs that may wait per hashing thread: a sign-in that gets a place
/// waits at most this many hashes (~50 ms each, a few times that on a
/// loaded machine), so well under a second.
pub const QUEUE_PER_WORKER: usize = 4;

/// Places one client address may hold at once, whatever the number of
/// threads: fewer than even one thread has (1 + [`QUEUE_PER_WORKER`]), so
/// an address flooding alone always leaves a place to the others.
pub const PLACES_PER_ADDRESS: usize = 4;

/// Places per hashing thread kept for sign-ins with a device cookie: a
/// flood of unknown clients cannot take them.
pub const DEVICE_PLACES_PER_WORKER: usize = 2;

type Job = Box<dyn FnOnce() + Send>;

struct Pool {
    jobs: Arc<Jobs>,
    places: Mutex<Places>,
}

/// The jobs waiting for a hashing thread: a device cookie's first.
/// Unbounded: `places` bounds what is in them.
struct Jobs {
    queues: Mutex<Queues>,
    ready: Condvar,
}

#[derive(Default)]
struct Queues {
    devices: VecDeque<Job>,
    others: VecDeque<Job>,
}

/// The places free, those each client address holds (an address that holds
/// none has no entry), and the accounts whose device sign-in holds one of
/// the devices' places.
struct Places {
    free: usize,
    device_free: usize,
    held: HashMap<String, usize>,
    devices: HashSet<String>,
}

static POOL: LazyLock<Pool> = LazyLock::new(|| {
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    Pool::start(workers, workers * (1 + QUEUE_PER_WORKER), workers * DEVICE_PLACES_PER_WORKER)
});

impl Pool {
    fn start(workers: usize, places: usize, device_places: usize) -> Pool {
        let jobs = Arc::new(Jobs { queues: Mutex::new(Queues::default()), ready: Condvar::new() });
        for n in 0..workers {
            let jobs = Arc::clone(&jobs);
            std::thread::Builder::new()
                .name(format!("argon2-{n}"))
                .spawn(move || work(&jobs))
                .expect("starting a password-hashing thread");
        }
        let places = Places { free: places, device_free: device_places, held: HashMap::new(), devices: HashSet::new() };
        Pool { jobs, places: Mutex::new(places) }
    }

    fn places(&self) -> MutexGuard<'_, Places> {
        self.places.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Jobs {
    fn queues(&self) -> MutexGuard<'_, Queues> {
        self.queues.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn push(&self, job: Job, device: bool) {
        let mut queues = self.queues();
        if device { queues.devices.push_back(job) } else { queues.others.push_back(job) }
        drop(queues);
        self.ready.notify_one();
    }
}

fn work(jobs: &Jobs) {
    loop {
        let mut queues = jobs.queues();
        let job = loop {
            if let Some(job) = queues.devices.pop_front().or_else(|| queues.others.pop_front()) {
                break job;
            }
            queues = jobs.ready.wait(queues).unwrap_or_else(|poisoned| poisoned.into_inner());
        };
        drop(queues);
        // A job's panic must not take a hashing thread with it; its caller
        // sees the dropped answer as an internal error.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
    }
}

/// A reserved place on the hashing threads, for one hash or verification;
/// given back when dropped.
pub struct HashingPlace {
    holder: Holder,
}

/// Whose a place is.
enum Holder {
    Anyone,
    Address(String),
    /// One of the devices' places, for this account's sign-in.
    Device(String),
}

/// Reserves a place on the hashing threads, for a request from `address`
/// if given, or refuses at once with [`AppError::Busy`] when none is free
/// or `address` holds its share.
pub fn reserve_hashing_place(address: Option<&str>) -> Result<HashingPlace, AppError> {
    let mut places = POOL.places();
    let held = address.map_or(0, |address| places.held.get(address).copied().unwrap_or(0));
    if places.free == 0 || held >= PLACES_PER_ADDRESS {
        return Err(AppError::Busy);
    }
    places.free -= 1;
    let holder = match address {
        Some(address) => {
            places.held.insert(address.to_string(), held + 1);
            Holder::Address(address.to_string())
        }
        None => Holder::Anyone,
    };
    Ok(HashingPlace { holder })
}

/// Reserves one of the places kept for sign-ins with a device cookie, for
/// `account`'s (a user id within its database: one process may serve
/// several, as the tests do); refuses with [`AppError::Busy`] when none is
/// free or that account's sign-in already holds one (so whoever holds device
/// cookies of one account, even many, cannot take the others' places).
pub fn reserve_device_place(account: &str) -> Result<HashingPlace, AppError> {
    let mut places = POOL.places();
    if places.device_free == 0 || places.devices.contains(account) {
        return Err(AppError::Busy);
    }
    places.device_free -= 1;
    places.devices.insert(account.to_string());
    Ok(HashingPlace { holder: Holder::Device(account.to_string()) })
}

impl Drop for HashingPlace {
    fn drop(&mut self) {
        let mut places = POOL.places();
        match &self.holder {
            Holder::Anyone => places.free += 1,
            Holder::Address(address) => {
                places.free += 1;
                if let Some(count) = places.held.get_mut(address) {
                    *count -= 1;
                    if *count == 0 {
                        places.held.remove(address);
                    }
                }
            }
            Holder::Device(account) => {
                places.device_free += 1;
                places.devices.remove(account);
            }
        }
    }
}

impl HashingPlace {
    /// Runs `work` on a hashing thread; the place is given back when it has
    /// run (even if the caller stopped waiting: it was still taken till then).
    async fn run<T: Send + 'static>(self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, AppError> {
        let (answer, answered) = tokio::sync::oneshot::channel();
        let device = matches!(self.holder, Holder::Device(_));
        let job: Job = Box::new(move || {
            let result = work();
            // Given back before the answer, so the caller finds it free.
            drop(self);
            let _ = answer.send(result);
        });
        POOL.jobs.push(job, device);
        answered.await.map_err(|_| AppError::Internal(anyhow::anyhow!("password hashing failed")))
    }

    /// argon2id with the crate's default (OWASP) parameters.
    pub async fn hash_password(self, password: String) -> Result<String, AppError> {
        self.run(move || {
            let salt = SaltString::generate(&mut OsRng);
            Argon2::default()
                .hash_password(password.as_bytes(), &salt)
                .map(|hash| hash.to_string())
                .map_err(|e| anyhow::anyhow!("hashing failed: {e}"))
        })
        .await?
        .map_err(AppError::Internal)
    }

    pub async fn verify_password(self, password: String, hash: String) -> Result<bool, AppError> {
        self.run(move || PasswordHash::new(&hash).is_ok_and(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok()))
            .await
    }
}

/// Hashes `password` in a place reserved now.
pub async fn hash_password(password: String) -> Result<String, AppError> {
    reserve_hashing_place(None)?.hash_password(password).await
}

/// Verifies `password` against `hash` in a place reserved now.
pub async fn verify_password(password: String, hash: String) -> Result<bool, AppError> {
    reserve_hashing_place(None)?.verify_password(password, hash).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_verify_and_without_a_free_place_refuse_at_once() {
        let hash = hash_password("senha-secreta-123".into()).await.unwrap();
        assert!(verify_password("senha-secreta-123".into(), hash.clone()).await.unwrap());
        assert!(!verify_password("outra".into(), hash.clone()).await.unwrap());
        assert!(!verify_password("x".into(), "not a hash".into()).await.unwrap());

        // Far more jobs than threads and queue: the excess is refused, the rest verify.
        let jobs: Vec<_> = (0..200).map(|_| tokio::spawn(verify_password("senha-secreta-123".into(), hash.clone()))).collect();
        let mut busy = 0;
        for job in jobs {
            match job.await.unwrap() {
                Ok(ok) => assert!(ok),
                Err(AppError::Busy) => busy += 1,
                Err(other) => panic!("{other:?}"),
            }
        }
        assert!(busy > 0, "a full queue refuses");
        assert!(busy < 200, "the queue still hashes");
        // And it recovers.
        assert!(verify_password("senha-secreta-123".into(), hash.clone()).await.unwrap());

        // Every place reserved: refused at once, before any work; one given back, it goes on.
        let mut places = Vec::new();
        while let Ok(place) = reserve_hashing_place(None) {
            places.push(place);
        }
        assert!(matches!(verify_password("senha-secreta-123".into(), hash.clone()).await, Err(AppError::Busy)));
        let place = places.pop().expect("places were free");
        drop(places);
        assert!(place.verify_password("senha-secreta-123".into(), hash.clone()).await.unwrap());

        // One address holds at most its share; another still gets a place.
        let share: Vec<HashingPlace> = (0..PLACES_PER_ADDRESS).map(|_| reserve_hashing_place(Some("203.0.113.7")).unwrap()).collect();
        assert!(matches!(reserve_hashing_place(Some("203.0.113.7")), Err(AppError::Busy)), "its share is held");
        let other = reserve_hashing_place(Some("203.0.113.8")).expect("another address still gets a place");
        drop(share);
        let again = reserve_hashing_place(Some("203.0.113.7")).expect("given back, the share is free again");
        drop((other, again));
        assert!(!POOL.places().held.contains_key("203.0.113.7"), "an address holding nothing has no entry");

        // With every other place taken, a device cookie's sign-in still gets
        // one, one per account; given back, it is free again.
        let mut places = Vec::new();
        while let Ok(place) = reserve_hashing_place(None) {
            places.push(place);
        }
        let device = reserve_device_place("db/41").expect("the devices' places are their own");
        assert!(matches!(reserve_device_place("db/41"), Err(AppError::Busy)), "one per account");
        let other = reserve_device_place("db/42").expect("another account's device");
        let elsewhere = reserve_device_place("other-db/41").expect("the same id in another database is another account");
        drop(elsewhere);
        assert!(matches!(reserve_hashing_place(None), Err(AppError::Busy)), "nobody else takes them");
        assert!(device.verify_password("senha-secreta-123".into(), hash.clone()).await.unwrap(), "and it verifies");
        drop(other);
        reserve_device_place("db/41").expect("its place given back");
        drop(places);
    }
}

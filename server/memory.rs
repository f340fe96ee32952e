//! glibc's allocator, tuned for a long-running server with few cores. Set
//! once, first thing in `main`, before any other thread allocates (glibc
//! fixes its arena limit when a second thread first needs an arena).

/// - Arenas: glibc gives threads up to 8 per core; each keeps the memory its
///   threads freed, so the render, database and hashing threads held about
///   8 MiB more after a 64-connection load (bench/README.md). One per core
///   is enough for threads that run at once.
/// - Large blocks: glibc serves a freed 19 MiB argon2 block again from the
///   arena that held it, and keeps it: after a flood of sign-ins the
///   process stayed at 800 MB (SECURITY.md#password-hashing). A fixed mmap
///   threshold makes every allocation of 4 MiB or more its own mapping,
///   returned to the system when freed.
/// - Bursts: glibc gives back only the free memory at the top of a heap, so
///   after a burst the blocks its requests freed in the middle (states,
///   pages, compressors) stay resident until reused: 5–6 MiB after the
///   64-connection load of `bench/throughput.mjs`, memo on or off (measured
///   by calling `malloc_trim` by hand). A thread gives them back every
///   [`TRIM_EVERY`]; a trim costs a few milliseconds of one core.
pub fn tune_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        // SAFETY: mallopt only sets allocator parameters.
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, cores as libc::c_int);
            libc::mallopt(libc::M_MMAP_THRESHOLD, 4 << 20);
        }
        let trimmer = std::thread::Builder::new().name("malloc-trim".into()).spawn(|| {
            loop {
                std::thread::sleep(TRIM_EVERY);
                // SAFETY: returns free memory to the system; no live block moves.
                unsafe {
                    libc::malloc_trim(0);
                }
            }
        });
        if let Err(error) = trimmer {
            eprintln!("malloc-trim thread not started: {error}");
        }
    }
}

/// How often free memory goes back to the system.
pub const TRIM_EVERY: std::time::Duration = std::time::Duration::from_secs(5);

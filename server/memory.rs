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
pub fn tune_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        // SAFETY: mallopt only sets allocator parameters.
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, cores as libc::c_int);
            libc::mallopt(libc::M_MMAP_THRESHOLD, 4 << 20);
        }
    }
}

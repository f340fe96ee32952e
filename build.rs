//! Builds the React client before the server is compiled: `npm ci` when the
//! client's dependencies are missing or its lock file changed, then
//! `client/build.mjs` (esbuild) writes the browser bundle, its manifest and
//! the SSR bundle to `client/dist/`, which rust-embed puts in the binary.

use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::Path;
use std::process::Command;

fn main() {
    // The binary's relative relocations packed (DT_RELR, glibc 2.36 and GNU
    // ld 2.38 or newer): 1.7 MB less binary, still position-independent.
    println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    // Read when the script runs, not when it is compiled: a build script
    // compiled in another checkout must still build this checkout's client.
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let client = Path::new(&root).join("client");
    for watched in [
        "src",
        "build.mjs",
        "screens-module.mjs",
        "critical-css.mjs",
        "critical-states.mjs",
        "gen-api-types.mjs",
        "gen-route-reads.mjs",
        "gen-route-table.mjs",
        "openapi.json",
        "package.json",
        "package-lock.json",
        "tsconfig.json",
    ] {
        println!("cargo:rerun-if-changed=client/{watched}");
    }

    let lock = fs::read(client.join("package-lock.json")).expect("client/package-lock.json is missing");
    let stamp_path = client.join("node_modules/.expediente-lock-stamp");
    let stamp = {
        let mut hasher = DefaultHasher::new();
        lock.hash(&mut hasher);
        format!("{:x}", hasher.finish())
    };
    if fs::read_to_string(&stamp_path).ok().as_deref() != Some(stamp.as_str()) {
        let started = std::time::Instant::now();
        run(Command::new("npm").args(["ci", "--no-audit", "--no-fund"]).current_dir(&client), "npm ci");
        // Shown in the build's output: a clean clone's CI log says what the install cost.
        println!("cargo:warning=npm ci (client/node_modules was missing or stale) took {} s", started.elapsed().as_secs());
        fs::write(&stamp_path, &stamp).expect("write the npm stamp");
    }

    run(Command::new("node").arg("build.mjs").current_dir(&client), "the client build (esbuild)");
}

/// Runs a command; on failure stops the cargo build with the command's own output.
fn run(command: &mut Command, what: &str) {
    let output = command.output().unwrap_or_else(|e| panic!("could not start {what}: {e} (is Node.js 20+ installed?)"));
    if !output.status.success() {
        panic!(
            "{what} failed:\n{}\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

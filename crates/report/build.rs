//! Records what the report's provenance needs from the build: the rustc
//! version that compiled the crate and an FNV-1a hash of the workspace's
//! `Cargo.lock` (the exact dependency versions).

use std::process::Command;

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=ALPHABETA_RUSTC_VERSION={version}");
    let lock = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Cargo.lock");
    println!("cargo:rerun-if-changed={}", lock.display());
    let hash = std::fs::read(&lock)
        .map(|bytes| {
            let mut h: u64 = 0xcbf2_9ce4_8422_2325;
            for b in bytes {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
            format!("{h:016x} (FNV-1a 64 of Cargo.lock)")
        })
        .unwrap_or_else(|_| "unknown (no Cargo.lock beside the workspace)".into());
    println!("cargo:rustc-env=ALPHABETA_CARGO_LOCK_HASH={hash}");
    println!("cargo:rerun-if-changed=build.rs");
}

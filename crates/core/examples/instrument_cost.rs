//! The instrument benchmark's work, repeated, for `perf stat`: cycle counts
//! do not move with the load of a shared machine the way criterion's
//! wall-clock times do (docs/performance.md).
//!
//! `instrument_cost off|stats|types REPETITIONS`: fail-hard alpha-beta over
//! the benchmark's tree ⟨10,6⟩, with no observer, with `Stats`, or with
//! `Stats` and `NodeTypes`. Prints the xor of the root values.

#[path = "../benches/support/hashed_uniform.rs"]
mod hashed_uniform;

use alphabeta_core::{NoObserver, NodeTypes, Stats};
use hashed_uniform::{TREE, search};
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: instrument_cost off|stats|types REPETITIONS";
    let (Some(which), Some(Ok(repetitions))) = (args.get(1), args.get(2).map(|r| r.parse::<u32>()))
    else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let mut xor = 0;
    for _ in 0..repetitions {
        let tree = black_box(&TREE);
        xor ^= match which.as_str() {
            "off" => search(tree, NoObserver),
            "stats" => search(tree, Stats::default()),
            "types" => search(tree, (Stats::default(), NodeTypes::default())),
            _ => {
                eprintln!("{usage}");
                std::process::exit(2);
            }
        };
    }
    println!("{xor}");
}

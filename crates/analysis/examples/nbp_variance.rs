//! Prints E[NBP], Var[NBP] and sd/mean exactly for the ⟨N,D⟩ given as arguments (`N,D`
//! pairs), with the seconds each took; with `--distribution` first, the exact distribution
//! Pr{NBP = k} instead; with `--float` first, the floating-point values at scale with their
//! certified error bounds (`nbp_moments_float`):
//! `cargo run --release -p alphabeta-analysis --example nbp_variance -- 2,4 3,3`.

use std::time::Instant;

use alphabeta_analysis::fuller::{nbp_distribution_exact, nbp_moments_exact, nbp_moments_float};
use alphabeta_analysis::num::to_f64;

fn parse(arg: &str) -> (u32, u32) {
    arg.split_once(',')
        .and_then(|(n, d)| Some((n.parse().ok()?, d.parse().ok()?)))
        .unwrap_or_else(|| {
            eprintln!("expected N,D, got {arg}");
            std::process::exit(2)
        })
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let distribution = args.first().is_some_and(|a| a == "--distribution");
    if distribution {
        args.remove(0);
    }
    let float = args.first().is_some_and(|a| a == "--float");
    if float {
        args.remove(0);
        println!(
            "<N,D>\tE[NBP]\tVar[NBP]\t± (certified)\tof which truncation\tsd/mean\tpieces\tseconds"
        );
    } else if !distribution {
        println!("<N,D>\tE[NBP]\tVar[NBP]\tsd/mean\tseconds\tVar (exact)");
    }
    for arg in &args {
        let (n, d) = parse(arg);
        let start = Instant::now();
        if float {
            match nbp_moments_float(n, d) {
                Ok(m) => println!(
                    "<{n},{d}>\t{:.10e}\t{:.10e}\t{:.2e}\t{:.2e}\t{:.6}\t{}\t{:.2}",
                    m.mean.value,
                    m.variance.value,
                    m.variance.error,
                    m.truncation,
                    m.coefficient_of_variation(),
                    m.pieces,
                    start.elapsed().as_secs_f64()
                ),
                Err(e) => println!("<{n},{d}>\terror: {e}"),
            }
            continue;
        }
        if distribution {
            match nbp_distribution_exact(n, d) {
                Ok(p) => {
                    let seconds = start.elapsed().as_secs_f64();
                    println!("<{n},{d}> ({seconds:.2} s)");
                    for (k, q) in p.iter().enumerate().filter(|(_, q)| **q != 0u32) {
                        println!("{k}\t{:.8}\t{q}", to_f64(q));
                    }
                }
                Err(e) => println!("<{n},{d}>\terror: {e}"),
            }
            continue;
        }
        match nbp_moments_exact(n, d) {
            Ok(m) => {
                let seconds = start.elapsed().as_secs_f64();
                let (mean, variance) = (to_f64(&m.mean), to_f64(&m.variance()));
                println!(
                    "<{n},{d}>\t{mean:.6}\t{variance:.6}\t{:.6}\t{seconds:.2}\t{}",
                    variance.sqrt() / mean,
                    m.variance()
                );
            }
            Err(e) => println!("<{n},{d}>\terror: {e}"),
        }
    }
}

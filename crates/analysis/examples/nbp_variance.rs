//! Prints E[NBP], Var[NBP] and sd/mean exactly for the ⟨N,D⟩ given as arguments
//! (`N,D` pairs), with the time each took:
//! `cargo run --release -p alphabeta-analysis --example nbp_variance -- 2,4 3,3`.

use std::time::Instant;

use alphabeta_analysis::fuller::nbp_moments_exact;
use alphabeta_analysis::num::to_f64;

fn main() {
    println!("<N,D>\tE[NBP]\tVar[NBP]\tsd/mean\tseconds\tVar (exact)");
    for arg in std::env::args().skip(1) {
        let Some((n, d)) = arg
            .split_once(',')
            .and_then(|(n, d)| Some((n.parse::<u32>().ok()?, d.parse::<u32>().ok()?)))
        else {
            eprintln!("expected N,D, got {arg}");
            std::process::exit(2);
        };
        let start = Instant::now();
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

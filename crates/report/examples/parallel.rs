//! The parallel-search measurement of docs/performance.md: the report
//! section `parallel`'s workloads (`--full` sizes) at several split depths,
//! and the engine's Lazy SMP, each beside the machine's capacity measured
//! in the same run.
//!
//! `cargo run --release -p alphabeta-report --example parallel [quick|full]
//! [SPLIT …]` (run it under the exclusive CPU lock; every time is the best
//! of three; the split depths default to 2 3 4 6).

use alphabeta_core::parallel::cores;
use alphabeta_report::sections::parallel::{bratko_kopec, capacity, lazy_smp, workloads};

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let full = args.first().map(String::as_str) != Some("quick");
    let mut splits = args
        .iter()
        .skip(1)
        .map(|a| a.parse::<u32>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| anyhow::anyhow!("a split depth is a whole number: {e}"))?;
    if splits.is_empty() {
        splits = vec![2, 3, 4, 6];
    }
    let threads = cores().min(2);
    println!("cores: {}, threads: {threads}", cores());
    println!(
        "\n| workload | split ≥ | F2 ms | F2 positions | YBWC 1 thread ms (overhead) | YBWC {threads} threads ms | speedup | capacity | search overhead | splits | brothers by other thread | owners waiting ms | type 2 not cut |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for split in splits {
        let cap = capacity()?;
        for r in workloads(full, threads, split)? {
            let (s1, sn) = (&r.one.1, &r.many.1);
            assert_eq!(r.f2.2, r.many.2, "{}: YBWC differs from F2", r.name);
            assert_eq!(r.f2.1, s1.nodes(), "{}: one thread is F2", r.name);
            println!(
                "| {} | {split} | {:.1} | {} | {:.1} ({:+.1} %) | {:.1} | **{:.2}×** | {cap:.2}× | {:+.1} % | {} | {} of {} | {:.2} | {:.1} % |",
                r.name,
                r.f2.0.as_secs_f64() * 1e3,
                r.f2.1,
                r.one.0.as_secs_f64() * 1e3,
                100.0 * r.sync_overhead(),
                r.many.0.as_secs_f64() * 1e3,
                r.speedup(),
                100.0 * r.search_overhead(),
                sn.splits,
                sn.brothers_helped,
                sn.brothers_searched,
                sn.wait_ns as f64 / 1e6,
                100.0 * s1.cut_prediction_failures(),
            );
        }
    }
    let (depth, n) = if full { (7, 10) } else { (6, 4) };
    let cap = capacity()?;
    let [(t1, n1, m1), (tn, nn, mn)] = lazy_smp(&bratko_kopec(n)?, depth, threads)?;
    let same = m1.iter().zip(&mn).filter(|(a, b)| a == b).count();
    println!("\nLazy SMP, time to depth {depth} over Bratko–Kopec 1–{n}:\n");
    println!("| threads | ms | positions | speedup | capacity | same move as 1 thread |");
    println!("|---|---|---|---|---|---|");
    println!(
        "| 1 | {:.0} | {n1} | 1.00× | {cap:.2}× | – |",
        t1.as_secs_f64() * 1e3
    );
    println!(
        "| {threads} | {:.0} | {nn} | **{:.2}×** | {cap:.2}× | {same} of {n} |",
        tn.as_secs_f64() * 1e3,
        t1.as_secs_f64() / tn.as_secs_f64()
    );
    Ok(())
}

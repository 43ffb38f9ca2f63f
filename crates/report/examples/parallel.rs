//! The parallel-search measurement of docs/performance.md: the report
//! section `parallel`'s workloads (`--full` sizes) at several split depths,
//! and the chess engine's `Threads` (1 thread, Lazy SMP, Young Brothers
//! Wait), each beside the machine's capacity measured
//! in the same run.
//!
//! `cargo run --release -p alphabeta-report --example parallel
//! [quick|full|engine] [SPLIT …]` (run it under the exclusive CPU lock;
//! every time is the best of three; the split depths default to 2 3 4 6;
//! `engine` measures only the chess engine, at the full size).

use alphabeta_core::resources::cores;
use alphabeta_report::sections::parallel::{bratko_kopec, capacity, engine_smp, workloads};

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = args.first().map(String::as_str);
    let full = mode != Some("quick");
    let engine_only = mode == Some("engine");
    let mut splits = args
        .iter()
        .skip(1)
        .map(|a| a.parse::<u32>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| anyhow::anyhow!("a split depth is a whole number: {e}"))?;
    if engine_only {
        splits.clear();
    } else if splits.is_empty() {
        splits = vec![2, 3, 4, 6];
    }
    let threads = cores().min(2);
    println!("cores: {}, threads: {threads}", cores());
    if !engine_only {
        println!(
            "\n| workload | split ≥ | F2 ms | F2 positions | YBWC 1 thread ms (overhead) | YBWC {threads} threads ms | speedup | capacity | search overhead | splits | brothers by other thread | owners waiting ms | type 2 not cut |"
        );
        println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    }
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
    let runs = engine_smp(&bratko_kopec(n)?, depth, threads)?;
    let cap_after = capacity()?;
    println!(
        "\nThe engine's Threads, time to depth {depth} over Bratko–Kopec 1–{n} (capacity {cap:.2}× before, {cap_after:.2}× after):\n"
    );
    println!(
        "| method | threads | ms | positions | speedup | same move as 1 thread | split points | brothers by another thread |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let one = &runs[0];
    for r in &runs {
        let same = r.same_moves_as(one);
        println!(
            "| {} | {} | {:.0} | {} | **{:.2}×** | {same} of {n} | {} | {} of {} |",
            r.method,
            r.threads,
            r.time.as_secs_f64() * 1e3,
            r.nodes,
            one.time.as_secs_f64() / r.time.as_secs_f64(),
            r.ybwc.splits,
            r.ybwc.brothers_helped,
            r.ybwc.brothers
        );
    }
    Ok(())
}

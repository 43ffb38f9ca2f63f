//! The cost of one execution of a fuzz target on each input of a folder,
//! outside AFL++: `cargo afl build --release --example profile`, then
//! `target/release/examples/profile TARGET FOLDER [REPEATS]` (from `fuzz/`).
//! Built by `cargo afl` the example carries the same instrumentation as the
//! fuzz targets, so the times are those AFL++ pays (less its fork server).
//! For `pgn` it also prints how many games each input reads and how many
//! are refused, to check that the seeds are games the reader accepts.

use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(target), Some(folder)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: profile TARGET FOLDER [REPEATS]");
        std::process::exit(2);
    };
    let repeats: u32 = match args.get(3).map(|r| r.parse()) {
        None => 100,
        Some(Ok(r)) if r > 0 => r,
        Some(_) => {
            eprintln!("REPEATS must be a positive number");
            std::process::exit(2);
        }
    };
    let run: fn(&[u8]) = match target.as_str() {
        "tree" => alphabeta_fuzz::tree,
        "fen" => alphabeta_fuzz::fen,
        "san" => alphabeta_fuzz::san,
        "pgn" => alphabeta_fuzz::pgn,
        "epd" => alphabeta_fuzz::epd,
        "uci" => alphabeta_fuzz::uci,
        "model" => alphabeta_fuzz::model,
        "checkpoint" => alphabeta_fuzz::checkpoint,
        other => {
            eprintln!("no target {other:?}");
            std::process::exit(2);
        }
    };
    let mut entries: Vec<_> = match std::fs::read_dir(folder) {
        Ok(dir) => dir.filter_map(|e| e.ok().map(|e| e.path())).collect(),
        Err(e) => {
            eprintln!("{folder}: {e}");
            std::process::exit(2);
        }
    };
    entries.sort();
    let mut total = 0.0;
    for path in &entries {
        let Ok(data) = std::fs::read(path) else {
            continue;
        };
        let start = Instant::now();
        for _ in 0..repeats {
            run(&data);
        }
        let micros = start.elapsed().as_secs_f64() * 1e6 / f64::from(repeats);
        total += micros;
        let mut line = format!(
            "{:>10.1} µs  {:>6} B  {}",
            micros,
            data.len(),
            path.display()
        );
        if target == "pgn" {
            let games = alphabeta_chess::pgn::read_games(&String::from_utf8_lossy(&data));
            let refused = games.iter().filter(|g| g.is_err()).count();
            line += &format!("  ({} games, {refused} refused)", games.len());
        }
        println!("{line}");
    }
    if !entries.is_empty() {
        println!(
            "{:>10.1} µs  mean of {} inputs ({repeats} runs each)",
            total / entries.len() as f64,
            entries.len()
        );
    }
}

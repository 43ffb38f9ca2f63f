//! The Universal Chess Interface: the text protocol chess GUIs and
//! python-chess use to drive an engine (`alphabeta uci`).
//!
//! The thread that calls [`run`] reads the commands; each `go` starts the
//! search on a thread of its own, so `isready`, `stop` and `ponderhit` are
//! answered while it runs. An unknown command, a bad FEN, an illegal move
//! or a bad option gets an `info string error: …` line and the engine keeps
//! running.
//!
//! **Commands during a search** follow one rule. `isready`, `stop`,
//! `ponderhit`, `position` and `quit` act at once, and the end of the input
//! acts as `quit` (the GUI is gone: the search stops, its `bestmove` is
//! written, the engine exits). Every command that needs the engine — `go`,
//! `setoption`, `ucinewgame` — waits for a search that ends by itself (a
//! depth, node or time limit) and is then carried out, in order; during a
//! search that may never end by itself (`go infinite`, `go ponder`, `go mate`
//! alone, `go` without limits) it is refused with an error, and the GUI sends
//! `stop` first.
//!
//! **What the engine says while it searches**: an `info depth …` line per
//! finished iteration; after the first second, `currmove`/`currmovenumber`
//! for each root move (the one under search when the second passes
//! included), `lowerbound`/`upperbound` lines when a root search
//! fails outside its aspiration window, and a progress line (`nodes`, `nps`,
//! `time`, `hashfull`) every second. Each line is written once: a search
//! that ends between iterations has said everything with its last
//! iteration's lines; one that a limit or `stop` cuts inside an iteration
//! ends with what that iteration found (a better root move, or with
//! MultiPV the lines it finished, completed by the last iteration's other
//! lines at their depth) or else with a progress line, so the last count
//! before `bestmove` is the whole search's. With MultiPV every iteration
//! reports every line (`multipv 1` to `N`, in order). `seldepth` is never
//! below `depth`. Nodes are exact (a search polls `stop` and the clock
//! every 1024 positions but counts every one) and summed over all threads
//! (`Threads`); `nps` is left out while no millisecond has passed.
//!
//! **Analysis and play search differently.** `UCI_AnalyseMode` (which
//! python-chess's `analyse` and most GUIs' analysis windows set) searches
//! every root move to the full depth, where a game reduces the late ones
//! ([`Engine::search_pruning`]): an analysis can prefer a move the engine
//! would not play at the same depth, and the two report different node
//! counts. UCI gives an option no description, so docs/chess.md says it
//! where a GUI user looks.
//!
//! **Threads.** `Threads` (1 to the machine's cores; more is refused)
//! searches on that many threads by the `SMP Method`: `ybwc` (the default,
//! Young Brothers Wait on the engine's own search, [`crate::ybwc`])
//! or `lazy` (Lazy SMP: every thread searches the whole tree, sharing the
//! table). Either way only the main thread writes `info` lines and the one
//! `bestmove`; `nodes` is the sum over all threads, and once the helpers
//! have ended, `info nodes … time …` gives the whole count if the helpers'
//! last positions changed it.

use std::io::{BufRead, Read, Write};
use std::str::SplitWhitespace;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use cozy_chess::Move;

use crate::switches::{Combo, Switch};
use crate::{
    DEFAULT_HASH_MB, Engine, EngineEval, EvalTerms, GoParams, Pruning, Report, SearchControl,
    SearchInfo, nps,
};
use alphabeta_chess::eval::Evaluator;
use alphabeta_chess::notation::{parse_uci, to_uci};
use alphabeta_chess::position::Position;

/// The largest `Hash` accepted, in MiB.
pub const MAX_HASH_MB: usize = 1024;

/// A shared, line-flushed output.
#[derive(Clone)]
struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    fn line(&self, text: &str) {
        if let Ok(mut w) = self.0.lock() {
            // A closed output (the GUI went away) is not an error worth a panic.
            let _ = writeln!(w, "{text}");
            let _ = w.flush();
        }
    }

    fn error(&self, text: &str) {
        self.line(&format!("info string error: {text}"));
    }
}

/// Wakes a search thread that waits (after `go infinite` or `go ponder`
/// has finished searching) for `stop` or `ponderhit`, at once rather than
/// at its next poll.
#[derive(Default)]
struct Wake {
    lock: Mutex<()>,
    signal: Condvar,
}

impl Wake {
    /// Called after the control's flag was set: the waiter either sees the
    /// flag before it waits, or is waiting and is woken (the lock orders the
    /// two).
    fn notify(&self) {
        let _held = self.lock.lock().unwrap_or_else(PoisonError::into_inner);
        self.signal.notify_all();
    }

    /// Waits until `done` holds; `done` is re-checked at every wake-up and
    /// at least every 100 ms.
    fn wait_until(&self, done: impl Fn() -> bool) {
        let mut held = self.lock.lock().unwrap_or_else(PoisonError::into_inner);
        while !done() {
            held = self
                .signal
                .wait_timeout(held, Duration::from_millis(100))
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }
}

/// A running search.
struct Running {
    control: Arc<SearchControl>,
    wake: Arc<Wake>,
    handle: JoinHandle<()>,
    /// Limited by depth, nodes or time, and not `go infinite` or
    /// `go ponder`: it ends by itself (`go mate` alone may not: it has no
    /// depth cap).
    bounded: bool,
    /// Set just before `bestmove` is written: from then on a new `go` is
    /// welcome even though the thread may not have ended yet.
    answered: Arc<AtomicBool>,
}

/// The protocol state: the current position, the engine and its options.
struct Session {
    out: Out,
    engine: Arc<Mutex<Engine>>,
    position: Position,
    /// Why the last `position` command failed: until a good one, `go`
    /// answers `bestmove 0000` rather than a move for another position.
    position_error: Option<String>,
    chess960: bool,
    /// `Move Overhead` (none set: the engine's default).
    move_overhead: Option<Duration>,
    running: Option<Running>,
}

/// The largest `Move Overhead` accepted, in milliseconds.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;

/// The UCI option `Evaluation`: each choice and what it makes of the
/// evaluation in use (`tapered` keeps the terms chosen so far).
pub const EVALUATION: Combo<fn(EngineEval) -> EngineEval> = Combo {
    option: "Evaluation",
    choices: &[
        (
            |eval| match eval {
                EngineEval::Tapered(terms) => EngineEval::Tapered(terms),
                _ => EngineEval::Tapered(EvalTerms::default()),
            },
            "tapered",
        ),
        (|_| EngineEval::Standard, "standard"),
        (|_| EngineEval::Fuller(Evaluator::Material), "material"),
        (
            |_| EngineEval::Fuller(Evaluator::MaterialMobility),
            "mobility",
        ),
    ],
};

/// The `Evaluation` choice that gives [`Engine::new`]'s evaluation (a
/// test checks it).
pub(crate) const EVALUATION_DEFAULT: &str = "tapered";

/// Writes a move in the notation the GUI asked for: standard UCI, or the
/// king-takes-rook castling of `UCI_Chess960`.
fn move_text(pos: &Position, mv: Move, chess960: bool) -> String {
    if chess960 {
        mv.to_string()
    } else {
        to_uci(pos, mv)
    }
}

/// Reads a move in the GUI's notation and checks it. Some GUIs write the
/// promotion piece in upper case (`e7e8Q`); it is read as `e7e8q`.
fn read_move(pos: &Position, text: &str, chess960: bool) -> Result<Move, String> {
    let lower = text.to_ascii_lowercase();
    let text = lower.as_str();
    if chess960 {
        let mv: Move = text
            .parse()
            .map_err(|_| format!("{text:?} is not a UCI move"))?;
        if pos.is_legal(mv) {
            Ok(mv)
        } else {
            Err(format!("illegal move {text} in {}", pos.fen()))
        }
    } else {
        parse_uci(pos, text).map_err(|e| e.to_string())
    }
}

/// The `info` line of one iteration; `bound` marks a value outside the
/// aspiration window (`lowerbound` or `upperbound`).
fn info_line(
    root: &Position,
    info: &SearchInfo,
    chess960: bool,
    multipv: bool,
    bound: Option<&str>,
) -> String {
    let mut pv = Vec::with_capacity(info.pv.len());
    let mut pos = root.clone();
    for &mv in &info.pv {
        if !pos.is_legal(mv) {
            break;
        }
        pv.push(move_text(&pos, mv, chess960));
        pos = pos.play(mv);
    }
    let mut line = format!("info depth {} seldepth {}", info.depth, info.seldepth);
    if multipv {
        line += &format!(" multipv {}", info.multipv);
    }
    line += &format!(" score {}", info.score());
    if let Some(b) = bound {
        line += &format!(" {b}");
    }
    line += &format!(" nodes {}", info.nodes);
    if let Some(n) = info.nps() {
        line += &format!(" nps {n}");
    }
    line += &format!(" hashfull {} time {}", info.hashfull, info.time.as_millis());
    if !pv.is_empty() {
        line += &format!(" pv {}", pv.join(" "));
    }
    line
}

/// The line of a report made during the search (see the module docs).
fn report_line(root: &Position, report: &Report, chess960: bool, multipv: bool) -> String {
    match report {
        Report::Iteration(info) => info_line(root, info, chess960, multipv, None),
        Report::Bound { info, lower } => {
            let bound = if *lower { "lowerbound" } else { "upperbound" };
            info_line(root, info, chess960, multipv, Some(bound))
        }
        Report::CurrMove { depth, mv, number } => format!(
            "info depth {depth} currmove {} currmovenumber {number}",
            move_text(root, *mv, chess960)
        ),
        Report::Progress {
            nodes,
            time,
            hashfull,
        } => {
            let mut line = format!("info nodes {nodes}");
            if let Some(n) = nps(*nodes, *time) {
                line += &format!(" nps {n}");
            }
            line + &format!(" time {} hashfull {hashfull}", time.as_millis())
        }
    }
}

/// The parameters of `go`.
const GO_PARAMETERS: [&str; 12] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
];

/// Parses the arguments of `go`.
fn parse_go(
    words: &mut SplitWhitespace<'_>,
    pos: &Position,
    chess960: bool,
    mut warn: impl FnMut(String),
) -> Result<GoParams, String> {
    let mut p = GoParams::default();
    let mut words = words.peekable();
    // An integer out of range is clamped to what the limit can hold: a
    // negative clock (a GUI that is late) is no time left, a huge depth is
    // the deepest search.
    fn number<T: TryFrom<i128> + Bounded>(name: &str, w: Option<&str>) -> Result<T, String> {
        let w = w.ok_or_else(|| format!("go {name} needs a number"))?;
        let bad = || format!("go {name}: {w:?} is not a valid number");
        let digits = w.strip_prefix(['-', '+']).unwrap_or(w);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let v = match w.parse::<i128>() {
            Ok(v) => v.clamp(T::MIN, T::MAX),
            Err(_) if w.starts_with('-') => T::MIN,
            Err(_) => T::MAX,
        };
        T::try_from(v).map_err(|_| bad())
    }
    fn millis(name: &str, w: Option<&str>) -> Result<Duration, String> {
        let v: u64 = number(name, w)?;
        Ok(Duration::from_millis(v))
    }
    while let Some(w) = words.next() {
        match w {
            "wtime" => p.wtime = Some(millis(w, words.next())?),
            "btime" => p.btime = Some(millis(w, words.next())?),
            "winc" => p.winc = Some(millis(w, words.next())?),
            "binc" => p.binc = Some(millis(w, words.next())?),
            "movetime" => p.movetime = Some(millis(w, words.next())?),
            "movestogo" => p.movestogo = Some(number(w, words.next())?),
            "depth" => p.depth = Some(number(w, words.next())?),
            "nodes" => p.nodes = Some(number(w, words.next())?),
            "mate" => p.mate = Some(number(w, words.next())?),
            "infinite" => p.infinite = true,
            "ponder" => p.ponder = true,
            "searchmoves" => {
                // The moves run to the next parameter; one that is not legal
                // here is reported and left out (none left: all moves).
                while let Some(m) = words.next_if(|w| !GO_PARAMETERS.contains(w)) {
                    match read_move(pos, m, chess960) {
                        Ok(mv) => p.searchmoves.push(mv),
                        Err(e) => warn(format!("searchmoves: {e}; left out")),
                    }
                }
            }
            // UCI: an unknown token is ignored (and reported).
            other => warn(format!("unknown go parameter {other:?} ignored")),
        }
    }
    Ok(p)
}

/// The range of an integer `go` parameter.
trait Bounded {
    const MIN: i128;
    const MAX: i128;
}

impl Bounded for u32 {
    const MIN: i128 = 0;
    const MAX: i128 = u32::MAX as i128;
}

impl Bounded for u64 {
    const MIN: i128 = 0;
    const MAX: i128 = u64::MAX as i128;
}

impl Session {
    fn new(out: Out) -> Self {
        Session {
            out,
            engine: Arc::new(Mutex::new(Engine::new(DEFAULT_HASH_MB))),
            position: Position::startpos(),
            position_error: None,
            chess960: false,
            move_overhead: None,
            running: None,
        }
    }

    /// The rule for a command that needs the engine while a search runs
    /// (module docs): waits for a search that ends by itself; refuses (false,
    /// with an error) during one that would not.
    fn wait_for_search(&mut self, what: &str) -> bool {
        if self.searching() && !self.running.as_ref().is_some_and(|r| r.bounded) {
            self.out.error(&format!(
                "{what} during a search without limits; send stop first"
            ));
            return false;
        }
        self.finish();
        true
    }

    fn searching(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| !r.answered.load(Ordering::SeqCst))
    }

    /// Stops the running search (if any) and waits for its `bestmove`.
    fn stop(&mut self) {
        if let Some(r) = self.running.take() {
            r.control.stop();
            r.wake.notify();
            let _ = r.handle.join();
        }
    }

    /// Waits for a running search to end by itself (stops it if it never would).
    fn finish(&mut self) {
        if let Some(r) = self.running.take() {
            if r.control.pondering() {
                r.control.stop();
                r.wake.notify();
            }
            let _ = r.handle.join();
        }
    }

    fn uci(&self) {
        let o = &self.out;
        o.line(&format!("id name alphabeta {}", env!("CARGO_PKG_VERSION")));
        o.line("id author the alphabeta project");
        o.line(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        o.line("option name Clear Hash type button");
        o.line(&format!(
            "option name Threads type spin default 1 min 1 max {}",
            crate::cores()
        ));
        o.line(&crate::SmpMethod::OPTION.uci_line(crate::SmpMethod::default().name()));
        o.line(&format!(
            "option name Move Overhead type spin default {} min 0 max {MAX_MOVE_OVERHEAD_MS}",
            crate::time::DEFAULT_OVERHEAD.as_millis()
        ));
        o.line("option name MultiPV type spin default 1 min 1 max 256");
        o.line("option name Ponder type check default false");
        o.line("option name UCI_Chess960 type check default false");
        o.line("option name UCI_AnalyseMode type check default false");
        o.line("option name FullMoveTime type check default true");
        o.line("option name SpendClock type check default true");
        o.line(&EVALUATION.uci_line(EVALUATION_DEFAULT));
        let check_options = (Pruning::SWITCHES.iter().filter_map(Switch::check_option))
            .chain(EvalTerms::SWITCHES.iter().filter_map(Switch::check_option));
        for (name, default) in check_options {
            o.line(&format!("option name {name} type check default {default}"));
        }
        o.line("uciok");
    }

    fn setoption(&mut self, rest: &str) {
        let rest = rest.trim();
        let Some(body) = rest.strip_prefix("name") else {
            return self.out.error("setoption needs `name <id> [value <x>]`");
        };
        let (name, value) = match body.find(" value") {
            Some(i) => (body[..i].trim(), Some(body[i + " value".len()..].trim())),
            None => (body.trim(), None),
        };
        if !self.wait_for_search(&format!("cannot set {name}")) {
            return;
        }
        let Ok(mut engine) = self.engine.lock() else {
            return self.out.error("engine unavailable");
        };
        let lower = name.to_ascii_lowercase();
        let result: Result<(), String> = match lower.as_str() {
            "hash" => need(name, value).and_then(|v| match v.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                    engine.set_hash(mb);
                    Ok(())
                }
                _ => Err(format!("Hash must be 1..={MAX_HASH_MB} MiB, got {v:?}")),
            }),
            "clear hash" => {
                engine.clear();
                Ok(())
            }
            "threads" => need(name, value).and_then(|v| match v.parse::<usize>() {
                Ok(n) => engine.set_threads(n),
                Err(_) => Err(format!("Threads must be 1..={}, got {v:?}", crate::cores())),
            }),
            "smp method" => need(name, value).and_then(|v| {
                engine.smp = v.parse()?;
                Ok(())
            }),
            "move overhead" => need(name, value).and_then(|v| match v.parse::<u64>() {
                Ok(ms) if ms <= MAX_MOVE_OVERHEAD_MS => {
                    self.move_overhead = Some(Duration::from_millis(ms));
                    Ok(())
                }
                _ => Err(format!(
                    "Move Overhead must be 0..={MAX_MOVE_OVERHEAD_MS} ms, got {v:?}"
                )),
            }),
            "multipv" => need(name, value).and_then(|v| match v.parse::<usize>() {
                Ok(n) if (1..=256).contains(&n) => {
                    engine.multipv = n;
                    Ok(())
                }
                _ => Err(format!("MultiPV must be 1..=256, got {v:?}")),
            }),
            "ponder" => need(name, value).and_then(|v| parse_check(v).map(|_| ())),
            "fullmovetime" => {
                need(name, value).and_then(|v| parse_check(v).map(|b| engine.full_movetime = b))
            }
            "spendclock" => {
                need(name, value).and_then(|v| parse_check(v).map(|b| engine.spend_clock = b))
            }
            "uci_chess960" => {
                need(name, value).and_then(|v| parse_check(v).map(|b| self.chess960 = b))
            }
            "uci_analysemode" => {
                need(name, value).and_then(|v| parse_check(v).map(|b| engine.analyse_mode = b))
            }
            "evaluation" => need(name, value).and_then(|v| {
                engine.eval = EVALUATION.parse(v)?(engine.eval);
                Ok(())
            }),
            other => match (Pruning::option(other), EvalTerms::option(other)) {
                (Some(switch), _) => need(name, value).and_then(|v| {
                    *(switch.field)(&mut engine.pruning) = parse_check(v)?;
                    Ok(())
                }),
                (None, Some(switch)) => need(name, value).and_then(|v| {
                    let on = parse_check(v)?;
                    match &mut engine.eval {
                        EngineEval::Tapered(terms) => {
                            *(switch.field)(terms) = on;
                            Ok(())
                        }
                        _ => Err(format!("{name} applies to Evaluation tapered only")),
                    }
                }),
                (None, None) => Err(format!("unknown option {name:?}")),
            },
        };
        drop(engine);
        if let Err(e) = result {
            self.out.error(&e);
        }
    }

    fn position(&mut self, rest: &str) {
        let rest = rest.trim();
        let (setup, moves) = match rest.find("moves") {
            Some(i) => (
                rest[..i].trim(),
                rest[i + "moves".len()..]
                    .split_whitespace()
                    .collect::<Vec<_>>(),
            ),
            None => (rest, Vec::new()),
        };
        let start = if setup == "startpos" {
            Ok(Position::startpos())
        } else if let Some(fen) = setup.strip_prefix("fen") {
            let fen = fen.trim();
            // Under UCI_Chess960, Shredder-FEN and X-FEN castling rights
            // (`KQkq` for rooks not in the corners); otherwise standard FEN.
            if self.chess960 {
                Position::from_fen_960(fen)
            } else {
                Position::from_fen(fen)
            }
            .map_err(|e| e.to_string())
        } else {
            Err(format!(
                "position needs `startpos` or `fen <FEN>`, got {setup:?}"
            ))
        };
        let mut pos = match start {
            Ok(p) => p,
            Err(e) => return self.position_failed(e),
        };
        for m in moves {
            match read_move(&pos, m, self.chess960) {
                Ok(mv) => pos = pos.play(mv),
                Err(e) => return self.position_failed(e),
            }
        }
        self.position = pos;
        self.position_error = None;
    }

    /// A `position` command that could not be applied: the GUI's position is
    /// unknown, so no move can be given for it.
    fn position_failed(&mut self, e: String) {
        self.out.error(&format!("position not set: {e}"));
        self.position_error = Some(e);
    }

    fn go(&mut self, words: &mut SplitWhitespace<'_>) {
        // A search that ends by itself is waited for: commands are answered
        // in order, as a script that does not wait for `bestmove` expects.
        if !self.wait_for_search("a search is already running: go refused") {
            return;
        }
        if let Some(e) = &self.position_error {
            self.out
                .error(&format!("no position to search (the last one failed: {e})"));
            return self.out.line("bestmove 0000");
        }
        let out = self.out.clone();
        let mut params = match parse_go(words, &self.position, self.chess960, |w| out.error(&w)) {
            Ok(p) => p,
            Err(e) => return self.out.error(&e),
        };
        params.move_overhead = self.move_overhead;
        let endless = params.infinite || params.ponder;
        let bounded = !endless
            && (params.depth.is_some()
                || params.nodes.is_some()
                || params
                    .budget(self.position.board().side_to_move())
                    .is_some());
        let control = Arc::new(SearchControl::new(params.ponder));
        let (engine, out, root, chess960) = (
            Arc::clone(&self.engine),
            self.out.clone(),
            self.position.clone(),
            self.chess960,
        );
        let ctl = Arc::clone(&control);
        let wake = Arc::new(Wake::default());
        let waker = Arc::clone(&wake);
        let answered = Arc::new(AtomicBool::new(false));
        let done = Arc::clone(&answered);
        let handle = std::thread::spawn(move || {
            let Ok(mut engine) = engine.lock() else {
                return out.error("engine unavailable");
            };
            let multipv = engine.multipv > 1;
            let outcome = engine.search_reporting(&root, &params, &ctl, |report| {
                out.line(&report_line(&root, report, chess960, multipv))
            });
            drop(engine);
            if outcome.best.is_none() {
                // The game is over: say so, as a GUI that asked for a score expects.
                let score = if root.in_check() { "mate 0" } else { "cp 0" };
                out.line(&format!("info depth 0 score {score}"));
            }
            // In infinite and ponder mode the answer waits for stop (or ponderhit).
            waker.wait_until(|| !(params.infinite || ctl.pondering()) || ctl.stop_requested());
            let best = match outcome.best {
                Some(mv) => move_text(&root, mv, chess960),
                None => "0000".to_string(),
            };
            let ponder = outcome.best.zip(outcome.ponder).and_then(|(b, p)| {
                let after = root.play(b);
                after.is_legal(p).then(|| move_text(&after, p, chess960))
            });
            done.store(true, Ordering::SeqCst);
            match ponder {
                Some(p) => out.line(&format!("bestmove {best} ponder {p}")),
                None => out.line(&format!("bestmove {best}")),
            }
        });
        self.running = Some(Running {
            control,
            wake,
            handle,
            bounded,
            answered,
        });
    }

    /// Handles one command line; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let line = line.trim();
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else { return true };
        let rest = line[cmd.len()..].trim();
        match cmd {
            "uci" => self.uci(),
            "isready" => self.out.line("readyok"),
            "debug" | "register" => {}
            "setoption" => self.setoption(rest),
            "ucinewgame" => {
                if !self.wait_for_search("ucinewgame refused") {
                    return true;
                }
                if let Ok(mut e) = self.engine.lock() {
                    e.clear();
                }
                self.position = Position::startpos();
                self.position_error = None;
            }
            "position" => self.position(rest),
            "go" => self.go(&mut words),
            "stop" => self.stop(),
            "ponderhit" => {
                if let Some(r) = &self.running {
                    r.control.ponderhit();
                    r.wake.notify();
                }
            }
            "quit" => {
                self.stop();
                return false;
            }
            other => self.out.error(&format!("unknown command {other:?}")),
        }
        true
    }
}

fn need<'a>(name: &str, value: Option<&'a str>) -> Result<&'a str, String> {
    value.ok_or_else(|| format!("option {name} needs a value"))
}

fn parse_check(v: &str) -> Result<bool, String> {
    match v.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("expected true or false, got {v:?}")),
    }
}

/// The longest input line read (1 MiB: a `position … moves` line of a
/// game of several thousand moves fits many times over).
pub const MAX_LINE: u64 = 1 << 20;

/// Consumes `input` up to and including the next newline (or to its end).
fn skip_line(input: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        match buf.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = buf.len();
                input.consume(n);
            }
        }
    }
}

/// Runs the protocol: reads commands from `input` until `quit` or the end
/// of the input (which acts as `quit`: a running search stops and writes
/// its `bestmove`), writing replies to `output`.
pub fn run(mut input: impl BufRead, output: Box<dyn Write + Send>) -> std::io::Result<()> {
    let mut session = Session::new(Out(Arc::new(Mutex::new(output))));
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if (&mut input).take(MAX_LINE).read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        // Input that never ends its line (`uci < /dev/zero`) must not grow
        // memory without bound: a line longer than MAX_LINE is skipped.
        if bytes.len() as u64 == MAX_LINE && bytes.last() != Some(&b'\n') {
            skip_line(&mut input)?;
            session
                .out
                .error(&format!("a line longer than {MAX_LINE} bytes was ignored"));
            continue;
        }
        // A line that is not UTF-8 is garbage like any other unknown
        // command, not a reason to end the session.
        if !session.command(&String::from_utf8_lossy(&bytes)) {
            return Ok(());
        }
    }
    // The GUI is gone: nobody waits for the rest of the search.
    session.stop();
    Ok(())
}

//! Every procedure on one scale: the same trees and positions searched by
//! every sequential procedure of the registry ([`Named::sequential`], the
//! list of `alphabeta procedures` but the parallel one), each count set beside the minimal tree of the
//! same tree (Knuth & Moore §6–§7, [`alphabeta_core::minimal`]) and beside
//! plain fail-hard alpha-beta F2 (Knuth & Moore eq. (9)).
//!
//! The instruments are the core's [`Stats`]: *terminal positions* are the
//! bottom positions a procedure evaluates ([`Stats::leaves`]), *nodes* every
//! position it is called on ([`Stats::nodes`], re-searches counted again,
//! positions settled by a table or by McCarthy's bounds included),
//! *re-searches* the passes Scout, NegaScout, MTD(f) and MT-SSS* repeat
//! ([`Stats::re_searches`]), and the time is the wall time of the search
//! with these instruments attached (the table is allocated before the clock
//! starts).
//!
//! The minimal tree gives two numbers: its terminal positions (the fewest
//! any procedure must evaluate, [`minimal_tree`]) and its nodes, the
//! positions F2 examines under the order the minimal tree returns — its
//! terminal positions and their ancestors. It has no re-searches and no
//! time, so those two ratios exist only against F2.
//!
//! The work goes in four steps, one module each:
//!
//! * [`config`]: what to compare on ([`Source`]: implicit random trees of
//!   the models crate — uniform i.i.d., range R, additive (correlated) in
//!   random order and strongly ordered — chess positions at a fixed depth
//!   with the material evaluator of Fuller §6, Connect Four positions
//!   searched to the end, one of the seeds' trees) and how large
//!   ([`Config`], every size bounded by [`Config::check`]);
//! * [`measure`]: [`run`] searches every instance with every procedure
//!   through the core's one dispatch ([`Named::run_in`]), counted and timed,
//!   and computes its minimal tree; the random trees get hash keys from
//!   the adapter [`Keyed`] ([`keyed`]) so the table procedures run on them;
//! * [`results`]: what was measured ([`Results`]) and its totals and ratios
//!   per source and procedure ([`Results::summaries`]);
//! * [`tables`] and [`items`](mod@items): the results as flat tables and Markdown, and
//!   as report items — the table of ratios, a chart and the checks of
//!   Stockman's and Plaat et al.'s findings — for the report section
//!   `one-scale` and for `alphabeta compare` ([`report`]);
//! * [`line`](mod@line): Connect Four along one game from the empty board to the end
//!   — every procedure and the solver at every k-th position, capped by a
//!   node limit, against the minimal tree where it is computable — with
//!   its table, figure and items ([`run_line`], [`line_items`]), for the
//!   report section `connect4-line` and `alphabeta compare --connect4-line`.
//!
//! [`Named::sequential`]: alphabeta_core::procedures::Named::sequential
//! [`Named::run_in`]: alphabeta_core::procedures::Named::run_in
//! [`Stats`]: alphabeta_core::Stats
//! [`Stats::leaves`]: alphabeta_core::Stats::leaves
//! [`Stats::nodes`]: alphabeta_core::Stats::nodes
//! [`Stats::re_searches`]: alphabeta_core::Stats::re_searches
//! [`minimal_tree`]: alphabeta_core::minimal::minimal_tree

pub mod config;
pub mod items;
pub mod keyed;
pub mod line;
pub mod measure;
pub mod results;
pub mod tables;

pub use config::{
    CHESS_FENS, Config, MAX_MODEL_LEAVES, MAX_TABLE_ENTRIES, MINIMAL_LIMIT, Source, describe,
};
pub use items::{items, report};
pub use keyed::Keyed;
pub use line::{LineConfig, LineResults, line_items, line_report, run_line};
pub use measure::run;
pub use results::{F2, Instance, Minimal, Results, Run, Status, Summary};

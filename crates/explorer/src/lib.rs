//! # alphabeta-explorer
//!
//! A page a student opens in a browser to step through the search
//! procedures on a game tree and watch them prune: the tree drawn, the
//! window of every position as it is searched, the values returned, the
//! alpha, beta and deep cutoffs (Fuller §2, Knuth & Moore §3) with the
//! branches they prune, node types and critical positions (Knuth & Moore
//! Theorem 1, Hsu), and the running counters of `alphabeta search`.
//!
//! The page replays what the core's procedures reported to an
//! [`alphabeta_core::Observer`] ([`record`]); no procedure is written
//! again in JavaScript. [`export`] turns the recorded runs into JSON and
//! [`page`] writes one self-contained HTML file (no network, no server).
//! See `docs/explorer.md`.

pub mod export;
pub mod input;
pub mod page;
pub mod record;

pub use export::{Counters, Exploration, MAX_POSITIONS, Run};
pub use page::{render, write_page};

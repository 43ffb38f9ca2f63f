//! The successors of alpha-beta: procedures built on null-window tests and
//! on best-first search, each in its own module with its origin.
//!
//! | function | origin | idea |
//! |---|---|---|
//! | [`pearl_test`] | Pearl 1980 (AI 14), §3 | is F(p) > v (or ≥ v)? one bit, stop at the first successor that settles it |
//! | [`scout()`] | Pearl 1980, §3 | evaluate the first successor, only test the others, re-search the ones that test better |
//! | [`sss_star`] | Stockman 1979 (AI 12) | best-first: states (J, LIVE/SOLVED, ĥ) in an OPEN list, the six cases of Γ |
//! | [`principal_variation_search`] | Marsland & Campbell 1982; Reinefeld 1983 (NegaScout) | Scout's test done by fail-soft null-window alpha-beta |
//! | [`mt_sss_star`] | Plaat, Schaeffer, Pijls & de Bruin 1996 (AI 87) | SSS\* as null-window alpha-beta passes from +∞ with a table of bounds |
//! | [`mtdf()`] | Plaat et al. 1996 | null-window passes from a first guess, with a transposition table |
//!
//! Every one of them reports to the same instruments as alpha-beta
//! ([`crate::Observer`]): positions examined per level (a position searched
//! twice counts twice), bottom positions, cutoffs, and re-searches
//! ([`crate::Observer::research`]).

mod mt;
mod mtdf;
mod pvs;
mod scout;
mod sss;
mod test;

pub use mt::mt_sss_star;
pub use mtdf::mtdf;
pub use pvs::principal_variation_search;
pub use scout::scout;
pub use sss::{DEFAULT_MEMORY_POSITIONS, TooLarge, sss_star};
pub use test::{Inequality, pearl_test};

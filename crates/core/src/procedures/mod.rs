//! Every search procedure of the seeds, each named by what it does.
//!
//! The seeds reuse names for different procedures (GUIDE §2); this table
//! resolves them:
//!
//! | function | Knuth & Moore | Hsu | Zohar |
//! |---|---|---|---|
//! | [`negamax`] | F | F | FindValue (Alg. 1) |
//! | [`minimax`] | F, G (eqs 3–4) | F′, G′ | |
//! | [`branch_and_bound()`] | **F1** | | |
//! | [`alpha_beta_hard_bound`] | | **F1** ("original") | |
//! | [`alpha_beta_fail_hard`] | **F2** | **F2** | AlphaBeta (Alg. 2) |
//! | [`alpha_beta_fail_soft`] | | **F3** (Fishburn) | |
//! | [`alpha_beta_minmax`] | F2, G2 (min/max form) | F2′, G2′ | |
//! | [`alpha_beta_nonrecursive`] | `alphabeta` | | |
//! | [`alpha_beta_mccarthy`] | McCarthy's bounds (§5) | | |
//! | [`alpha_beta_win_prune`] | | | | Fuller §2 "win found" rule |
//! | [`aspiration`] | §4 | | |
//! | [`iterative_deepening`] | | iterative deepening | |
//! | [`alpha_beta_with_table`] | | F2/F3 with a transposition table | |
//! | [`likelihood_search`] | Floyd's likelihood scheme (§4) | | |
//! | [`sss_star`], [`pearl_test`], [`scout`], [`principal_variation_search`], [`mt_sss_star`], [`mtdf`] | later successors (Stockman's SSS\*, Pearl's Test and Scout, NegaScout, Plaat et al.'s MT-SSS\* and MTD(f)) | | |
//! | [`bisection`], [`alpha_beta_with_table_and_bounds`] | MTD(bi) narrowing; a table behind McCarthy's bounds (§5) | | |
//!
//! All procedures are generic over the [`Game`] and the
//! [`crate::Observer`]; they take the [`Search`] context first, then the root
//! position, the depth limit (`u32::MAX` searches to the end of the game) and,
//! where the paper has them, the window bounds.

mod alpha_beta;
mod bounded;
mod branch_and_bound;
mod drivers;
mod exhaustive;
mod likelihood;
mod minmax;
mod narrowing;
mod nonrecursive;
mod registry;
mod successors;
mod with_table;

pub(crate) use alpha_beta::alpha_beta_below;
pub use alpha_beta::{
    FailHard, FailSoft, HardBound, Known, NoHooks, NodeHooks, ReturnRule, alpha_beta,
    alpha_beta_fail_hard, alpha_beta_fail_soft, alpha_beta_hard_bound, alpha_beta_reference,
    alpha_beta_with_hooks,
};
pub use bounded::{McCarthyBounds, WinPruning, alpha_beta_mccarthy, alpha_beta_win_prune};
pub use branch_and_bound::branch_and_bound;
pub use drivers::{AspirationResult, aspiration, iterative_deepening};
pub use exhaustive::{minimax, negamax};
pub use likelihood::{InvalidThreshold, LikelihoodModel, Threshold, Uniform, likelihood_search};
pub use minmax::alpha_beta_minmax;
pub use narrowing::{Narrowed, bisection, bisection_by};
pub use nonrecursive::alpha_beta_nonrecursive;
pub use registry::{
    Capabilities, DEFAULT_TABLE_ENTRIES, Extra, McCarthy, Named, Needs, NotRun, RunOptions,
    UnknownName, Ybwc,
};
pub use successors::{
    DEFAULT_MEMORY_POSITIONS, Inequality, TooLarge, mt_sss_star, mtdf, pearl_test,
    principal_variation_search, scout, sss_star,
};
pub use with_table::{
    alpha_beta_with_table, alpha_beta_with_table_and_bounds, iterative_deepening_with_table,
};

use crate::game::Game;
use crate::observer::Observer;
use crate::search::Search;
use crate::value::{INFINITY, NEG_INFINITY, Value};

/// The procedures that search any [`Game`], selectable by name (the command
/// line's `--procedure`). McCarthy's variant needs a [`crate::BoundedGame`]
/// and the table-driven ones a [`crate::HashedGame`]; they are called
/// directly. SSS\* and MT-SSS\* keep their search in memory, at most
/// [`DEFAULT_MEMORY_POSITIONS`] positions through [`Procedure::run`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Procedure {
    /// Exhaustive minimax, two procedures F′/G′.
    Minimax,
    /// Exhaustive negamax F.
    Negamax,
    /// Knuth's F1: one-bound branch-and-bound.
    BranchAndBound,
    /// Hsu's F1: alpha-beta returning the hard bound on a cutoff.
    HardBound,
    /// Knuth's and Hsu's F2: fail-hard alpha-beta.
    FailHard,
    /// Hsu's F3: fail-soft alpha-beta (Fishburn).
    FailSoft,
    /// F2 in min/max form (Knuth's F2/G2, Hsu's F2′/G2′).
    FailHardMinMax,
    /// Knuth's non-recursive `alphabeta`.
    NonRecursive,
    /// Fail-hard alpha-beta with Fuller's "win found" rule, shortest win kept.
    WinPrune,
    /// Stockman's SSS\* (1979), the OPEN-list form.
    Sss,
    /// Pearl's Scout (1980): Test, and re-search what tests better.
    Scout,
    /// Principal variation search (NegaScout).
    Pvs,
    /// MT-SSS\* (Plaat et al. 1996): SSS\* as null-window passes with a table.
    MtSss,
}

impl Procedure {
    /// Every procedure, in the order the papers introduce them.
    pub const ALL: [Procedure; 13] = [
        Procedure::Minimax,
        Procedure::Negamax,
        Procedure::BranchAndBound,
        Procedure::HardBound,
        Procedure::FailHard,
        Procedure::FailSoft,
        Procedure::FailHardMinMax,
        Procedure::NonRecursive,
        Procedure::WinPrune,
        Procedure::Sss,
        Procedure::Scout,
        Procedure::Pvs,
        Procedure::MtSss,
    ];

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Procedure::Minimax => "minimax",
            Procedure::Negamax => "negamax",
            Procedure::BranchAndBound => "f1",
            Procedure::HardBound => "hard-bound",
            Procedure::FailHard => "f2",
            Procedure::FailSoft => "f3",
            Procedure::FailHardMinMax => "f2-minmax",
            Procedure::NonRecursive => "nonrecursive",
            Procedure::WinPrune => "win-prune",
            Procedure::Sss => "sss",
            Procedure::Scout => "scout",
            Procedure::Pvs => "pvs",
            Procedure::MtSss => "mt-sss",
        }
    }

    /// A one-line description with the seed it comes from.
    pub const fn description(self) -> &'static str {
        match self {
            Procedure::Minimax => {
                "exhaustive minimax, two procedures (Knuth F/G eqs 3-4, Hsu F'/G')"
            }
            Procedure::Negamax => "exhaustive negamax (Knuth F, Hsu F, Zohar Alg. 1)",
            Procedure::BranchAndBound => {
                "one-bound branch-and-bound, no deep cutoffs (Knuth & Moore F1)"
            }
            Procedure::HardBound => "alpha-beta returning the hard bound on a cutoff (Hsu F1)",
            Procedure::FailHard => "fail-hard alpha-beta (Knuth & Moore F2, Hsu F2, Zohar Alg. 2)",
            Procedure::FailSoft => "fail-soft alpha-beta (Hsu F3, Fishburn)",
            Procedure::FailHardMinMax => "fail-hard alpha-beta in min/max form (Knuth F2/G2)",
            Procedure::NonRecursive => "non-recursive alpha-beta with explicit stacks (Knuth §2)",
            Procedure::WinPrune => {
                "alpha-beta that stops at a win it cannot improve on (Fuller §2 footnote)"
            }
            Procedure::Sss => {
                "SSS*: best-first states in an OPEN list, six-case operator (Stockman 1979)"
            }
            Procedure::Scout => {
                "Scout: Test the later successors, re-search if better (Pearl 1980)"
            }
            Procedure::Pvs => {
                "principal variation search / NegaScout (Marsland & Campbell 1982, Reinefeld 1983)"
            }
            Procedure::MtSss => {
                "MT-SSS*: null-window passes from +inf with a table of bounds (Plaat et al. 1996)"
            }
        }
    }

    /// Whether the procedure prunes (examines fewer positions than minimax).
    pub const fn prunes(self) -> bool {
        !matches!(self, Procedure::Minimax | Procedure::Negamax)
    }

    /// Runs the procedure on `root` to `depth` with the full window and
    /// returns the root value (negamax view of the side to move at the root).
    ///
    /// SSS\* and MT-SSS\* that would keep more than
    /// [`DEFAULT_MEMORY_POSITIONS`] positions stop as a limit stops a search
    /// ([`Search::stopped`] is then true) and return the upper bound on the
    /// root value they proved; call [`sss_star`] or [`mt_sss_star`] for the
    /// error itself.
    pub fn run<G: Game, O: Observer>(
        self,
        s: &mut Search<'_, G, O>,
        root: &G::Position,
        depth: u32,
    ) -> Value {
        match self {
            Procedure::Minimax => minimax(s, root, depth),
            Procedure::Negamax => negamax(s, root, depth),
            Procedure::BranchAndBound => branch_and_bound(s, root, depth, INFINITY),
            Procedure::HardBound => alpha_beta_hard_bound(s, root, depth, NEG_INFINITY, INFINITY),
            Procedure::FailHard => alpha_beta_fail_hard(s, root, depth, NEG_INFINITY, INFINITY),
            Procedure::FailSoft => alpha_beta_fail_soft(s, root, depth, NEG_INFINITY, INFINITY),
            Procedure::FailHardMinMax => alpha_beta_minmax(s, root, depth, NEG_INFINITY, INFINITY),
            Procedure::NonRecursive => {
                alpha_beta_nonrecursive(s, root, depth, NEG_INFINITY, INFINITY)
            }
            Procedure::WinPrune => alpha_beta_win_prune(s, root, depth, WinPruning::ShortestWin),
            Procedure::Sss => {
                let r = sss_star(s, root, depth, DEFAULT_MEMORY_POSITIONS);
                bounded(s, r)
            }
            Procedure::Scout => scout(s, root, depth),
            Procedure::Pvs => principal_variation_search(s, root, depth, NEG_INFINITY, INFINITY),
            Procedure::MtSss => {
                let r = mt_sss_star(s, root, depth, DEFAULT_MEMORY_POSITIONS);
                bounded(s, r)
            }
        }
    }
}

/// The value of a search that keeps its tree in memory, or, if it ran out
/// of room, the bound it proved, with the search marked stopped.
fn bounded<G: Game, O: Observer>(s: &mut Search<'_, G, O>, r: Result<Value, TooLarge>) -> Value {
    r.unwrap_or_else(|e| {
        s.halt();
        e.bound
    })
}

impl std::fmt::Display for Procedure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown procedure name.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("unknown procedure {0:?}; known: {known}", known = Procedure::ALL.iter().map(|p| p.name()).collect::<Vec<_>>().join(", "))]
pub struct UnknownProcedure(pub String);

impl std::str::FromStr for Procedure {
    type Err = UnknownProcedure;

    /// Accepts the names of [`Procedure::name`] and a few aliases
    /// (`alphabeta`, `fail-hard`, `fail-soft`, `branch-and-bound`, `hsu-f1`,
    /// `negascout`, `sss*`, `stockman`, `mt-sss*`, `mtsss`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        let alias = match t.as_str() {
            "alphabeta" | "alpha-beta" | "fail-hard" => Some(Procedure::FailHard),
            "fail-soft" => Some(Procedure::FailSoft),
            "branch-and-bound" | "knuth-f1" => Some(Procedure::BranchAndBound),
            "hsu-f1" => Some(Procedure::HardBound),
            "negascout" => Some(Procedure::Pvs),
            "sss*" | "stockman" => Some(Procedure::Sss),
            "mt-sss*" | "mtsss" => Some(Procedure::MtSss),
            "minmax" => Some(Procedure::FailHardMinMax),
            _ => None,
        };
        alias
            .or_else(|| Procedure::ALL.into_iter().find(|p| p.name() == t))
            .ok_or_else(|| UnknownProcedure(s.to_string()))
    }
}

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
//! | [`principal_variation_search`], [`mtdf`] | later successors (NegaScout, MTD(f)) | | |
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
mod nonrecursive;
mod successors;
mod with_table;

pub use alpha_beta::{
    FailHard, FailSoft, HardBound, Known, NoHooks, NodeHooks, ReturnRule, alpha_beta,
    alpha_beta_fail_hard, alpha_beta_fail_soft, alpha_beta_hard_bound, alpha_beta_with_hooks,
};
pub use bounded::{McCarthyBounds, WinPruning, alpha_beta_mccarthy, alpha_beta_win_prune};
pub use branch_and_bound::branch_and_bound;
pub use drivers::{AspirationResult, aspiration, iterative_deepening};
pub use exhaustive::{minimax, negamax};
pub use likelihood::{InvalidThreshold, LikelihoodModel, Threshold, Uniform, likelihood_search};
pub use minmax::alpha_beta_minmax;
pub use nonrecursive::alpha_beta_nonrecursive;
pub use successors::{mtdf, principal_variation_search};
pub use with_table::{alpha_beta_with_table, iterative_deepening_with_table};

use crate::game::Game;
use crate::observer::Observer;
use crate::search::Search;
use crate::value::{INFINITY, NEG_INFINITY, Value};

/// The procedures that search any [`Game`], selectable by name (the command
/// line's `--procedure`). McCarthy's variant needs a [`crate::BoundedGame`]
/// and the table-driven ones a [`crate::HashedGame`]; they are called
/// directly.
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
    /// Principal variation search (NegaScout).
    Pvs,
}

impl Procedure {
    /// Every procedure, in the order the papers introduce them.
    pub const ALL: [Procedure; 10] = [
        Procedure::Minimax,
        Procedure::Negamax,
        Procedure::BranchAndBound,
        Procedure::HardBound,
        Procedure::FailHard,
        Procedure::FailSoft,
        Procedure::FailHardMinMax,
        Procedure::NonRecursive,
        Procedure::WinPrune,
        Procedure::Pvs,
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
            Procedure::Pvs => "pvs",
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
            Procedure::Pvs => "principal variation search / NegaScout (modern successor)",
        }
    }

    /// Whether the procedure prunes (examines fewer positions than minimax).
    pub const fn prunes(self) -> bool {
        !matches!(self, Procedure::Minimax | Procedure::Negamax)
    }

    /// Runs the procedure on `root` to `depth` with the full window and
    /// returns the root value (negamax view of the side to move at the root).
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
            Procedure::Pvs => principal_variation_search(s, root, depth, NEG_INFINITY, INFINITY),
        }
    }
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
    /// `negascout`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        let alias = match t.as_str() {
            "alphabeta" | "alpha-beta" | "fail-hard" => Some(Procedure::FailHard),
            "fail-soft" => Some(Procedure::FailSoft),
            "branch-and-bound" | "knuth-f1" => Some(Procedure::BranchAndBound),
            "hsu-f1" => Some(Procedure::HardBound),
            "negascout" => Some(Procedure::Pvs),
            "minmax" => Some(Procedure::FailHardMinMax),
            _ => None,
        };
        alias
            .or_else(|| Procedure::ALL.into_iter().find(|p| p.name() == t))
            .ok_or_else(|| UnknownProcedure(s.to_string()))
    }
}

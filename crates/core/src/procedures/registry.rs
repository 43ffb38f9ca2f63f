//! Every procedure by name: the one list `alphabeta procedures` prints, the
//! command line's `search -p NAME`, the Python package and `alphabeta
//! compare` read.
//!
//! The core's [`Procedure`]s search any [`Game`](crate::Game). Four more
//! need something a game may not offer, so they are [`Extra`]s, called
//! as [`alpha_beta_mccarthy`] or through [`Extra::run_with_table`]:
//! McCarthy's procedure needs optimistic and pessimistic values
//! ([`crate::BoundedGame`], Knuth & Moore §5), the other three a hash key
//! for a transposition table ([`crate::HashedGame`]).
//!
//! [`Named::run_windowed`] runs any of them by name with a root window,
//! refusing a window the procedure does not take: the one dispatch of the
//! command line's `search` and the Python package.

#[cfg(doc)]
use super::alpha_beta_mccarthy;
use super::{
    DEFAULT_MEMORY_POSITIONS, FailHard, FailSoft, Procedure, TooLarge, alpha_beta_fail_hard,
    alpha_beta_fail_soft, alpha_beta_hard_bound, alpha_beta_minmax, alpha_beta_nonrecursive,
    alpha_beta_with_table, branch_and_bound, mt_sss_star, mtdf, principal_variation_search,
    sss_star,
};
#[cfg(doc)]
use crate::game::BoundedGame;
use crate::game::{Game, HashedGame};
use crate::observer::Observer;
use crate::search::Search;
use crate::table::TranspositionTable;
use crate::value::{INFINITY, NEG_INFINITY, Value, plain};

/// The procedures outside [`Procedure`]: they need McCarthy's bounds or a
/// transposition table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Extra {
    /// Alpha-beta with McCarthy's optimistic/pessimistic bounds
    /// ([`alpha_beta_mccarthy`]).
    McCarthy,
    /// Fail-hard alpha-beta (F2) with a transposition table.
    TableFailHard,
    /// Fail-soft alpha-beta (F3) with a transposition table.
    TableFailSoft,
    /// MTD(f) ([`mtdf`]), first guess 0.
    Mtdf,
}

/// What an [`Extra`] needs of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Needs {
    /// Optimistic and pessimistic values ([`BoundedGame`]).
    Bounds,
    /// A hash key for the transposition table ([`HashedGame`]).
    Table,
}

/// Why [`Named::run_windowed`] or [`Extra::run_with_table`] did not run.
/// The messages name the command line's options (`--alpha`, `--beta`).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum NotRun {
    /// The window is empty: alpha is not below beta.
    #[error("the window needs alpha < beta (got alpha {}, beta {})", plain(*.0), plain(*.1))]
    EmptyWindow(Value, Value),
    /// Exhaustive search (minimax, negamax) was given a window.
    #[error("exhaustive search takes no window; drop --alpha/--beta")]
    NoWindow,
    /// Knuth & Moore's F1 was given a lower bound.
    #[error("f1 (Knuth & Moore's F1) takes one bound, --beta; drop --alpha")]
    OneBound,
    /// A procedure that searches the full window only was given another one.
    #[error("{0} searches the full window; drop --alpha/--beta")]
    FullWindow(&'static str),
    /// SSS\*, Scout, MT-SSS\* or MTD(f) was given a window other than the
    /// full one.
    #[error("{0} chooses its own windows; drop --alpha/--beta")]
    OwnWindows(&'static str),
    /// McCarthy's procedure on a game without optimistic/pessimistic values
    /// (or given a table).
    #[error(
        "{0} needs optimistic/pessimistic values (Knuth & Moore §5), which only explicit trees have here"
    )]
    NeedsBounds(&'static str),
    /// SSS\* or MT-SSS\* would keep more than [`DEFAULT_MEMORY_POSITIONS`]
    /// positions.
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
}

/// McCarthy's procedure for a game that has his bounds: pass
/// `Some(alpha_beta_mccarthy)` to [`Named::run_windowed`] where the game is
/// a [`BoundedGame`], `None` where it is not.
pub type McCarthy<G, O> =
    fn(&mut Search<'_, G, O>, &<G as Game>::Position, u32, Value, Value) -> Value;

impl Extra {
    /// Every extra procedure, in the order `alphabeta procedures` lists them.
    pub const ALL: [Extra; 4] = [
        Extra::McCarthy,
        Extra::TableFailHard,
        Extra::TableFailSoft,
        Extra::Mtdf,
    ];

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Extra::McCarthy => "mccarthy",
            Extra::TableFailHard => "f2-tt",
            Extra::TableFailSoft => "f3-tt",
            Extra::Mtdf => "mtdf",
        }
    }

    /// A one-line description with the seed it comes from.
    pub const fn description(self) -> &'static str {
        match self {
            Extra::McCarthy => {
                "alpha-beta with McCarthy's optimistic/pessimistic bounds (Knuth & Moore §5)"
            }
            Extra::TableFailHard => "fail-hard alpha-beta with a transposition table",
            Extra::TableFailSoft => {
                "fail-soft alpha-beta with a transposition table (Fishburn, Hsu)"
            }
            Extra::Mtdf => {
                "MTD(f): null-window searches with a transposition table (Plaat et al. 1996)"
            }
        }
    }

    /// What the procedure needs of a game.
    pub const fn needs(self) -> Needs {
        match self {
            Extra::McCarthy => Needs::Bounds,
            _ => Needs::Table,
        }
    }

    /// The extra procedure called `name` (exactly, after trimming), if any.
    pub fn from_name(name: &str) -> Option<Extra> {
        let name = name.trim();
        Extra::ALL.into_iter().find(|e| e.name() == name)
    }

    /// Runs a procedure that needs a table (`f2-tt`, `f3-tt`, `mtdf`) on
    /// `root` to `depth` with the window `(alpha, beta)` and `table`.
    /// MTD(f) chooses its own windows and takes only the full one;
    /// McCarthy's procedure is called as [`alpha_beta_mccarthy`] on a
    /// [`BoundedGame`].
    pub fn run_with_table<G: HashedGame, O: Observer>(
        self,
        s: &mut Search<'_, G, O>,
        table: &mut TranspositionTable<G::Move>,
        root: &G::Position,
        depth: u32,
        (alpha, beta): (Value, Value),
    ) -> Result<Value, NotRun> {
        match self {
            Extra::TableFailHard => Ok(alpha_beta_with_table::<FailHard, _, _>(
                s, table, root, depth, alpha, beta,
            )),
            Extra::TableFailSoft => Ok(alpha_beta_with_table::<FailSoft, _, _>(
                s, table, root, depth, alpha, beta,
            )),
            Extra::Mtdf if alpha == NEG_INFINITY && beta == INFINITY => {
                Ok(mtdf(s, table, root, depth, 0))
            }
            Extra::Mtdf => Err(NotRun::OwnWindows(self.name())),
            Extra::McCarthy => Err(NotRun::NeedsBounds(self.name())),
        }
    }
}

impl std::fmt::Display for Extra {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Any procedure of the registry: one of the core's or an extra one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Named {
    /// A procedure that searches any game.
    Core(Procedure),
    /// A procedure that needs bounds or a table.
    Extra(Extra),
}

/// A name that is no procedure of the registry.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("unknown procedure {0:?}; known: {known}", known = Named::all().map(Named::name).collect::<Vec<_>>().join(", "))]
pub struct UnknownName(pub String);

impl Named {
    /// Every procedure: [`Procedure::ALL`], then [`Extra::ALL`].
    pub fn all() -> impl Iterator<Item = Named> {
        Procedure::ALL
            .into_iter()
            .map(Named::Core)
            .chain(Extra::ALL.into_iter().map(Named::Extra))
    }

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Named::Core(p) => p.name(),
            Named::Extra(e) => e.name(),
        }
    }

    /// A one-line description with the seed it comes from.
    pub const fn description(self) -> &'static str {
        match self {
            Named::Core(p) => p.description(),
            Named::Extra(e) => e.description(),
        }
    }
}

impl Named {
    /// Whether the procedure takes the root window `(alpha, beta)`:
    /// exhaustive search, SSS\*, Scout, MT-SSS\*, MTD(f) and win-prune
    /// take only the full window, F1 (one bound) only `alpha = -inf`, the
    /// others any window with `alpha < beta`. [`Named::run_windowed`] asks
    /// this first; the command line's `-p all` uses it to skip procedures.
    pub fn takes_window(self, (alpha, beta): (Value, Value)) -> Result<(), NotRun> {
        if alpha >= beta {
            return Err(NotRun::EmptyWindow(alpha, beta));
        }
        if alpha == NEG_INFINITY && beta == INFINITY {
            return Ok(());
        }
        match self {
            Named::Core(Procedure::Minimax | Procedure::Negamax) => Err(NotRun::NoWindow),
            Named::Core(Procedure::BranchAndBound) if alpha != NEG_INFINITY => {
                Err(NotRun::OneBound)
            }
            Named::Core(Procedure::WinPrune) => Err(NotRun::FullWindow(self.name())),
            Named::Core(Procedure::Sss | Procedure::Scout | Procedure::MtSss)
            | Named::Extra(Extra::Mtdf) => Err(NotRun::OwnWindows(self.name())),
            _ => Ok(()),
        }
    }

    /// Runs the procedure on `root` to `depth` with the root window
    /// `(alpha, beta)`, or says why it cannot ([`Named::takes_window`]).
    /// The full window runs [`Procedure::run`], except that SSS\* and
    /// MT-SSS\* report running out of their [`DEFAULT_MEMORY_POSITIONS`]
    /// as [`NotRun::TooLarge`]; F1 takes `beta` as its one bound; the
    /// table procedures get a table of 2^16 entries; McCarthy's procedure
    /// runs as `mccarthy` (`None`: [`NotRun::NeedsBounds`]).
    pub fn run_windowed<G: HashedGame, O: Observer>(
        self,
        s: &mut Search<'_, G, O>,
        root: &G::Position,
        depth: u32,
        (alpha, beta): (Value, Value),
        mccarthy: Option<McCarthy<G, O>>,
    ) -> Result<Value, NotRun> {
        self.takes_window((alpha, beta))?;
        let full = alpha == NEG_INFINITY && beta == INFINITY;
        Ok(match self {
            Named::Core(Procedure::Sss) => sss_star(s, root, depth, DEFAULT_MEMORY_POSITIONS)?,
            Named::Core(Procedure::MtSss) => mt_sss_star(s, root, depth, DEFAULT_MEMORY_POSITIONS)?,
            Named::Core(p) if full => p.run(s, root, depth),
            Named::Core(Procedure::BranchAndBound) => branch_and_bound(s, root, depth, beta),
            Named::Core(Procedure::HardBound) => alpha_beta_hard_bound(s, root, depth, alpha, beta),
            Named::Core(Procedure::FailHard) => alpha_beta_fail_hard(s, root, depth, alpha, beta),
            Named::Core(Procedure::FailSoft) => alpha_beta_fail_soft(s, root, depth, alpha, beta),
            Named::Core(Procedure::FailHardMinMax) => {
                alpha_beta_minmax(s, root, depth, alpha, beta)
            }
            Named::Core(Procedure::NonRecursive) => {
                alpha_beta_nonrecursive(s, root, depth, alpha, beta)
            }
            Named::Core(Procedure::Pvs) => principal_variation_search(s, root, depth, alpha, beta),
            Named::Core(
                Procedure::Minimax | Procedure::Negamax | Procedure::WinPrune | Procedure::Scout,
            ) => unreachable!("takes_window refuses a window for {self}"),
            Named::Extra(Extra::McCarthy) => match mccarthy {
                Some(run) => run(s, root, depth, alpha, beta),
                None => return Err(NotRun::NeedsBounds(self.name())),
            },
            Named::Extra(e) => {
                let mut table = TranspositionTable::with_entries(1 << 16);
                e.run_with_table(s, &mut table, root, depth, (alpha, beta))?
            }
        })
    }
}

impl std::fmt::Display for Named {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Named {
    type Err = UnknownName;

    /// The extras' names, and the core's names and aliases
    /// ([`Procedure`]'s `FromStr`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Extra::from_name(s)
            .map(Named::Extra)
            .or_else(|| s.parse::<Procedure>().ok().map(Named::Core))
            .ok_or_else(|| UnknownName(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::BoundedGame;
    use crate::observer::Stats;
    use crate::procedures::{alpha_beta_mccarthy, negamax};

    /// The shared test tree of branching 3 and depth 5, leaf values in
    /// -50..=50. Its bounds are the trivial ones, so McCarthy's procedure is
    /// plain F2.
    type Hashed = crate::test_games::Hashed<5, 50>;
    const TREE: Hashed = crate::test_games::Hashed;

    impl BoundedGame for Hashed {
        fn optimistic(&self, _: &(u64, u32)) -> Value {
            INFINITY
        }
        fn pessimistic(&self, _: &(u64, u32)) -> Value {
            NEG_INFINITY
        }
    }

    fn run(n: Named, window: (Value, Value), bounds: bool) -> Result<Value, NotRun> {
        let mut s = Search::with_observer(&TREE, Stats::default());
        let mccarthy: Option<McCarthy<Hashed, Stats>> = bounds.then_some(alpha_beta_mccarthy);
        n.run_windowed(&mut s, &(0, 0), 5, window, mccarthy)
    }

    fn true_value() -> Value {
        negamax(&mut Search::new(&TREE), &(0, 0), 5)
    }

    #[test]
    fn every_procedure_finds_the_negamax_value_in_the_full_window() {
        let v = true_value();
        for n in Named::all() {
            assert_eq!(run(n, (NEG_INFINITY, INFINITY), true), Ok(v), "{n}");
        }
    }

    #[test]
    fn a_window_is_kept_by_the_procedures_that_take_one() {
        // Knuth & Moore eq. (9): inside the window the value, outside a bound
        // on the far side of the window's edge.
        let v = true_value();
        let windows = [(v - 3, v + 3), (v, v + 1), (v + 1, v + 9), (v - 9, v - 1)];
        let takes_any = Named::all().filter(|n| {
            !matches!(
                n,
                Named::Core(
                    Procedure::Minimax
                        | Procedure::Negamax
                        | Procedure::BranchAndBound
                        | Procedure::WinPrune
                        | Procedure::Sss
                        | Procedure::Scout
                        | Procedure::MtSss
                ) | Named::Extra(Extra::Mtdf)
            )
        });
        let mut ran = 0;
        for n in takes_any {
            for (a, b) in windows {
                let got = run(n, (a, b), true).unwrap_or_else(|e| panic!("{n} ({a}, {b}): {e}"));
                if v <= a {
                    assert!(got <= a, "{n} ({a}, {b}): {got}, true value {v}");
                } else if v >= b {
                    assert!(got >= b, "{n} ({a}, {b}): {got}, true value {v}");
                } else {
                    assert_eq!(got, v, "{n} ({a}, {b})");
                }
                ran += 1;
            }
        }
        assert_eq!(ran, 4 * 9);
        // The window reaches the procedure: fail-hard F2 returns the edge.
        let f2 = Named::Core(Procedure::FailHard);
        assert_eq!(run(f2, (v + 1, v + 9), true), Ok(v + 1));
        assert_eq!(run(f2, (v - 9, v - 1), true), Ok(v - 1));
        // F1's one bound is beta.
        let f1 = Named::Core(Procedure::BranchAndBound);
        assert_eq!(run(f1, (NEG_INFINITY, v + 1), true), Ok(v));
        assert!(run(f1, (NEG_INFINITY, v), true).unwrap() >= v);
    }

    #[test]
    fn a_window_a_procedure_does_not_take_is_refused_with_its_reason() {
        let w = (-5, 5);
        let refused = |n: Named| run(n, w, true).unwrap_err();
        for p in [Procedure::Minimax, Procedure::Negamax] {
            assert_eq!(refused(Named::Core(p)), NotRun::NoWindow);
        }
        let f1 = Named::Core(Procedure::BranchAndBound);
        assert_eq!(refused(f1), NotRun::OneBound);
        assert_eq!(
            refused(Named::Core(Procedure::WinPrune)),
            NotRun::FullWindow("win-prune")
        );
        for n in ["sss", "scout", "mt-sss", "mtdf"] {
            let named = n.parse::<Named>().unwrap();
            assert_eq!(refused(named), NotRun::OwnWindows(named.name()), "{n}");
        }
        assert_eq!(
            run(Named::Core(Procedure::FailHard), (3, 3), true),
            Err(NotRun::EmptyWindow(3, 3))
        );
        assert_eq!(
            NotRun::EmptyWindow(INFINITY, 2).to_string(),
            "the window needs alpha < beta (got alpha +inf, beta 2)"
        );
        let mccarthy = Named::Extra(Extra::McCarthy);
        assert_eq!(
            run(mccarthy, (NEG_INFINITY, INFINITY), false),
            Err(NotRun::NeedsBounds("mccarthy"))
        );
        // Each refusal agrees with takes_window, which `-p all` asks.
        for n in Named::all() {
            let asked = n.takes_window(w);
            assert_eq!(asked.is_ok(), run(n, w, true).is_ok(), "{n}");
        }
    }

    #[test]
    fn every_name_parses_back_and_names_are_unique() {
        let names: Vec<&str> = Named::all().map(Named::name).collect();
        assert_eq!(names.len(), Procedure::ALL.len() + 4);
        for (i, n) in names.iter().enumerate() {
            assert!(!names[..i].contains(n), "{n} twice");
            assert_eq!(n.parse::<Named>().unwrap().name(), *n);
        }
        assert_eq!(
            "negascout".parse::<Named>(),
            Ok(Named::Core(Procedure::Pvs))
        );
        assert_eq!(" mtdf ".parse::<Named>(), Ok(Named::Extra(Extra::Mtdf)));
    }

    #[test]
    fn an_unknown_name_lists_every_known_one() {
        let e = "zz".parse::<Named>().unwrap_err().to_string();
        assert!(
            e.starts_with("unknown procedure \"zz\"; known: minimax"),
            "{e}"
        );
        assert!(e.ends_with("mt-sss, mccarthy, f2-tt, f3-tt, mtdf"), "{e}");
    }
}

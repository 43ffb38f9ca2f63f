//! Every procedure by name, and the one way to run one: the list
//! `alphabeta procedures` prints, the command line's `search -p NAME`, the
//! Python package, `alphabeta compare` and the explorer all go through
//! [`Named`].
//!
//! The core's [`Procedure`]s search any [`Game`](crate::Game). The
//! [`Extra`]s need something a game may not offer: McCarthy's procedure
//! needs optimistic and pessimistic values ([`BoundedGame`], Knuth & Moore
//! §5), the other three a hash key for a transposition table
//! ([`HashedGame`]). The parallel procedure, Young Brothers Wait
//! ([`crate::parallel::ybwc`]), needs a game its threads can share
//! ([`SharedGame`]). A game says what it offers through [`Capabilities`];
//! a procedure it cannot run is refused with [`NotRun`].
//!
//! [`Named::run`] runs a procedure on a game with every instrument and
//! returns one [`Outcome`], the type the command line and the Python
//! package write out; [`Named::run_in`] runs one inside a [`Search`] the
//! caller set up (its own instruments, a table it reuses).

use serde::{Serialize, Serializer};

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
use crate::observer::{NodeTypes, Observer, Stats, Trace};
use crate::outcome::{Outcome, ParallelOutcome};
#[cfg(doc)]
use crate::parallel::SharedGame;
use crate::parallel::{Fork, ParallelError, YbwcOptions, YbwcResult};
use crate::search::{Limits, Search};
use crate::table::TranspositionTable;
use crate::value::{INFINITY, NEG_INFINITY, Value, plain};

/// The procedures outside [`Procedure`] that run inside one [`Search`]:
/// they need McCarthy's bounds or a transposition table.
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

/// What a procedure needs of a game beyond [`Game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Needs {
    /// Optimistic and pessimistic values ([`BoundedGame`]).
    Bounds,
    /// A hash key for the transposition table ([`HashedGame`]).
    Table,
    /// Positions and moves its threads can share ([`SharedGame`]).
    Sharing,
}

/// Why a procedure did not run ([`Named::run`], [`Named::run_in`]). The
/// messages speak of the search, not of any command line: a front end
/// adds how its user changes the window.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum NotRun {
    /// The window is empty: alpha is not below beta.
    #[error("the window needs alpha < beta (got alpha {}, beta {})", plain(*.0), plain(*.1))]
    EmptyWindow(Value, Value),
    /// Exhaustive search (minimax, negamax) was given a window.
    #[error("exhaustive search takes no window")]
    NoWindow,
    /// Knuth & Moore's F1 was given a lower bound.
    #[error("f1 (Knuth & Moore's F1) takes one bound, beta, and no alpha")]
    OneBound,
    /// A procedure that searches the full window only was given another one.
    #[error("{0} searches the full window only")]
    FullWindow(&'static str),
    /// SSS\*, Scout, MT-SSS\* or MTD(f) was given a window other than the
    /// full one.
    #[error("{0} chooses its own windows")]
    OwnWindows(&'static str),
    /// McCarthy's procedure on a game without optimistic/pessimistic values.
    #[error(
        "{0} needs optimistic/pessimistic values (Knuth & Moore §5), which this game does not have"
    )]
    NeedsBounds(&'static str),
    /// The parallel procedure on a game whose positions its threads cannot
    /// share.
    #[error("{0} searches on several threads, and this game cannot be shared between threads")]
    NotShared(&'static str),
    /// The parallel procedure asked to run inside a one-thread [`Search`].
    #[error("{0} runs its own searches on its threads, not inside a given one")]
    OwnSearches(&'static str),
    /// The parallel search could not start (threads, limits).
    #[error(transparent)]
    Parallel(#[from] ParallelError),
    /// SSS\* or MT-SSS\* would keep more than [`DEFAULT_MEMORY_POSITIONS`]
    /// positions.
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
    /// A limit ([`Limits`]: a node or time limit, the stop flag) ended the
    /// search before it finished.
    #[error("the search was stopped before it finished")]
    Stopped,
}

/// McCarthy's procedure on a game with his bounds
/// ([`alpha_beta_mccarthy`]), as [`Capabilities::mccarthy`] hands it over.
pub type McCarthy<G, O> =
    fn(&mut Search<'_, G, O>, &<G as Game>::Position, u32, Value, Value) -> Value;

/// Young Brothers Wait on a game its threads can share
/// ([`crate::parallel::ybwc`]), as [`Capabilities::ybwc`] hands it over.
pub type Ybwc<G, O> = fn(
    &G,
    &<G as Game>::Position,
    u32,
    (Value, Value),
    O,
    Limits,
    YbwcOptions,
) -> Result<YbwcResult<<G as Game>::Move, O>, ParallelError>;

/// What a game offers the registry beyond a hash key: each capability is
/// optional, none by default, and a procedure that needs one the game lacks
/// is refused ([`NotRun::NeedsBounds`], [`NotRun::NotShared`]).
///
/// ```
/// # use alphabeta_core::procedures::{Capabilities, McCarthy, Ybwc, alpha_beta_mccarthy};
/// # use alphabeta_core::parallel::{Fork, ybwc};
/// # use alphabeta_core::{BoundedGame, Game, HashedGame, Observer, Value};
/// # struct Nim;
/// # impl Game for Nim {
/// #     type Position = u32; type Move = u32; type Moves = Vec<u32>;
/// #     fn moves(&self, p: &u32, out: &mut Vec<u32>) { out.extend((1..=3).filter(|&k| k <= *p)) }
/// #     fn play(&self, p: &u32, k: u32) -> u32 { p - k }
/// #     fn evaluate(&self, p: &u32, _: usize) -> Value { if *p == 0 { -1 } else { 0 } }
/// # }
/// # impl HashedGame for Nim { fn key(&self, p: &u32) -> u64 { u64::from(*p) } }
/// # impl BoundedGame for Nim {
/// #     fn optimistic(&self, _: &u32) -> Value { 1 }
/// #     fn pessimistic(&self, _: &u32) -> Value { -1 }
/// # }
/// // Nim has McCarthy's bounds and can be shared between threads.
/// impl Capabilities for Nim {
///     fn mccarthy<O: Observer>() -> Option<McCarthy<Self, O>> {
///         Some(alpha_beta_mccarthy)
///     }
///     fn ybwc<O: Fork>() -> Option<Ybwc<Self, O>> {
///         Some(ybwc)
///     }
/// }
/// ```
pub trait Capabilities: HashedGame + Sized {
    /// McCarthy's procedure, for a [`BoundedGame`]: `Some(alpha_beta_mccarthy)`.
    fn mccarthy<O: Observer>() -> Option<McCarthy<Self, O>> {
        None
    }

    /// The parallel procedure, for a [`SharedGame`]:
    /// `Some(alphabeta_core::parallel::ybwc)`.
    fn ybwc<O: Fork>() -> Option<Ybwc<Self, O>> {
        None
    }
}

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
    /// McCarthy's procedure is refused here (it needs bounds, not a table:
    /// [`Named::run_in`] runs it).
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

/// Any procedure of the registry: one of the core's, an extra one, or the
/// parallel one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Named {
    /// A procedure that searches any game.
    Core(Procedure),
    /// A procedure that needs bounds or a table.
    Extra(Extra),
    /// Young Brothers Wait ([`crate::parallel::ybwc`]): fail-hard
    /// alpha-beta on [`RunOptions::threads`] threads.
    Ybwc,
}

/// A name that is no procedure of the registry.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("unknown procedure {0:?}; known: {known}", known = Named::all().map(Named::name).collect::<Vec<_>>().join(", "))]
pub struct UnknownName(pub String);

/// The transposition-table entries [`Named::run`] gives a table procedure
/// unless told otherwise ([`RunOptions::table_entries`]).
pub const DEFAULT_TABLE_ENTRIES: usize = 1 << 16;

/// How [`Named::run`] searches: everything but the game, the root and the
/// procedure.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// The depth limit in plies (`u32::MAX`, the default: to the end).
    pub depth: u32,
    /// The root window `(alpha, beta)` (default the full window; see
    /// [`Named::takes_window`]).
    pub window: (Value, Value),
    /// Node and time limits and a stop flag; a search they end is
    /// [`NotRun::Stopped`].
    pub limits: Limits,
    /// The entries of a table procedure's transposition table (default
    /// [`DEFAULT_TABLE_ENTRIES`]).
    pub table_entries: usize,
    /// The threads of the parallel procedure (default 1; ignored by the
    /// others).
    pub threads: usize,
    /// Whether to record every examined position ([`Outcome::trace`]).
    pub trace: bool,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            depth: u32::MAX,
            window: (NEG_INFINITY, INFINITY),
            limits: Limits::none(),
            table_entries: DEFAULT_TABLE_ENTRIES,
            threads: 1,
            trace: false,
        }
    }
}

/// The instruments of [`Named::run`]: the counts and node types, and the
/// trace when asked for.
trait Instruments: Fork + Default {
    fn trace(&self) -> Option<&Trace>;
    fn counts(&self) -> (&Stats, &NodeTypes);
}

impl Instruments for (Stats, NodeTypes) {
    fn trace(&self) -> Option<&Trace> {
        None
    }
    fn counts(&self) -> (&Stats, &NodeTypes) {
        (&self.0, &self.1)
    }
}

impl Instruments for ((Stats, NodeTypes), Trace) {
    fn trace(&self) -> Option<&Trace> {
        Some(&self.1)
    }
    fn counts(&self) -> (&Stats, &NodeTypes) {
        self.0.counts()
    }
}

impl Named {
    /// Every procedure, in the order `alphabeta procedures` lists them:
    /// [`Procedure::ALL`], [`Extra::ALL`], then the parallel one.
    pub fn all() -> impl Iterator<Item = Named> {
        Named::sequential().chain([Named::Ybwc])
    }

    /// Every procedure but the parallel one (which searches as F2 does):
    /// what the command line's `-p all` and `alphabeta compare` run.
    pub fn sequential() -> impl Iterator<Item = Named> {
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
            Named::Ybwc => "ybwc",
        }
    }

    /// A one-line description with the seed it comes from.
    pub const fn description(self) -> &'static str {
        match self {
            Named::Core(p) => p.description(),
            Named::Extra(e) => e.description(),
            Named::Ybwc => {
                "parallel fail-hard alpha-beta, Young Brothers Wait driven by node types (Hsu slide 43)"
            }
        }
    }

    /// What the procedure needs of a game beyond [`Game`], if anything.
    pub const fn needs(self) -> Option<Needs> {
        match self {
            Named::Core(_) => None,
            Named::Extra(e) => Some(e.needs()),
            Named::Ybwc => Some(Needs::Sharing),
        }
    }

    /// Whether Knuth & Moore's Theorem 2 bounds the procedure by the
    /// minimal tree: not McCarthy's (its bounds are knowledge beyond the
    /// leaf values) nor the table procedures on a game with transpositions
    /// (a position met on two paths is one table entry but two leaves of
    /// the tree).
    pub const fn bounded_by_minimal_tree(self) -> bool {
        !matches!(self.needs(), Some(Needs::Bounds | Needs::Table))
    }

    /// Whether the procedure takes the root window `(alpha, beta)`:
    /// exhaustive search, SSS\*, Scout, MT-SSS\*, MTD(f) and win-prune
    /// take only the full window, F1 (one bound) only `alpha = -inf`, the
    /// others any window with `alpha < beta`. [`Named::run`] asks this
    /// first; the command line's `-p all` uses it to skip procedures.
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

    /// Whether `G` offers what the procedure needs: [`NotRun::NeedsBounds`]
    /// or [`NotRun::NotShared`] where it does not.
    pub fn runs_on<G: Capabilities>(self) -> Result<(), NotRun> {
        match self.needs() {
            Some(Needs::Bounds) if G::mccarthy::<Stats>().is_none() => {
                Err(NotRun::NeedsBounds(self.name()))
            }
            Some(Needs::Sharing) if G::ybwc::<Stats>().is_none() => {
                Err(NotRun::NotShared(self.name()))
            }
            _ => Ok(()),
        }
    }

    /// Runs the procedure inside `s` on `root` to `depth` with the root
    /// window `(alpha, beta)`, or says why it cannot
    /// ([`Named::takes_window`], [`Named::runs_on`]). The full window runs
    /// [`Procedure::run`], except that SSS\* and MT-SSS\* report running out
    /// of their [`DEFAULT_MEMORY_POSITIONS`] as [`NotRun::TooLarge`]; F1
    /// takes `beta` as its one bound; a table procedure uses `table`
    /// (cleared or not, as the caller left it), or a new one of
    /// [`DEFAULT_TABLE_ENTRIES`]. The parallel procedure runs its own
    /// searches ([`NotRun::OwnSearches`]: call [`Named::run`]).
    pub fn run_in<G: Capabilities, O: Observer>(
        self,
        s: &mut Search<'_, G, O>,
        root: &G::Position,
        depth: u32,
        (alpha, beta): (Value, Value),
        table: Option<&mut TranspositionTable<G::Move>>,
    ) -> Result<Value, NotRun> {
        self.takes_window((alpha, beta))?;
        self.runs_on::<G>()?;
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
            Named::Extra(Extra::McCarthy) => match G::mccarthy() {
                Some(run) => run(s, root, depth, alpha, beta),
                None => unreachable!("runs_on refuses {self} without bounds"),
            },
            Named::Extra(e) => match table {
                Some(table) => e.run_with_table(s, table, root, depth, (alpha, beta))?,
                None => {
                    let mut table = TranspositionTable::with_entries(DEFAULT_TABLE_ENTRIES);
                    e.run_with_table(s, &mut table, root, depth, (alpha, beta))?
                }
            },
            Named::Ybwc => return Err(NotRun::OwnSearches(self.name())),
        })
    }

    /// Runs the procedure on `game` from `root` as `options` say, with
    /// every instrument ([`Stats`], [`NodeTypes`], and a [`Trace`] when
    /// asked for), or says why it cannot ([`Named::takes_window`],
    /// [`Named::runs_on`], a search a limit stopped). The one dispatch of
    /// the command line's `search`, the Python package and their schema
    /// (docs/schema.md).
    pub fn run<G: Capabilities>(
        self,
        game: &G,
        root: &G::Position,
        options: &RunOptions,
    ) -> Result<Outcome<G::Move>, NotRun> {
        if options.trace {
            self.run_with::<G, ((Stats, NodeTypes), Trace)>(game, root, options)
        } else {
            self.run_with::<G, (Stats, NodeTypes)>(game, root, options)
        }
    }

    fn run_with<G: Capabilities, I: Instruments>(
        self,
        game: &G,
        root: &G::Position,
        options: &RunOptions,
    ) -> Result<Outcome<G::Move>, NotRun> {
        let depth = options.depth;
        if self == Named::Ybwc {
            self.takes_window(options.window)?;
            let ybwc = G::ybwc::<I>().ok_or(NotRun::NotShared(self.name()))?;
            let parallel = YbwcOptions {
                threads: options.threads,
                ..YbwcOptions::default()
            };
            let r = ybwc(
                game,
                root,
                depth,
                options.window,
                I::default(),
                options.limits.clone(),
                parallel,
            )?;
            if !r.complete {
                return Err(NotRun::Stopped);
            }
            let (stats, types) = r.observer.counts();
            let mut outcome =
                Outcome::new(self.name(), r.value, r.pv, stats, types, r.observer.trace());
            outcome.parallel = Some(ParallelOutcome::of(options.threads, r.stats));
            return Ok(outcome);
        }
        let mut s = Search::with_observer(game, I::default()).limits(options.limits.clone());
        let mut table = match self.needs() {
            Some(Needs::Table) => Some(TranspositionTable::with_entries(options.table_entries)),
            _ => None,
        };
        let value = self.run_in(&mut s, root, depth, options.window, table.as_mut())?;
        if s.stopped() {
            return Err(NotRun::Stopped);
        }
        let pv = s.principal_variation();
        let instruments = s.into_observer();
        let (stats, types) = instruments.counts();
        Ok(Outcome::new(
            self.name(),
            value,
            pv,
            stats,
            types,
            instruments.trace(),
        ))
    }
}

impl std::fmt::Display for Named {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl PartialEq<&str> for Named {
    /// A procedure equals its name ([`Named::name`]).
    fn eq(&self, name: &&str) -> bool {
        self.name() == *name
    }
}

impl Serialize for Named {
    /// A procedure is written as its name.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl std::str::FromStr for Named {
    type Err = UnknownName;

    /// The extras' names, the parallel one's, and the core's names and
    /// aliases ([`Procedure`]'s `FromStr`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Extra::from_name(s)
            .map(Named::Extra)
            .or_else(|| (s.trim() == Named::Ybwc.name()).then_some(Named::Ybwc))
            .or_else(|| s.parse::<Procedure>().ok().map(Named::Core))
            .ok_or_else(|| UnknownName(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::BoundedGame;
    use crate::parallel::ybwc;
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

    impl Capabilities for Hashed {
        fn mccarthy<O: Observer>() -> Option<McCarthy<Self, O>> {
            Some(alpha_beta_mccarthy)
        }
        fn ybwc<O: Fork>() -> Option<Ybwc<Self, O>> {
            Some(ybwc)
        }
    }

    /// A tree of the same shape that offers nothing beyond its hash key.
    type Plain = crate::test_games::Hashed<4, 50>;
    impl Capabilities for Plain {}

    fn run(n: Named, window: (Value, Value), bounds: bool) -> Result<Value, NotRun> {
        let options = RunOptions {
            depth: 5,
            window,
            ..RunOptions::default()
        };
        if bounds {
            n.run(&TREE, &(0, 0), &options).map(|o| o.value)
        } else {
            n.run(&crate::test_games::Hashed::<4, 50>, &(0, 0), &options)
                .map(|o| o.value)
        }
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
        assert_eq!(ran, 4 * 10);
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
        assert_eq!(names.len(), Procedure::ALL.len() + 5);
        assert_eq!(Named::sequential().count(), names.len() - 1);
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
        assert!(
            e.ends_with("mt-sss, mccarthy, f2-tt, f3-tt, mtdf, ybwc"),
            "{e}"
        );
    }

    #[test]
    fn run_reports_the_instruments_of_the_search_it_dispatches() {
        let options = RunOptions {
            depth: 5,
            ..RunOptions::default()
        };
        for n in Named::sequential() {
            let o = n.run(&TREE, &(0, 0), &options).unwrap();
            // The same search with only the counts attached, by hand.
            let mut s = Search::with_observer(&TREE, Stats::default());
            let v = n
                .run_in(&mut s, &(0, 0), 5, (NEG_INFINITY, INFINITY), None)
                .unwrap();
            let pv = s.principal_variation();
            let stats = s.into_observer();
            assert_eq!((o.value, &o.principal_variation), (v, &pv), "{n}");
            assert_eq!(o.best_move, pv.first().copied(), "{n}");
            assert_eq!(o.positions_examined, stats.nodes(), "{n}");
            assert_eq!(o.bottom_per_level, stats.leaves_per_ply(), "{n}");
            assert_eq!(o.settled_positions, stats.settled(), "{n}");
            assert_eq!(o.re_searches, stats.re_searches, "{n}");
            assert_eq!(o.node_types.0.iter().sum::<u64>(), stats.nodes(), "{n}");
            assert_eq!(o.trace, None);
            // A trace changes nothing but adds one line per examined position.
            let traced = RunOptions {
                trace: true,
                ..options.clone()
            };
            let t = n.run(&TREE, &(0, 0), &traced).unwrap();
            let lines = t.trace.clone().unwrap();
            assert_eq!(lines.len() as u64, stats.nodes(), "{n}");
            assert_eq!(Outcome { trace: None, ..t }, o, "{n}");
        }
    }

    #[test]
    fn the_parallel_procedure_on_one_thread_counts_as_f2() {
        let options = RunOptions {
            depth: 5,
            window: (-20, 20),
            ..RunOptions::default()
        };
        let f2 = Named::Core(Procedure::FailHard)
            .run(&TREE, &(0, 0), &options)
            .unwrap();
        let mut y = Named::Ybwc.run(&TREE, &(0, 0), &options).unwrap();
        let parallel = y.parallel.take().unwrap();
        assert_eq!(parallel.threads, 1);
        assert_eq!(parallel.positions_per_thread, [f2.positions_examined]);
        assert_eq!(
            Outcome {
                procedure: "f2",
                ..y
            },
            f2
        );
    }

    #[test]
    fn what_a_game_lacks_or_a_limit_stops_is_refused() {
        let plain = crate::test_games::Hashed::<4, 50>;
        let o = RunOptions::default();
        assert_eq!(
            Named::Ybwc.run(&plain, &(0, 0), &o),
            Err(NotRun::NotShared("ybwc"))
        );
        assert_eq!(
            Named::Ybwc.runs_on::<Plain>(),
            Err(NotRun::NotShared("ybwc"))
        );
        assert_eq!(Named::Ybwc.runs_on::<Hashed>(), Ok(()));
        let mut s = Search::new(&TREE);
        assert_eq!(
            Named::Ybwc.run_in(&mut s, &(0, 0), 5, (NEG_INFINITY, INFINITY), None),
            Err(NotRun::OwnSearches("ybwc"))
        );
        let limited = RunOptions {
            limits: Limits {
                nodes: Some(10),
                ..Limits::none()
            },
            ..RunOptions::default()
        };
        let f2 = Named::Core(Procedure::FailHard);
        assert_eq!(f2.run(&TREE, &(0, 0), &limited), Err(NotRun::Stopped));
        assert!(matches!(
            Named::Ybwc.run(&TREE, &(0, 0), &limited),
            Err(NotRun::Parallel(ParallelError::NodeLimit))
        ));
    }

    #[test]
    fn refusals_name_no_command_line_option() {
        let refusals = [
            NotRun::EmptyWindow(3, 3),
            NotRun::NoWindow,
            NotRun::OneBound,
            NotRun::FullWindow("win-prune"),
            NotRun::OwnWindows("mtdf"),
            NotRun::NeedsBounds("mccarthy"),
            NotRun::NotShared("ybwc"),
            NotRun::OwnSearches("ybwc"),
            NotRun::Stopped,
        ];
        for e in refusals {
            let m = e.to_string();
            assert!(!m.contains("--"), "{m}");
        }
        for n in Named::all() {
            assert!(!n.description().contains("--"), "{n}");
        }
    }

    #[test]
    fn the_theorem_2_bound_leaves_out_bounds_and_tables() {
        let unbounded: Vec<&str> = Named::all()
            .filter(|n| !n.bounded_by_minimal_tree())
            .map(Named::name)
            .collect();
        assert_eq!(unbounded, ["mccarthy", "f2-tt", "f3-tt", "mtdf"]);
    }
}

//! Instruments: what a procedure reports as it searches.
//!
//! Every procedure is generic over an [`Observer`]. [`NoObserver`] is a
//! zero-sized type whose methods are empty, so an uninstrumented search
//! compiles to the bare procedure (the `instruments` benchmark measures it).
//! The instruments of the seeds are:
//!
//! * [`Stats`]: positions examined, bottom positions (NBP, Fuller §3) and move
//!   generations (NMG) per level, and cutoffs split into alpha/beta (Fuller
//!   §2) and shallow/deep (Knuth §3);
//! * [`NodeTypes`]: the type of each examined node (Knuth Theorem 1, Hsu's
//!   types 1, 2.1, 2.2, 3.1, 3.2);
//! * [`Trace`]: every event in order, each with the Dewey path of its
//!   position (the examined nodes with their windows, evaluations,
//!   expansions, cutoffs, returned values).
//!
//! Observers combine as tuples: `(Stats::default(), NodeTypes::default())`.

use crate::dewey::DeweyPath;
use crate::value::Value;

/// Which bound caused a cutoff, in Fuller's min/max terms (§2): a node where
/// Max moves (even ply, the root being Max) stops when a successor reaches
/// its beta value (a *beta cutoff*, recorded by Fuller at the successor's odd
/// level); a Min node (odd ply) stops on an *alpha cutoff*.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CutoffKind {
    /// A Min node's successor fell to the alpha value of an ancestor Max node.
    Alpha,
    /// A Max node's successor rose to the beta value of an ancestor Min node.
    Beta,
}

impl CutoffKind {
    /// The kind of a cutoff made by a node at `ply` (root = 0 = Max).
    #[inline]
    pub const fn at_ply(ply: usize) -> Self {
        if ply.is_multiple_of(2) {
            CutoffKind::Beta
        } else {
            CutoffKind::Alpha
        }
    }
}

/// A cutoff: a node stopped examining its successors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cutoff {
    /// Alpha or beta (Fuller §2).
    pub kind: CutoffKind,
    /// Deep (Knuth §3, Fuller Fig. 2.2): the bound that caused it came from
    /// an ancestor two or more levels above the cutting node — the bound the
    /// parent's own successors give would not have caused it. Only procedures
    /// with two bounds (alpha-beta) make deep cutoffs; Knuth's F1 never does.
    /// The parent's own bound is made of the values its successors returned,
    /// so the three return rules (hard bound, fail-hard, fail-soft) make the
    /// same cutoffs but may classify a few of them differently.
    pub deep: bool,
    /// Successors left unexamined.
    pub pruned: usize,
}

/// Receives the events of a search. Every method has an empty default.
pub trait Observer {
    /// Whether the observer listens at all. Only [`NoObserver`] says no; the
    /// procedures then skip the bookkeeping that feeds the events (such as
    /// telling deep cutoffs from shallow ones), so an unobserved search costs
    /// exactly what the bare procedure costs.
    const ACTIVE: bool = true;
    /// A position was examined: `ply` is its depth (root 0), `index` its
    /// 1-based rank among its siblings (0 for the root), `(alpha, beta)` the
    /// window it was searched with, from the viewpoint of the side to move
    /// there (negamax); one-bound procedures report `alpha = −∞`.
    #[inline]
    fn node(&mut self, _ply: usize, _index: usize, _alpha: Value, _beta: Value) {}
    /// A bottom position (terminal, at the horizon, or cut off by a limit)
    /// was evaluated, with this value for the side to move.
    #[inline]
    fn leaf(&mut self, _ply: usize, _value: Value) {}
    /// `count` positions on level `ply` were examined. Every examined
    /// position is reported here once as well as to [`Observer::node`], but
    /// in batches where the procedure can: alpha-beta reports the successors
    /// a node examined when its loop ends, the other procedures one position
    /// at a time. An instrument that only counts positions listens here, so
    /// it costs one addition per node and keeps nothing extra live in the
    /// loop over successors.
    #[inline]
    fn examined(&mut self, _ply: usize, _count: u64) {}
    /// A position was settled without being evaluated or expanded: a
    /// transposition-table entry or McCarthy's bounds gave its value `value`.
    #[inline]
    fn settled(&mut self, _ply: usize, _value: Value) {}
    /// The successors of a position at `ply` were generated (one move
    /// generation, Fuller's NMG).
    #[inline]
    fn expand(&mut self, _ply: usize, _successors: usize) {}
    /// A position at `ply` stopped examining its successors.
    #[inline]
    fn cutoff(&mut self, _ply: usize, _cutoff: Cutoff) {}
    /// The position at `ply` is about to be searched again after a
    /// null-window test proved it better than expected (Scout, NegaScout),
    /// or, at ply 0, the root is searched again by one more null-window pass
    /// (MTD(f), MT-SSS\*).
    #[inline]
    fn research(&mut self, _ply: usize) {}
    /// The next position reported to [`Observer::node`] is a successor of
    /// the position at `parent` (a Dewey path). Only procedures that do not
    /// examine positions depth-first (SSS\*) send it, so that the observers
    /// that keep the path of the current position ([`Trace`], [`NodeTypes`])
    /// stay right.
    #[inline]
    fn jump(&mut self, _parent: &[u32]) {}
    /// The search of the position at `ply` entered last returned `value`,
    /// from the viewpoint of its side to move (negamax; the min/max
    /// procedures convert). A position searched twice (a re-search) returns
    /// twice. Only a step-by-step trace listens (the explorer); the counting
    /// instruments do not, so it costs them nothing.
    #[inline]
    fn returned(&mut self, _ply: usize, _value: Value) {}
    /// [`Observer::examined`] from a search that also gives the height of
    /// the level: its distance from the search's horizon (the depth left
    /// there), which near the horizon is a constant of the code that
    /// reports it.
    ///
    /// A search that reports by height (alpha-beta's compact path, which
    /// settles no position) sends these `_near` events where, and in the
    /// order in which, it would send the plain ones: the positions examined
    /// below its root through [`Observer::examined_near`], every expansion
    /// through [`Observer::expand_near`], every bottom position above the
    /// horizon through [`Observer::leaf_near`], the cutoffs of the levels
    /// whose height its code knows through [`Observer::cutoff_near`]; and
    /// when it ends, [`Observer::near_done`] with the number of positions
    /// it examined below the root. Every position examined at a height
    /// h ≥ 1 is then either expanded or a bottom position, and the horizon's
    /// positions are all the others, so an instrument that only counts may
    /// derive the expansions and the horizon's positions when the search
    /// ends instead of counting them one by one in its innermost loops.
    /// Each default is the plain event, so an observer that records events
    /// (such as [`Trace`]) sees exactly the plain stream.
    #[inline]
    fn examined_near(&mut self, ply: usize, _height: usize, count: u64) {
        self.examined(ply, count)
    }
    /// [`Observer::expand`] with the height of the level (see
    /// [`Observer::examined_near`]).
    #[inline]
    fn expand_near(&mut self, ply: usize, _height: usize, successors: usize) {
        self.expand(ply, successors)
    }
    /// [`Observer::leaf`] for a bottom position at height ≥ 1 (see
    /// [`Observer::examined_near`]).
    #[inline]
    fn leaf_near(&mut self, ply: usize, _height: usize, value: Value) {
        self.leaf(ply, value)
    }
    /// [`Observer::cutoff`] with the height of the level of the position
    /// that made it (see [`Observer::examined_near`]).
    #[inline]
    fn cutoff_near(&mut self, ply: usize, _height: usize, cutoff: Cutoff) {
        self.cutoff(ply, cutoff)
    }
    /// A search that reported by height ([`Observer::examined_near`])
    /// ended: its root was at ply 0 and height `depth` (so the level of
    /// height h was ply `depth − h`), and it examined `positions` positions
    /// below the root.
    #[inline]
    fn near_done(&mut self, _depth: usize, _positions: u64) {}
}

/// The observer that observes nothing, at no cost.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl Observer for NoObserver {
    const ACTIVE: bool = false;
}

impl<O: Observer + ?Sized> Observer for &mut O {
    const ACTIVE: bool = O::ACTIVE;
    #[inline]
    fn node(&mut self, ply: usize, index: usize, alpha: Value, beta: Value) {
        (**self).node(ply, index, alpha, beta)
    }
    #[inline]
    fn leaf(&mut self, ply: usize, value: Value) {
        (**self).leaf(ply, value)
    }
    #[inline]
    fn examined(&mut self, ply: usize, count: u64) {
        (**self).examined(ply, count)
    }
    #[inline]
    fn settled(&mut self, ply: usize, value: Value) {
        (**self).settled(ply, value)
    }
    #[inline]
    fn expand(&mut self, ply: usize, successors: usize) {
        (**self).expand(ply, successors)
    }
    #[inline]
    fn cutoff(&mut self, ply: usize, cutoff: Cutoff) {
        (**self).cutoff(ply, cutoff)
    }
    #[inline]
    fn research(&mut self, ply: usize) {
        (**self).research(ply)
    }
    #[inline]
    fn jump(&mut self, parent: &[u32]) {
        (**self).jump(parent)
    }
    #[inline]
    fn returned(&mut self, ply: usize, value: Value) {
        (**self).returned(ply, value)
    }
    #[inline]
    fn examined_near(&mut self, ply: usize, height: usize, count: u64) {
        (**self).examined_near(ply, height, count)
    }
    #[inline]
    fn expand_near(&mut self, ply: usize, height: usize, successors: usize) {
        (**self).expand_near(ply, height, successors)
    }
    #[inline]
    fn leaf_near(&mut self, ply: usize, height: usize, value: Value) {
        (**self).leaf_near(ply, height, value)
    }
    #[inline]
    fn cutoff_near(&mut self, ply: usize, height: usize, cutoff: Cutoff) {
        (**self).cutoff_near(ply, height, cutoff)
    }
    #[inline]
    fn near_done(&mut self, depth: usize, positions: u64) {
        (**self).near_done(depth, positions)
    }
}

impl<A: Observer, B: Observer> Observer for (A, B) {
    const ACTIVE: bool = A::ACTIVE || B::ACTIVE;
    #[inline]
    fn node(&mut self, ply: usize, index: usize, alpha: Value, beta: Value) {
        self.0.node(ply, index, alpha, beta);
        self.1.node(ply, index, alpha, beta);
    }
    #[inline]
    fn leaf(&mut self, ply: usize, value: Value) {
        self.0.leaf(ply, value);
        self.1.leaf(ply, value);
    }
    #[inline]
    fn examined(&mut self, ply: usize, count: u64) {
        self.0.examined(ply, count);
        self.1.examined(ply, count);
    }
    #[inline]
    fn settled(&mut self, ply: usize, value: Value) {
        self.0.settled(ply, value);
        self.1.settled(ply, value);
    }
    #[inline]
    fn expand(&mut self, ply: usize, successors: usize) {
        self.0.expand(ply, successors);
        self.1.expand(ply, successors);
    }
    #[inline]
    fn cutoff(&mut self, ply: usize, cutoff: Cutoff) {
        self.0.cutoff(ply, cutoff);
        self.1.cutoff(ply, cutoff);
    }
    #[inline]
    fn research(&mut self, ply: usize) {
        self.0.research(ply);
        self.1.research(ply);
    }
    #[inline]
    fn jump(&mut self, parent: &[u32]) {
        self.0.jump(parent);
        self.1.jump(parent);
    }
    #[inline]
    fn returned(&mut self, ply: usize, value: Value) {
        self.0.returned(ply, value);
        self.1.returned(ply, value);
    }
    #[inline]
    fn examined_near(&mut self, ply: usize, height: usize, count: u64) {
        self.0.examined_near(ply, height, count);
        self.1.examined_near(ply, height, count);
    }
    #[inline]
    fn expand_near(&mut self, ply: usize, height: usize, successors: usize) {
        self.0.expand_near(ply, height, successors);
        self.1.expand_near(ply, height, successors);
    }
    #[inline]
    fn leaf_near(&mut self, ply: usize, height: usize, value: Value) {
        self.0.leaf_near(ply, height, value);
        self.1.leaf_near(ply, height, value);
    }
    #[inline]
    fn cutoff_near(&mut self, ply: usize, height: usize, cutoff: Cutoff) {
        self.0.cutoff_near(ply, height, cutoff);
        self.1.cutoff_near(ply, height, cutoff);
    }
    #[inline]
    fn near_done(&mut self, depth: usize, positions: u64) {
        self.0.near_done(depth, positions);
        self.1.near_done(depth, positions);
    }
}

/// Counts per level and per kind: the measures of Fuller §3–§5 and Knuth §3.
///
/// Every examined position ends in exactly one way — evaluated as a bottom
/// position, expanded, or settled — so the instrument counts the positions
/// examined, the expansions and the settled positions on each level, and
/// the bottom positions are what is left ([`Stats::leaves_per_ply`]).
///
/// All counts are integers so that sums over many trees are exact and do not
/// depend on the order in which trees finish. The per-level lists all have
/// [`Stats::levels`] entries.
///
/// The first 64 levels are counted in arrays inside the instrument, so that counting a position costs one comparison with a
/// constant and one addition: no length or pointer to load, no allocation
/// (docs/performance.md, the Monte Carlo kernel). Deeper levels spill into a
/// vector. A search that reports by height ([`Observer::examined_near`]) is
/// counted by height while it runs, with its expansions and its horizon's
/// positions derived when it ends; the counts read the same.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Stats {
    nodes: PerLevel,
    expansions: PerLevel,
    settled: PerLevel,
    /// Cutoffs by depth and kind, `cutoffs[deep][kind]` (deep as 0 or 1,
    /// the kind as [`CutoffKind`] orders it): one count per cutoff, which a
    /// cutoff's two flags pick, rather than one per flag. The totals by
    /// kind, the deep ones and the shallow ones are sums of these
    /// ([`Stats::alpha_cutoffs`], [`Stats::deep_cutoffs`]).
    cutoffs: [[u64; 2]; 2],
    /// Successors left unexamined, by the depth of the cutoff that left
    /// them, `pruned[deep]`: all pruned branches and the deep ones are sums
    /// of these ([`Stats::pruned`], [`Stats::deep_pruned`]).
    pruned: [u64; 2],
    /// Re-searches ([`Observer::research`]): positions searched again after
    /// a null-window test failed high (Scout, NegaScout), and root passes
    /// after the first (MTD(f), MT-SSS\*).
    pub re_searches: u64,
    /// The counts of a search that reports by height, until it ends and
    /// they join the counts above ([`Observer::near_done`]); zero between
    /// searches.
    near: Near,
}

/// The heights whose cutoffs [`Stats`] counts by height: those below 4,
/// the levels that alpha-beta's compact path searches in its inlined loops.
const NEAR_CUTOFFS: usize = 4;

/// The counts of a search that reports by height ([`Observer::examined_near`]),
/// by height (distance from the horizon). Near the horizon the height is a
/// constant of the code that reports, so each count is one addition at a
/// fixed place, with no level kept in a register; the expansions and the
/// horizon's positions, the counts of the innermost loops, are not counted
/// at all but derived when the search ends (docs/performance.md).
#[derive(Clone, PartialEq, Eq)]
struct Near {
    /// Positions examined, `[height]` (the horizon's, height 0, derived).
    nodes: [u64; INLINE_LEVELS],
    /// Bottom positions above the horizon, `[height]`.
    bottoms: [u64; INLINE_LEVELS],
    /// `cutoffs[height][deep]`, below [`NEAR_CUTOFFS`]; the kind is the
    /// level's, known by ply when the search ends.
    cutoffs: [[u64; 2]; NEAR_CUTOFFS],
}

impl Default for Near {
    fn default() -> Self {
        Near {
            nodes: [0; INLINE_LEVELS],
            bottoms: [0; INLINE_LEVELS],
            cutoffs: [[0; 2]; NEAR_CUTOFFS],
        }
    }
}

/// Adds `by` to a count of [`Near`], in memory: one addition to memory.
/// Those counts sit at fixed places, so the compiler would otherwise hold
/// them across the loops that count them — in registers those loops need,
/// so on the stack, and stored back to the instrument at every count
/// (docs/performance.md).
#[inline(always)]
fn bump(count: &mut u64, by: u64) {
    // SAFETY: `count` is a valid, aligned reference, and no other reference
    // to it exists while it is borrowed.
    unsafe { std::ptr::write_volatile(count, std::ptr::read_volatile(count) + by) }
}

/// The levels (plies) whose counts a [`Stats`] keeps inline. A procedure
/// that only reports plies below it, and says so to the compiler (the
/// compact alpha-beta path reduces each ply modulo this number, which
/// leaves it unchanged there), counts with no check of the level at all.
pub(crate) const INLINE_LEVELS: usize = 64;

/// One count per level: levels below [`INLINE_LEVELS`] in an array, deeper
/// ones in a vector grown on demand.
#[derive(Clone, PartialEq, Eq)]
struct PerLevel {
    head: [u64; INLINE_LEVELS],
    /// Levels `INLINE_LEVELS..`, without trailing zeros (a level is only
    /// added by a count, and counts are positive).
    tail: Vec<u64>,
}

impl Default for PerLevel {
    fn default() -> Self {
        PerLevel {
            head: [0; INLINE_LEVELS],
            tail: Vec::new(),
        }
    }
}

impl PerLevel {
    /// Adds `n` at level `ply`.
    #[inline(always)]
    fn add(&mut self, ply: usize, n: u64) {
        match self.head.get_mut(ply) {
            Some(count) => *count += n,
            None => self.add_deep(ply, n),
        }
    }

    /// Adds `n` at a level beyond the inline ones.
    #[cold]
    #[inline(never)]
    fn add_deep(&mut self, ply: usize, n: u64) {
        if n == 0 {
            // No level is added without a count (summed counts may be 0).
            return;
        }
        let i = ply - INLINE_LEVELS;
        if self.tail.len() <= i {
            self.tail.resize(i + 1, 0);
        }
        self.tail[i] += n;
    }

    /// The count at level `ply`.
    fn get(&self, ply: usize) -> u64 {
        match self.head.get(ply) {
            Some(&count) => count,
            None => self.tail.get(ply - INLINE_LEVELS).copied().unwrap_or(0),
        }
    }

    /// One more than the deepest level with a nonzero count (0 if none).
    fn len(&self) -> usize {
        if !self.tail.is_empty() {
            return INLINE_LEVELS + self.tail.len();
        }
        self.head.iter().rposition(|&c| c != 0).map_or(0, |l| l + 1)
    }

    /// The counts of levels `0..levels`.
    fn to_vec(&self, levels: usize) -> Vec<u64> {
        (0..levels).map(|l| self.get(l)).collect()
    }

    fn sum(&self) -> u64 {
        self.head.iter().sum::<u64>() + self.tail.iter().sum::<u64>()
    }

    fn merge(&mut self, other: &PerLevel) {
        for (x, y) in self.head.iter_mut().zip(&other.head) {
            *x += y;
        }
        if self.tail.len() < other.tail.len() {
            self.tail.resize(other.tail.len(), 0);
        }
        for (x, y) in self.tail.iter_mut().zip(&other.tail) {
            *x += y;
        }
    }

    fn clear(&mut self) {
        self.head = [0; INLINE_LEVELS];
        self.tail.clear();
    }
}

impl std::fmt::Debug for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Stats")
            .field("nodes", &self.nodes_per_ply())
            .field("expansions", &self.expansions_per_ply())
            .field("settled", &self.settled_per_ply())
            .field("alpha_cutoffs", &self.alpha_cutoffs())
            .field("beta_cutoffs", &self.beta_cutoffs())
            .field("deep_cutoffs", &self.deep_cutoffs())
            .field("pruned", &self.pruned())
            .field("deep_pruned", &self.deep_pruned())
            .field("re_searches", &self.re_searches)
            .finish()
    }
}

impl Stats {
    /// The number of levels reached: one more than the deepest ply where a
    /// position was examined.
    pub fn levels(&self) -> usize {
        self.nodes.len()
    }
    /// Positions examined on each level (index = ply).
    pub fn nodes_per_ply(&self) -> Vec<u64> {
        self.nodes.to_vec(self.levels())
    }
    /// Bottom positions evaluated on each level (index = ply; Fuller's NBP,
    /// by level): the examined positions that were neither expanded nor
    /// settled.
    pub fn leaves_per_ply(&self) -> Vec<u64> {
        (0..self.levels())
            .map(|l| self.nodes.get(l) - self.expansions.get(l) - self.settled.get(l))
            .collect()
    }
    /// Move generations on each level (Fuller's NMG, by level).
    pub fn expansions_per_ply(&self) -> Vec<u64> {
        self.expansions.to_vec(self.levels())
    }
    /// Positions settled on each level without being evaluated or expanded
    /// (a transposition-table entry, McCarthy's bounds).
    pub fn settled_per_ply(&self) -> Vec<u64> {
        self.settled.to_vec(self.levels())
    }
    /// Total positions examined.
    pub fn nodes(&self) -> u64 {
        self.nodes.sum()
    }
    /// Total bottom positions (NBP).
    pub fn leaves(&self) -> u64 {
        self.nodes() - self.expansions() - self.settled()
    }
    /// Total move generations (NMG).
    pub fn expansions(&self) -> u64 {
        self.expansions.sum()
    }
    /// Total settled positions.
    pub fn settled(&self) -> u64 {
        self.settled.sum()
    }
    /// Total cutoffs.
    pub fn cutoffs(&self) -> u64 {
        self.alpha_cutoffs() + self.beta_cutoffs()
    }
    /// Alpha cutoffs (made by Min nodes), shallow and deep.
    pub fn alpha_cutoffs(&self) -> u64 {
        self.of_kind(CutoffKind::Alpha)
    }
    /// Beta cutoffs (made by Max nodes), shallow and deep.
    pub fn beta_cutoffs(&self) -> u64 {
        self.of_kind(CutoffKind::Beta)
    }
    fn of_kind(&self, kind: CutoffKind) -> u64 {
        self.cutoffs[0][kind as usize] + self.cutoffs[1][kind as usize]
    }
    /// Deep cutoffs of either kind (Knuth §3).
    pub fn deep_cutoffs(&self) -> u64 {
        self.cutoffs[1].iter().sum()
    }
    /// Shallow cutoffs (the bound came from the cutting node's parent).
    pub fn shallow_cutoffs(&self) -> u64 {
        self.cutoffs[0].iter().sum()
    }
    /// Successors left unexamined by all cutoffs (pruned branches).
    pub fn pruned(&self) -> u64 {
        self.pruned[0] + self.pruned[1]
    }
    /// Successors left unexamined by deep cutoffs. Knuth & Moore's figures
    /// mark each pruned branch; their "five deep cutoffs" of Fig. 3 are five
    /// branches pruned by three deep cutoff events.
    pub fn deep_pruned(&self) -> u64 {
        self.pruned[1]
    }
    /// Adds another search's counts to these (for Monte Carlo sums).
    pub fn merge(&mut self, other: &Stats) {
        self.nodes.merge(&other.nodes);
        self.expansions.merge(&other.expansions);
        self.settled.merge(&other.settled);
        for (row, other_row) in self.cutoffs.iter_mut().zip(&other.cutoffs) {
            for (x, y) in row.iter_mut().zip(other_row) {
                *x += y;
            }
        }
        for (x, y) in self.pruned.iter_mut().zip(&other.pruned) {
            *x += y;
        }
        self.re_searches += other.re_searches;
    }

    /// Sets every count to zero, keeping the allocations (for reuse across
    /// many searches).
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.expansions.clear();
        self.settled.clear();
        self.cutoffs = [[0; 2]; 2];
        self.pruned = [0; 2];
        self.re_searches = 0;
        self.near = Near::default();
    }
}

impl Observer for Stats {
    #[inline]
    fn examined(&mut self, ply: usize, count: u64) {
        self.nodes.add(ply, count);
    }
    #[inline]
    fn expand(&mut self, ply: usize, _successors: usize) {
        self.expansions.add(ply, 1);
    }
    #[inline]
    fn settled(&mut self, ply: usize, _value: Value) {
        self.settled.add(ply, 1);
    }
    #[inline]
    fn cutoff(&mut self, _ply: usize, cutoff: Cutoff) {
        // Two additions, at places the cutoff's flags pick, with no branch:
        // this runs at every cutoff of an instrumented search.
        let deep = usize::from(cutoff.deep);
        self.cutoffs[deep][cutoff.kind as usize] += 1;
        self.pruned[deep] += cutoff.pruned as u64;
    }
    #[inline]
    fn research(&mut self, _ply: usize) {
        self.re_searches += 1;
    }
    #[inline]
    fn examined_near(&mut self, _ply: usize, height: usize, count: u64) {
        // The horizon's positions are derived (`near_done`).
        if height != 0 {
            bump(&mut self.near.nodes[height % INLINE_LEVELS], count);
        }
    }
    /// Derived (`near_done`): the positions examined above the horizon
    /// that were not bottom positions.
    #[inline]
    fn expand_near(&mut self, _ply: usize, _height: usize, _successors: usize) {}
    #[inline]
    fn leaf_near(&mut self, _ply: usize, height: usize, _value: Value) {
        bump(&mut self.near.bottoms[height % INLINE_LEVELS], 1);
    }
    #[inline]
    fn cutoff_near(&mut self, ply: usize, height: usize, cutoff: Cutoff) {
        match self.near.cutoffs.get_mut(height) {
            Some(row) => {
                let deep = usize::from(cutoff.deep);
                bump(&mut row[deep], 1);
                self.pruned[deep] += cutoff.pruned as u64;
            }
            None => self.cutoff(ply, cutoff),
        }
    }
    fn near_done(&mut self, depth: usize, positions: u64) {
        // The compact path searches only below the inline levels.
        debug_assert!(depth < INLINE_LEVELS);
        let depth = depth.min(INLINE_LEVELS - 1);
        let near = &mut self.near;
        let mut above = 0;
        for height in 1..depth {
            let ply = depth - height;
            let nodes = std::mem::take(&mut near.nodes[height]);
            let bottoms = std::mem::take(&mut near.bottoms[height]);
            self.nodes.add(ply, nodes);
            self.expansions.add(ply, nodes - bottoms);
            above += nodes;
            if let Some(row) = near.cutoffs.get_mut(height) {
                let kind = CutoffKind::at_ply(ply) as usize;
                for (deep, count) in row.iter_mut().enumerate() {
                    self.cutoffs[deep][kind] += std::mem::take(count);
                }
            }
        }
        // The horizon's positions are all the others. The root, at height
        // `depth`, is reported examined by the caller; it was expanded
        // exactly when the search examined positions below it.
        debug_assert!(positions >= above);
        self.nodes.add(depth, positions - above);
        self.expansions.add(0, u64::from(positions > 0));
        near.bottoms[depth] = 0;
    }
}

/// The type of a node in Knuth's Theorem 1, refined as in Hsu's slides.
///
/// For a critical position `a1.….al` let `j` be the least index with
/// `a_j ≠ 1`. Type 1: no such `j` (all ones, the root included). Type 2:
/// `l − j` even — 2.1 when `l = j`, 2.2 when `l > j`. Type 3: `l − j` odd —
/// 3.1 when `l − j = 1`, 3.2 otherwise. Positions that are not critical have
/// no type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NodeType {
    /// Every index is 1 (the leftmost path).
    Type1,
    /// A non-leftmost child of a type 1 node.
    Type2_1,
    /// A child of a type 3 node.
    Type2_2,
    /// The leftmost child of a type 2.1 node.
    Type3_1,
    /// The leftmost child of a type 2.2 node.
    Type3_2,
    /// Not a critical position.
    NonCritical,
}

impl NodeType {
    /// Classifies a Dewey path.
    pub fn of(path: &[u32]) -> NodeType {
        let critical = path.iter().step_by(2).all(|&a| a == 1)
            || path.iter().skip(1).step_by(2).all(|&a| a == 1);
        if !critical {
            return NodeType::NonCritical;
        }
        let l = path.len();
        match path.iter().position(|&a| a != 1) {
            None => NodeType::Type1,
            Some(j0) => {
                let gap = l - (j0 + 1);
                match (gap.is_multiple_of(2), gap) {
                    (true, 0) => NodeType::Type2_1,
                    (true, _) => NodeType::Type2_2,
                    (false, 1) => NodeType::Type3_1,
                    (false, _) => NodeType::Type3_2,
                }
            }
        }
    }

    /// Knuth's coarse type: 1, 2 or 3 (0 for non-critical).
    pub fn knuth_type(self) -> u8 {
        match self {
            NodeType::Type1 => 1,
            NodeType::Type2_1 | NodeType::Type2_2 => 2,
            NodeType::Type3_1 | NodeType::Type3_2 => 3,
            NodeType::NonCritical => 0,
        }
    }

    /// Hsu's label: `1`, `2.1`, `2.2`, `3.1`, `3.2` or `non-critical`.
    pub fn label(self) -> &'static str {
        match self {
            NodeType::Type1 => "1",
            NodeType::Type2_1 => "2.1",
            NodeType::Type2_2 => "2.2",
            NodeType::Type3_1 => "3.1",
            NodeType::Type3_2 => "3.2",
            NodeType::NonCritical => "non-critical",
        }
    }

    /// All types, in order.
    pub const ALL: [NodeType; 6] = [
        NodeType::Type1,
        NodeType::Type2_1,
        NodeType::Type2_2,
        NodeType::Type3_1,
        NodeType::Type3_2,
        NodeType::NonCritical,
    ];
}

/// Keeps the Dewey path of the node being examined, from `node` events.
#[derive(Clone, Debug, Default)]
pub(crate) struct PathTracker {
    path: Vec<u32>,
}

impl PathTracker {
    #[inline]
    fn jump(&mut self, parent: &[u32]) {
        self.path.clear();
        self.path.extend_from_slice(parent);
    }

    /// The path of the position examined last at `ply` (the current
    /// position's ancestor there, or itself).
    #[inline]
    fn at(&self, ply: usize) -> &[u32] {
        &self.path[..ply.min(self.path.len())]
    }

    #[inline]
    fn enter(&mut self, ply: usize, index: usize) -> &[u32] {
        self.path.truncate(ply.saturating_sub(1));
        if ply > 0 {
            self.path.push(index as u32);
        }
        &self.path
    }
}

/// Counts examined nodes by [`NodeType`] (per level as well).
#[derive(Clone, Debug, Default)]
pub struct NodeTypes {
    pub(crate) tracker: PathTracker,
    /// `counts[ply][type as usize]`.
    pub counts: Vec<[u64; 6]>,
}

impl NodeTypes {
    /// Examined nodes of a type, over all levels.
    pub fn total(&self, t: NodeType) -> u64 {
        self.counts.iter().map(|c| c[t as usize]).sum()
    }
}

impl Observer for NodeTypes {
    fn node(&mut self, ply: usize, index: usize, _alpha: Value, _beta: Value) {
        let t = NodeType::of(self.tracker.enter(ply, index));
        if self.counts.len() <= ply {
            self.counts.resize(ply + 1, [0; 6]);
        }
        self.counts[ply][t as usize] += 1;
    }
    fn jump(&mut self, parent: &[u32]) {
        self.tracker.jump(parent);
    }
}

/// One examined node of a [`Trace`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceEntry {
    /// Its address.
    pub path: DeweyPath,
    /// The window it was searched with (negamax view of its side to move).
    pub alpha: Value,
    /// Upper end of the window.
    pub beta: Value,
    /// Its value, if it was a bottom position.
    pub leaf_value: Option<Value>,
}

/// One event of a search as a [`Trace`] keeps it: what the [`Observer`]
/// was told, with the Dewey path of the position it concerns (the one
/// examined last at the event's ply) in place of the ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceEvent {
    /// [`Observer::node`]: the position was examined with the window
    /// `(alpha, beta)`.
    Node {
        /// The position.
        path: DeweyPath,
        /// Lower end of the window (negamax view of its side to move).
        alpha: Value,
        /// Upper end of the window.
        beta: Value,
    },
    /// [`Observer::leaf`]: the position was evaluated as a bottom position.
    Leaf {
        /// The position.
        path: DeweyPath,
        /// Its value for the side to move.
        value: Value,
    },
    /// [`Observer::examined`]: `count` positions on level `ply` were
    /// counted (in the batches the procedure reports).
    Examined {
        /// The level.
        ply: usize,
        /// How many.
        count: u64,
    },
    /// [`Observer::settled`]: the position was settled without being
    /// evaluated or expanded.
    Settled {
        /// The position.
        path: DeweyPath,
        /// The value it was given.
        value: Value,
    },
    /// [`Observer::expand`]: the position's successors were generated.
    Expand {
        /// The position.
        path: DeweyPath,
        /// How many.
        successors: usize,
    },
    /// [`Observer::cutoff`]: the position stopped examining its successors.
    Cutoff {
        /// The cutting position.
        path: DeweyPath,
        /// The cutoff.
        cutoff: Cutoff,
    },
    /// [`Observer::research`]: the position is searched again.
    Research {
        /// The position.
        path: DeweyPath,
    },
    /// [`Observer::returned`]: the search of the position returned.
    Returned {
        /// The position.
        path: DeweyPath,
        /// The value, for its side to move.
        value: Value,
    },
}

/// Records every event of a search in order, each with the Dewey path of
/// the position it concerns: the one recording of a search's events that
/// the explorer replays, the report's tree figures draw and the tests
/// compare between implementations.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    pub(crate) tracker: PathTracker,
    /// The events in the order the search reported them.
    pub events: Vec<TraceEvent>,
}

impl Trace {
    /// The examined nodes in order, each with its window and, for a bottom
    /// position, its value.
    pub fn entries(&self) -> Vec<TraceEntry> {
        let mut entries: Vec<TraceEntry> = Vec::new();
        for event in &self.events {
            match event {
                TraceEvent::Node { path, alpha, beta } => entries.push(TraceEntry {
                    path: path.clone(),
                    alpha: *alpha,
                    beta: *beta,
                    leaf_value: None,
                }),
                TraceEvent::Leaf { value, .. } => {
                    if let Some(last) = entries.last_mut() {
                        last.leaf_value = Some(*value);
                    }
                }
                _ => {}
            }
        }
        entries
    }

    /// The paths of the examined bottom positions, in order.
    pub fn leaves(&self) -> Vec<DeweyPath> {
        self.entries()
            .into_iter()
            .filter(|e| e.leaf_value.is_some())
            .map(|e| e.path)
            .collect()
    }

    /// The cutoffs in order, each with the path of the position that made
    /// it.
    pub fn cutoffs(&self) -> impl Iterator<Item = (&DeweyPath, Cutoff)> {
        self.events.iter().filter_map(|e| match e {
            TraceEvent::Cutoff { path, cutoff } => Some((path, *cutoff)),
            _ => None,
        })
    }

    /// The path of the position examined last at `ply`.
    fn at(&self, ply: usize) -> DeweyPath {
        DeweyPath(self.tracker.at(ply).to_vec())
    }
}

impl Observer for Trace {
    fn node(&mut self, ply: usize, index: usize, alpha: Value, beta: Value) {
        let path = DeweyPath(self.tracker.enter(ply, index).to_vec());
        self.events.push(TraceEvent::Node { path, alpha, beta });
    }
    fn leaf(&mut self, ply: usize, value: Value) {
        let path = self.at(ply);
        self.events.push(TraceEvent::Leaf { path, value });
    }
    fn examined(&mut self, ply: usize, count: u64) {
        self.events.push(TraceEvent::Examined { ply, count });
    }
    fn settled(&mut self, ply: usize, value: Value) {
        let path = self.at(ply);
        self.events.push(TraceEvent::Settled { path, value });
    }
    fn expand(&mut self, ply: usize, successors: usize) {
        let path = self.at(ply);
        self.events.push(TraceEvent::Expand { path, successors });
    }
    fn cutoff(&mut self, ply: usize, cutoff: Cutoff) {
        let path = self.at(ply);
        self.events.push(TraceEvent::Cutoff { path, cutoff });
    }
    fn research(&mut self, ply: usize) {
        let path = self.at(ply);
        self.events.push(TraceEvent::Research { path });
    }
    fn returned(&mut self, ply: usize, value: Value) {
        let path = self.at(ply);
        self.events.push(TraceEvent::Returned { path, value });
    }
    fn jump(&mut self, parent: &[u32]) {
        self.tracker.jump(parent);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search of depth 3 reported by height (as alpha-beta's compact path
    /// reports) and the same search reported by ply give the same `Stats`,
    /// derived expansions and horizon included, and the same `Trace`.
    #[test]
    fn stats_by_height_count_what_they_count_by_ply() {
        let shallow = |pruned| Cutoff {
            kind: CutoffKind::Beta,
            deep: false,
            pruned,
        };
        let deep = Cutoff {
            kind: CutoffKind::Alpha,
            deep: true,
            pruned: 0,
        };
        // Root (ply 0, height 3) with successors a (a leaf parent's parent)
        // and b (over at ply 1); a's successors a1, a2 are leaf parents with
        // 3 and 2 successors, a2 cutting off after its first.
        let by_ply = |o: &mut (Stats, Trace)| {
            o.examined(0, 1);
            o.expand(0, 2);
            o.expand(1, 2);
            o.expand(2, 3);
            o.examined(3, 3);
            o.expand(2, 2);
            o.examined(3, 1);
            o.cutoff(2, shallow(1));
            o.examined(2, 2);
            o.leaf(1, 7);
            o.cutoff(1, deep);
            o.examined(1, 2);
        };
        let by_height = |o: &mut (Stats, Trace)| {
            o.examined(0, 1);
            o.expand_near(0, 3, 2);
            o.expand_near(1, 2, 2);
            o.expand_near(2, 1, 3);
            o.examined_near(3, 0, 3);
            o.expand_near(2, 1, 2);
            o.examined_near(3, 0, 1);
            o.cutoff_near(2, 1, shallow(1));
            o.examined_near(2, 1, 2);
            o.leaf_near(1, 2, 7);
            o.cutoff_near(1, 2, deep);
            o.examined_near(1, 2, 2);
            o.near_done(3, 8);
        };
        let (mut plain, mut near) = <((Stats, Trace), (Stats, Trace))>::default();
        by_ply(&mut plain);
        by_height(&mut near);
        assert_eq!(near.0, plain.0);
        assert_eq!(near.1.events, plain.1.events);
        assert_eq!(near.0.nodes_per_ply(), vec![1, 2, 2, 4]);
        assert_eq!(near.0.expansions_per_ply(), vec![1, 1, 2, 0]);
        assert_eq!(near.0.leaves_per_ply(), vec![0, 1, 0, 4]);
        assert_eq!((near.0.beta_cutoffs(), near.0.alpha_cutoffs()), (1, 1));
        assert_eq!((near.0.deep_cutoffs(), near.0.pruned()), (1, 1));
    }

    /// Counts below and beyond the inline levels read back alike, merge,
    /// compare and clear (the spill vector of `PerLevel`).
    #[test]
    fn stats_count_levels_inline_and_beyond() {
        let deep = INLINE_LEVELS + 2;
        let mut a = Stats::default();
        assert_eq!(a.levels(), 0);
        a.examined(0, 1);
        a.expand(0, 3);
        a.examined(1, 3);
        Observer::settled(&mut a, 1, 5);
        assert_eq!(a.levels(), 2);
        assert_eq!(a.nodes_per_ply(), vec![1, 3]);
        assert_eq!(a.leaves_per_ply(), vec![0, 2]);
        assert_eq!(a.expansions_per_ply(), vec![1, 0]);
        assert_eq!(a.settled_per_ply(), vec![0, 1]);
        let mut b = Stats::default();
        b.examined(deep, 4);
        b.expand(deep, 2);
        b.examined(1, 2);
        assert_eq!(b.levels(), deep + 1);
        assert_eq!(b.nodes(), 6);
        assert_eq!(b.nodes_per_ply()[deep], 4);
        assert_eq!(b.nodes_per_ply()[deep - 1], 0);
        assert_eq!(b.leaves_per_ply()[deep], 3);
        assert_eq!(b.leaves(), 5);
        let mut sum = a.clone();
        sum.merge(&b);
        assert_eq!(sum.levels(), deep + 1);
        assert_eq!(sum.nodes(), 10);
        assert_eq!(sum.nodes_per_ply()[..2], [1, 5]);
        assert_eq!(sum.expansions(), 2);
        let mut other = b.clone();
        other.merge(&a);
        assert_eq!(other, sum);
        assert_ne!(sum, a);
        sum.clear();
        assert_eq!(sum, Stats::default());
        assert_eq!(sum.levels(), 0);
        assert_eq!(
            format!("{a:?}"),
            "Stats { nodes: [1, 3], expansions: [1, 0], settled: [0, 1], alpha_cutoffs: 0, \
             beta_cutoffs: 0, deep_cutoffs: 0, pruned: 0, deep_pruned: 0, re_searches: 0 }"
        );
    }

    #[test]
    fn node_types_follow_hsu() {
        assert_eq!(NodeType::of(&[]), NodeType::Type1);
        assert_eq!(NodeType::of(&[1, 1, 1]), NodeType::Type1);
        assert_eq!(NodeType::of(&[1, 3]), NodeType::Type2_1);
        assert_eq!(NodeType::of(&[2, 1]), NodeType::Type3_1);
        assert_eq!(NodeType::of(&[2, 1, 3]), NodeType::Type2_2);
        assert_eq!(NodeType::of(&[2, 1, 3, 1]), NodeType::Type3_2);
        assert_eq!(NodeType::of(&[1, 2, 2]), NodeType::NonCritical);
    }

    /// Each event is kept with the path of its position: the one entered
    /// last at the event's ply, after a jump a successor of the jump's
    /// parent; the examined nodes, leaves and cutoffs read back from them.
    #[test]
    fn a_trace_keeps_every_event_with_its_position() {
        use crate::value::{INFINITY, NEG_INFINITY};
        let mut t = Trace::default();
        let p = |v: &[u32]| DeweyPath(v.to_vec());
        let cut = Cutoff {
            kind: CutoffKind::Alpha,
            deep: false,
            pruned: 1,
        };
        t.node(0, 0, NEG_INFINITY, INFINITY);
        t.expand(0, 2);
        t.node(1, 1, NEG_INFINITY, INFINITY);
        t.leaf(1, 3);
        t.returned(1, 3);
        t.node(1, 2, NEG_INFINITY, -3);
        t.expand(1, 2);
        t.node(2, 1, 3, INFINITY);
        t.leaf(2, 5);
        t.returned(2, 5);
        t.cutoff(1, cut);
        t.examined(2, 1);
        t.returned(1, -5);
        t.research(0);
        t.jump(&[2]);
        t.node(2, 2, 3, INFINITY);
        assert_eq!(
            t.events,
            [
                TraceEvent::Node {
                    path: p(&[]),
                    alpha: NEG_INFINITY,
                    beta: INFINITY
                },
                TraceEvent::Expand {
                    path: p(&[]),
                    successors: 2
                },
                TraceEvent::Node {
                    path: p(&[1]),
                    alpha: NEG_INFINITY,
                    beta: INFINITY
                },
                TraceEvent::Leaf {
                    path: p(&[1]),
                    value: 3
                },
                TraceEvent::Returned {
                    path: p(&[1]),
                    value: 3
                },
                TraceEvent::Node {
                    path: p(&[2]),
                    alpha: NEG_INFINITY,
                    beta: -3
                },
                TraceEvent::Expand {
                    path: p(&[2]),
                    successors: 2
                },
                TraceEvent::Node {
                    path: p(&[2, 1]),
                    alpha: 3,
                    beta: INFINITY
                },
                TraceEvent::Leaf {
                    path: p(&[2, 1]),
                    value: 5
                },
                TraceEvent::Returned {
                    path: p(&[2, 1]),
                    value: 5
                },
                TraceEvent::Cutoff {
                    path: p(&[2]),
                    cutoff: cut
                },
                TraceEvent::Examined { ply: 2, count: 1 },
                TraceEvent::Returned {
                    path: p(&[2]),
                    value: -5
                },
                TraceEvent::Research { path: p(&[]) },
                TraceEvent::Node {
                    path: p(&[2, 2]),
                    alpha: 3,
                    beta: INFINITY
                },
            ]
        );
        let entries = t.entries();
        let read: Vec<(String, Option<Value>)> = entries
            .iter()
            .map(|e| (e.path.to_string(), e.leaf_value))
            .collect();
        assert_eq!(
            read,
            [
                ("root".to_string(), None),
                ("1".to_string(), Some(3)),
                ("2".to_string(), None),
                ("2.1".to_string(), Some(5)),
                ("2.2".to_string(), None),
            ]
        );
        assert_eq!(t.leaves(), [p(&[1]), p(&[2, 1])]);
        let cutoffs: Vec<(&DeweyPath, Cutoff)> = t.cutoffs().collect();
        assert_eq!(cutoffs, [(&p(&[2]), cut)]);
    }
}

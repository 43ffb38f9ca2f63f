//! The fast paths of alpha-beta against the reference procedure, Knuth &
//! Moore's F2 as printed (`alpha_beta_reference`): on random trees of every
//! model, random windows, the three return rules, with and without the
//! principal variation, with and without limits, with plain hooks and with
//! hooks that settle, reorder and stop, both give the same value, position
//! count, principal variation and stop, and report the same ordered stream
//! of events, hence the same `Stats`, `NodeTypes` and `Trace`. The searches
//! take every fast path: the compact path (plain hooks, no principal
//! variation, no node limit, the held lists of the implicit trees; with a
//! stop flag, its instance that polls the limits), the
//! leaf-parent hook of the uniform and range trees, and the general node
//! (any hooks, limits, principal variation, `Vec` lists).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use alphabeta_core::procedures::{
    FailHard, FailSoft, HardBound, Known, NoHooks, NodeHooks, ReturnRule, alpha_beta_reference,
    alpha_beta_with_hooks,
};
use alphabeta_core::{
    Game, INFINITY, Limits, MoveList, NEG_INFINITY, NodeTypes, Search, Stats, Trace, Value,
};
use alphabeta_models::hash::node_hash;
use alphabeta_models::{ModelSpec, ModelVisitor, TreeModel};
use proptest::prelude::*;

/// Which procedure searches.
#[derive(Clone, Copy, Debug)]
enum Procedure {
    Reference,
    Fast,
}

/// The limits of one search: none (the compact path's instance that checks
/// nothing), a stop flag never raised (the Monte Carlo runner's: the
/// compact path's instance that polls), or a node limit (reached or not:
/// the general node).
#[derive(Clone, Copy, Debug)]
enum Limit {
    None,
    Flag,
    Nodes(u64),
}

impl Limit {
    fn limits(self) -> Limits {
        match self {
            Limit::None => Limits::none(),
            Limit::Flag => Limits {
                stop: Some(Arc::new(AtomicBool::new(false))),
                ..Limits::none()
            },
            Limit::Nodes(n) => Limits {
                nodes: Some(n),
                ..Limits::none()
            },
        }
    }
}

/// Hooks that use every extension, deterministically in the sequence of
/// calls (so two procedures that call them in the same order see the same
/// answers): every `settle_every`-th position is settled before its search
/// (exactly, or by a bound on alternate turns), every interior position
/// searches its last successor first, and a position stops at a value of at
/// least `enough`. `after` records what each search returned.
#[derive(Clone, Debug, PartialEq)]
struct Probe {
    settle_every: u64,
    enough: Value,
    calls: u64,
    returned: Vec<(usize, u32, Value, Value, Value, bool)>,
}

impl<G: Game> NodeHooks<G> for Probe {
    fn before(
        &mut self,
        _game: &G,
        _pos: &G::Position,
        ply: usize,
        depth: u32,
        alpha: Value,
        beta: Value,
    ) -> Option<Known> {
        self.calls += 1;
        if ply == 0 || !self.calls.is_multiple_of(self.settle_every) {
            return None;
        }
        let v = node_hash(self.calls, u64::from(depth)) as Value % 200 - 100;
        Some(match self.calls / self.settle_every % 3 {
            0 => Known::Exact(v),
            1 => Known::AtLeast(v.max(beta)),
            _ => Known::AtMost(v.min(alpha)),
        })
    }
    fn order(&mut self, _game: &G, _pos: &G::Position, _ply: usize, moves: &mut G::Moves) {
        let last = moves.get(moves.len() - 1);
        moves.move_to_front(last);
    }
    fn enough(&self, _ply: usize, m: Value) -> bool {
        m >= self.enough
    }
    fn after(
        &mut self,
        _game: &G,
        _pos: &G::Position,
        ply: usize,
        depth: u32,
        alpha: Value,
        beta: Value,
        value: Value,
        best: Option<G::Move>,
    ) {
        self.returned
            .push((ply, depth, alpha, beta, value, best.is_some()));
    }
}

/// What one search shows from outside.
#[derive(Debug, PartialEq)]
struct Seen {
    value: Value,
    nodes: u64,
    stopped: bool,
    pv: String,
    stats: Stats,
    types: Vec<[u64; 6]>,
    /// Every event, with the path of its position.
    events: Vec<alphabeta_core::TraceEvent>,
}

/// One search of `tree` with everything observed.
#[allow(clippy::too_many_arguments)]
fn observed<R: ReturnRule, H: NodeHooks<M>, M: TreeModel>(
    by: Procedure,
    tree: &M,
    hooks: &mut H,
    window: (Value, Value),
    limit: Limit,
    pv: bool,
) -> Seen {
    let observer = (Stats::default(), (NodeTypes::default(), Trace::default()));
    let mut s = Search::with_observer(tree, observer)
        .limits(limit.limits())
        .track_pv(pv);
    let (root, depth) = (tree.root(), tree.depth());
    let value = match by {
        Procedure::Reference => {
            alpha_beta_reference::<R, H, M, _>(&mut s, hooks, &root, depth, window.0, window.1)
        }
        Procedure::Fast => {
            alpha_beta_with_hooks::<R, H, M, _>(&mut s, hooks, &root, depth, window.0, window.1)
        }
    };
    let (nodes, stopped) = (s.nodes(), s.stopped());
    let pv = format!("{:?}", s.principal_variation());
    let (stats, (types, trace)) = s.into_observer();
    Seen {
        value,
        nodes,
        stopped,
        pv,
        stats,
        types: types.counts,
        events: trace.events,
    }
}

/// One search of `tree` with `Stats` alone (the Monte Carlo runner's
/// instrument, which the fast paths may count in batches) and one
/// unobserved: values, position counts and the `Stats`.
fn counted<R: ReturnRule, M: TreeModel>(
    by: Procedure,
    tree: &M,
    window: (Value, Value),
    limit: Limit,
) -> (Value, u64, Stats, Value, u64) {
    let (root, depth) = (tree.root(), tree.depth());
    let run = |s: &mut Search<'_, M, _>| match by {
        Procedure::Reference => alpha_beta_reference::<R, NoHooks, M, _>(
            s,
            &mut NoHooks,
            &root,
            depth,
            window.0,
            window.1,
        ),
        Procedure::Fast => alpha_beta_with_hooks::<R, NoHooks, M, _>(
            s,
            &mut NoHooks,
            &root,
            depth,
            window.0,
            window.1,
        ),
    };
    let mut s = Search::with_observer(tree, Stats::default())
        .limits(limit.limits())
        .track_pv(false);
    let value = run(&mut s);
    let nodes = s.nodes();
    let stats = s.into_observer();
    let mut bare = Search::new(tree).limits(limit.limits()).track_pv(false);
    let bare_value = match by {
        Procedure::Reference => alpha_beta_reference::<R, NoHooks, M, _>(
            &mut bare,
            &mut NoHooks,
            &root,
            depth,
            window.0,
            window.1,
        ),
        Procedure::Fast => alpha_beta_with_hooks::<R, NoHooks, M, _>(
            &mut bare,
            &mut NoHooks,
            &root,
            depth,
            window.0,
            window.1,
        ),
    };
    (value, nodes, stats, bare_value, bare.nodes())
}

/// One case: a search setting besides the tree.
#[derive(Clone, Copy, Debug)]
struct Case {
    rule: u8,
    window: (Value, Value),
    limit: Limit,
    pv: bool,
    /// `Some((settle_every, enough))`: search with [`Probe`] hooks.
    probe: Option<(u64, Value)>,
}

/// Compares the fast paths with the reference on the tree it visits.
struct Compare(Case);

impl ModelVisitor for Compare {
    type Output = ();
    fn visit<M: TreeModel + 'static>(self, tree: M) {
        match self.0.rule {
            0 => compare::<FailHard, M>(&tree, self.0),
            1 => compare::<HardBound, M>(&tree, self.0),
            _ => compare::<FailSoft, M>(&tree, self.0),
        }
    }
}

fn compare<R: ReturnRule, M: TreeModel>(tree: &M, case: Case) {
    let Case {
        window, limit, pv, ..
    } = case;
    match case.probe {
        None => {
            let mut hooks = (NoHooks, NoHooks);
            assert_eq!(
                observed::<R, _, M>(Procedure::Fast, tree, &mut hooks.0, window, limit, pv),
                observed::<R, _, M>(Procedure::Reference, tree, &mut hooks.1, window, limit, pv),
                "{} {case:?}",
                R::NAME
            );
            assert_eq!(
                counted::<R, M>(Procedure::Fast, tree, window, limit),
                counted::<R, M>(Procedure::Reference, tree, window, limit),
                "{} {case:?}, Stats alone and unobserved",
                R::NAME
            );
        }
        Some((settle_every, enough)) => {
            let probe = Probe {
                settle_every,
                enough,
                calls: 0,
                returned: Vec::new(),
            };
            let (mut fast, mut reference) = (probe.clone(), probe);
            assert_eq!(
                observed::<R, _, M>(Procedure::Fast, tree, &mut fast, window, limit, pv),
                observed::<R, _, M>(
                    Procedure::Reference,
                    tree,
                    &mut reference,
                    window,
                    limit,
                    pv
                ),
                "{} {case:?}",
                R::NAME
            );
            assert_eq!(fast, reference, "{} {case:?}, hook calls", R::NAME);
        }
    }
}

/// A model description: every kind, with the orderings that reorder the
/// successors (so that the successor lists are `Vec`s).
fn model() -> impl Strategy<Value = String> {
    let ordering = prop_oneof![
        4 => Just(String::new()),
        1 => Just(" ordering=perfect".to_string()),
        1 => Just(" ordering=best-first p=0.5".to_string()),
    ];
    let kind = prop_oneof![
        3 => (1..7u32, 1..7u32).prop_map(|(n, d)| format!("uniform n={n} d={d}")),
        2 => (1..7u32, 1..6u32, 1..4u64).prop_map(|(n, d, r)| format!("range n={n} d={d} r={r}")),
        1 => (1..6u32, 1..6u32, 1..100u32)
            .prop_map(|(n, d, s)| format!("additive n={n} d={d} spread={s}")),
        1 => (1..5u32, 1..6u32).prop_map(|(n, d)| format!("dependent n={n} d={d}")),
        1 => (0.5..=1.0f64, 1.0..4.0f64, 1..7u32)
            .prop_map(|(q, m, d)| format!("branching q={q} mean={m} d={d}")),
    ];
    (kind, ordering).prop_map(|(k, o)| k + &o)
}

/// A search setting: a window that is full or drawn around the values the
/// trees take, a rule, limits, PV or not, hooks or not.
fn case() -> impl Strategy<Value = Case> {
    let wide: Value = 1 << 56;
    let bound = prop_oneof![-300..300 as Value, -wide..wide];
    let window = prop_oneof![
        1 => Just((NEG_INFINITY, INFINITY)),
        2 => (bound, 1..400 as Value).prop_map(|(a, w)| (a, a.saturating_add(w))),
    ];
    let limit = prop_oneof![
        3 => Just(Limit::None),
        2 => Just(Limit::Flag),
        1 => (1..3000u64).prop_map(Limit::Nodes),
    ];
    let probe = prop_oneof![
        2 => Just(None),
        1 => (2..20u64, -50..150 as Value).prop_map(Some),
    ];
    (0..3u8, window, limit, any::<bool>(), probe).prop_map(|(rule, window, limit, pv, probe)| {
        Case {
            rule,
            window,
            limit,
            pv,
            probe,
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn the_fast_paths_search_as_the_reference_does(
        spec in model(),
        seed in any::<u64>(),
        case in case(),
    ) {
        let spec: ModelSpec = spec.parse().unwrap();
        spec.visit(seed, Compare(case)).unwrap();
    }
}

//! Floyd's likelihood search (Knuth & Moore 1975, §4).
//!
//! Knuth & Moore describe a scheme of R. W. Floyd (1965): every move gets a
//! likelihood — a forced move 1, a recapture high, the best strategic
//! choice about 0.1, implausible moves about 0.01 — and a position is
//! *terminal* when the product of the likelihoods of the moves leading to it
//! falls below a threshold; the tree so cut off is searched by alpha-beta.
//! They note it "has apparently not yet been tried in large-scale
//! experiments".
//!
//! [`likelihood_search`] is that scheme for any [`Game`]: the game supplies
//! a [`LikelihoodModel`], the search keeps `ln(product) − ln(threshold)` as
//! the budget left on the path, and runs fail-hard alpha-beta (Knuth's F2
//! recurrence) over the successors, most likely first (ties in the game's
//! order). A position whose product is below the threshold is a bottom
//! position, valued by [`Game::evaluate`]; a product equal to it is not.
//! With every likelihood `q` and threshold `q^(D−1)` the tree is exactly the
//! fixed-depth tree of depth `D`: the positions at depth `D` have product
//! `q^D`, the first below the threshold (tested).

use crate::game::Game;
use crate::moves::MoveList;
use crate::observer::Observer;
use crate::search::{Cut, Node, Search};
use crate::value::Value;

/// A game's likelihoods for Floyd's search.
pub trait LikelihoodModel<G: Game> {
    /// Writes into `out` (empty on entry) the likelihood of each move of
    /// `moves`, in order: a number in `(0, 1]` (values outside are clamped
    /// to it). `ply` is the distance from the root and `last` the move that
    /// led to `pos` (`None` at the root), for rules such as "a recapture is
    /// likely".
    fn likelihoods(
        &mut self,
        game: &G,
        pos: &G::Position,
        ply: usize,
        last: Option<G::Move>,
        moves: &G::Moves,
        out: &mut Vec<f64>,
    );
}

/// A constant likelihood for every move: with threshold `q^(D−1)` the
/// search is fixed-depth alpha-beta of depth `D`.
#[derive(Clone, Copy, Debug)]
pub struct Uniform(pub f64);

impl<G: Game> LikelihoodModel<G> for Uniform {
    fn likelihoods(
        &mut self,
        _game: &G,
        _pos: &G::Position,
        _ply: usize,
        _last: Option<G::Move>,
        moves: &G::Moves,
        out: &mut Vec<f64>,
    ) {
        out.extend(std::iter::repeat_n(self.0, moves.len()));
    }
}

/// A likelihood threshold in `(0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Threshold(f64);

/// A threshold outside `(0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[error("a likelihood threshold must lie in (0, 1], not {0}")]
pub struct InvalidThreshold(pub f64);

impl Threshold {
    /// The threshold `p`, checked.
    pub fn new(p: f64) -> Result<Threshold, InvalidThreshold> {
        if p > 0.0 && p <= 1.0 {
            Ok(Threshold(p))
        } else {
            Err(InvalidThreshold(p))
        }
    }

    /// Its value.
    pub fn get(self) -> f64 {
        self.0
    }
}

/// Slack for the comparison of log-products with the threshold, so that a
/// product equal to the threshold on paper is not cut by rounding.
const EPSILON: f64 = 1e-9;

/// Floyd's search of `root`: fail-hard alpha-beta on the tree whose bottom
/// positions are those where the product of the move likelihoods first
/// falls below `threshold` (or the game ends, or a limit of the search is
/// hit). Returns the root value for the side to move; the principal
/// variation and the instruments are in `s` as for the other procedures.
pub fn likelihood_search<G: Game, O: Observer, L: LikelihoodModel<G>>(
    s: &mut Search<'_, G, O>,
    model: &mut L,
    root: &G::Position,
    threshold: Threshold,
    alpha: Value,
    beta: Value,
) -> Value {
    debug_assert!(alpha < beta, "alpha-beta needs alpha < beta");
    let (value, cut) = node(s, model, root, None, 0, 0, -threshold.0.ln(), alpha, beta);
    s.root_cut(cut);
    value
}

#[allow(clippy::too_many_arguments)]
fn node<G: Game, O: Observer, L: LikelihoodModel<G>>(
    s: &mut Search<'_, G, O>,
    model: &mut L,
    pos: &G::Position,
    last: Option<G::Move>,
    ply: usize,
    index: usize,
    budget: f64,
    alpha: Value,
    beta: Value,
) -> (Value, Cut) {
    let depth = u32::from(budget >= -EPSILON);
    let moves = match s.open(pos, ply, index, depth, alpha, beta) {
        Node::Bottom(v) => return (v, Cut::NONE),
        Node::Interior(moves) => moves,
    };
    let mut likelihood = Vec::with_capacity(moves.len());
    model.likelihoods(s.game, pos, ply, last, &moves, &mut likelihood);
    likelihood.resize(moves.len(), 1.0);
    let mut order: Vec<usize> = (0..moves.len()).collect();
    order.sort_by(|&a, &b| likelihood[b].total_cmp(&likelihood[a]));
    let mut m = alpha;
    let mut own = crate::value::NEG_INFINITY;
    let mut cut = Cut::NONE;
    for (k, &i) in order.iter().enumerate() {
        let mv = moves.get(i);
        let child = s.game.play(pos, mv);
        let l = likelihood[i].clamp(f64::MIN_POSITIVE, 1.0);
        let (v, child_cut) = node(
            s,
            model,
            &child,
            Some(mv),
            ply + 1,
            k + 1,
            budget + l.ln(),
            -beta,
            -m,
        );
        let t = -v;
        s.successor_cut(ply + 1, child_cut, t, own);
        own = own.max(t);
        if t > m {
            m = t;
            s.update_pv(ply, mv);
        }
        if m >= beta {
            cut = s.cut(order.len() - k - 1);
            break;
        }
    }
    s.release(ply, moves);
    (m, cut)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observer::Stats;
    use crate::procedures::alpha_beta_fail_hard;
    use crate::value::{INFINITY, NEG_INFINITY};

    /// The shared test tree of branching 3 and depth 6, leaf values in
    /// -100..=100.
    type Hashed = crate::test_games::Hashed<6, 100>;
    const TREE: Hashed = crate::test_games::Hashed;

    /// Likelihood 1 for the first move, `q` for the others.
    struct FirstForced(f64);

    impl LikelihoodModel<Hashed> for FirstForced {
        fn likelihoods(
            &mut self,
            _g: &Hashed,
            _p: &(u64, u32),
            _ply: usize,
            _last: Option<u64>,
            moves: &Vec<u64>,
            out: &mut Vec<f64>,
        ) {
            out.extend(moves.iter().map(|&m| if m == 0 { 1.0 } else { self.0 }));
        }
    }

    #[test]
    fn uniform_likelihood_is_fixed_depth_alpha_beta() {
        for d in 1..=5u32 {
            let mut a = Search::with_observer(&TREE, Stats::default());
            let va = alpha_beta_fail_hard(&mut a, &(0, 0), d, NEG_INFINITY, INFINITY);
            let mut b = Search::with_observer(&TREE, Stats::default());
            let t = Threshold::new(0.5f64.powi(d as i32 - 1)).expect("threshold");
            let vb = likelihood_search(
                &mut b,
                &mut Uniform(0.5),
                &(0, 0),
                t,
                NEG_INFINITY,
                INFINITY,
            );
            assert_eq!(va, vb, "depth {d}");
            assert_eq!(a.principal_variation(), b.principal_variation());
            let (sa, sb) = (a.into_observer(), b.into_observer());
            assert_eq!(sa.leaves(), sb.leaves(), "depth {d}");
            assert_eq!(sa.nodes(), sb.nodes(), "depth {d}");
        }
    }

    /// Independent negamax over the tree Floyd's rule cuts with the first
    /// move forced and the others unlikely: a path may take `allowed`
    /// unlikely moves; the position after one more is a bottom position.
    fn negamax_cut(pos: (u64, u32), unlikely: u32, allowed: u32, leaves: &mut u64) -> Value {
        let mut moves = Vec::new();
        TREE.moves(&pos, &mut moves);
        if unlikely > allowed || moves.is_empty() {
            *leaves += 1;
            return TREE.evaluate(&pos, 0);
        }
        moves
            .iter()
            .map(|&m| {
                -negamax_cut(
                    TREE.play(&pos, m),
                    unlikely + u32::from(m != 0),
                    allowed,
                    leaves,
                )
            })
            .max()
            .expect("moves")
    }

    #[test]
    fn likely_lines_are_searched_deeper() {
        // First move likelihood 1, the others 0.1, threshold 0.1: every path
        // may take one unlikely move; the all-forced line reaches ply 6.
        let mut s = Search::with_observer(&TREE, Stats::default());
        let t = Threshold::new(0.1).expect("threshold");
        let v = likelihood_search(
            &mut s,
            &mut FirstForced(0.1),
            &(0, 0),
            t,
            NEG_INFINITY,
            INFINITY,
        );
        let mut all = 0;
        assert_eq!(v, negamax_cut((0, 0), 0, 1, &mut all));
        let st = s.into_observer();
        assert!(
            st.leaves_per_ply()
                .as_slice()
                .get(6)
                .is_some_and(|&n| n > 0)
        );
        assert!(st.leaves() < all, "alpha-beta prunes the cut tree");
        // Threshold 0.01 allows two unlikely moves.
        let mut s = Search::new(&TREE);
        let t = Threshold::new(0.01).expect("threshold");
        let v = likelihood_search(
            &mut s,
            &mut FirstForced(0.1),
            &(0, 0),
            t,
            NEG_INFINITY,
            INFINITY,
        );
        assert_eq!(v, negamax_cut((0, 0), 0, 2, &mut 0));
    }

    #[test]
    fn thresholds_outside_the_unit_interval_are_refused() {
        for p in [0.0, -1.0, 1.5, f64::NAN] {
            assert!(Threshold::new(p).is_err(), "{p}");
        }
        assert!(Threshold::new(1.0).is_ok());
    }
}

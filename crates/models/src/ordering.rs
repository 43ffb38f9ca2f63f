//! Ordering transforms: the same tree with its successors searched in
//! another order, decided by the true (negamax) values of the successors.
//!
//! Knuth's perfect ordering (eq. (12), Theorem 1) needs only that the first
//! successor be best. The worst order puts every successor in increasing
//! order of merit: alpha-beta then makes no shallow cutoff, so trees of
//! depth ≤ 3 are searched completely (N^D leaves, the minimax count of
//! Fuller §2); deeper trees still lose positions to deep cutoffs. The transforms
//! compute true values by searching the subtrees exhaustively (an oracle,
//! not counted as examined positions): an expanded position on level l
//! costs a full search of its N^(D−l) descendants, so a tree costs up to
//! about D·N^D evaluations. Use them on trees of modest size.

use alphabeta_core::{Game, MoveList, Value};
use serde::{Deserialize, Serialize};

use crate::error::ModelError;
use crate::hash::{derive_key, node_hash, salt, unit};
use crate::model::TreeModel;

/// In which order a position's successors are searched.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Ordering {
    /// As the model generates them (random for every model of this crate).
    Random,
    /// Best first, then in decreasing order of merit (Knuth eq. (12)).
    Perfect,
    /// Worst first, then in increasing order of merit (no shallow cutoffs).
    Worst,
    /// The shape and order as generated, with values assigned so that every
    /// first successor is best ([`crate::PerfectByConstruction`]): Knuth's
    /// (12) without reordering, as Corollary 2 assumes.
    Constructed,
    /// With probability `p` (drawn per position) the best successor is moved
    /// to the front; otherwise the generated order is kept.
    BestFirst {
        /// The probability of putting the best successor first.
        p: f64,
    },
}

impl Ordering {
    /// Parses `random` (or `generated`), `perfect`, `worst`, or
    /// `best-first` with its probability `p`.
    pub fn parse(name: &str, p: Option<f64>) -> Result<Ordering, ModelError> {
        let ordering = match name.trim().to_ascii_lowercase().as_str() {
            "random" | "generated" | "as-generated" => Ordering::Random,
            "perfect" | "best" => Ordering::Perfect,
            "constructed" | "perfect-constructed" => Ordering::Constructed,
            "worst" => Ordering::Worst,
            "best-first" | "probabilistic" => {
                let p = p.ok_or_else(|| {
                    ModelError::Parameter("ordering best-first needs its probability p".into())
                })?;
                if !(0.0..=1.0).contains(&p) {
                    return Err(ModelError::BadProbability {
                        name: "p".into(),
                        value: p,
                    });
                }
                Ordering::BestFirst { p }
            }
            _ => return Err(ModelError::UnknownOrdering(name.to_string())),
        };
        if p.is_some() && !matches!(ordering, Ordering::BestFirst { .. }) {
            return Err(ModelError::Parameter(format!(
                "p is the probability of ordering best-first; ordering {name:?} takes none"
            )));
        }
        Ok(ordering)
    }
}

impl std::fmt::Display for Ordering {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ordering::Random => f.write_str("random"),
            Ordering::Perfect => f.write_str("perfect"),
            Ordering::Worst => f.write_str("worst"),
            Ordering::Constructed => f.write_str("constructed"),
            Ordering::BestFirst { p } => write!(f, "best-first p={}", crate::spec::short(*p)),
        }
    }
}

/// A model whose successors are reordered by [`Ordering`]. The tree itself
/// (positions and values) is the inner model's.
#[derive(Clone, Debug)]
pub struct Ordered<M> {
    inner: M,
    ordering: Ordering,
    key: u64,
}

impl<M: TreeModel> Ordered<M> {
    /// `inner` searched in `ordering`.
    pub fn new(inner: M, ordering: Ordering) -> Self {
        let key = derive_key(inner.seed(), salt::ORDERING);
        Ordered {
            inner,
            ordering,
            key,
        }
    }

    /// The tree being reordered.
    pub fn inner(&self) -> &M {
        &self.inner
    }
}

/// The negamax value of `pos` in `game`, searched to the end (Knuth eq.
/// (1)). `stack` holds one move buffer per level below `pos`.
pub fn true_value<G: Game>(game: &G, pos: &G::Position, stack: &mut Vec<G::Moves>) -> Value {
    let mut moves = stack.pop().unwrap_or_default();
    moves.clear();
    game.moves(pos, &mut moves);
    let value = if moves.is_empty() {
        game.evaluate(pos, 0)
    } else {
        (0..moves.len())
            .map(|i| -true_value(game, &game.play(pos, moves.get(i)), stack))
            .max()
            .expect("non-empty")
    };
    stack.push(moves);
    value
}

impl<M: TreeModel> Game for Ordered<M> {
    type Position = M::Position;
    type Move = M::Move;
    type Moves = Vec<M::Move>;

    fn moves(&self, pos: &M::Position, out: &mut Vec<M::Move>) {
        let mut inner = M::Moves::default();
        self.inner.moves(pos, &mut inner);
        out.extend((0..inner.len()).map(|i| inner.get(i)));
        let moves = &mut out[..];
        if moves.len() < 2 || matches!(self.ordering, Ordering::Random | Ordering::Constructed) {
            return;
        }
        if let Ordering::BestFirst { p } = self.ordering
            && unit(node_hash(self.key, self.inner.node_id(pos))) >= p
        {
            return;
        }
        let mut stack = Vec::new();
        // Merit of a move for the side to move: minus its successor's value.
        let mut ranked: Vec<(Value, M::Move)> = moves
            .iter()
            .map(|&mv| {
                (
                    -true_value(&self.inner, &self.inner.play(pos, mv), &mut stack),
                    mv,
                )
            })
            .collect();
        match self.ordering {
            Ordering::Perfect => ranked.sort_by_key(|r| std::cmp::Reverse(r.0)),
            Ordering::Worst => ranked.sort_by_key(|r| r.0),
            Ordering::BestFirst { .. } => {
                let best = (0..ranked.len())
                    .rev()
                    .max_by_key(|&i| ranked[i].0)
                    .expect("non-empty");
                ranked[..=best].rotate_right(1);
            }
            Ordering::Random | Ordering::Constructed => unreachable!("returned above"),
        }
        for (slot, (_, mv)) in moves.iter_mut().zip(ranked) {
            *slot = mv;
        }
    }

    #[inline]
    fn play(&self, pos: &M::Position, mv: M::Move) -> M::Position {
        self.inner.play(pos, mv)
    }

    #[inline]
    fn evaluate(&self, pos: &M::Position, ply: usize) -> Value {
        self.inner.evaluate(pos, ply)
    }
}

impl<M: TreeModel> TreeModel for Ordered<M> {
    fn reseed(&self, seed: u64) -> Self {
        Ordered::new(self.inner.reseed(seed), self.ordering)
    }
    fn root(&self) -> M::Position {
        self.inner.root()
    }
    fn depth(&self) -> u32 {
        self.inner.depth()
    }
    fn seed(&self) -> u64 {
        self.inner.seed()
    }
    fn node_id(&self, pos: &M::Position) -> u64 {
        self.inner.node_id(pos)
    }
}

//! One position of Klyushin & Kruchinin's experiment: every variant at the
//! same depth, each chosen move valued by plain alpha-beta of that depth.

use alphabeta_core::Value;
use cozy_chess::Move;

use super::recursive::{KkOptions, KkResult, Variant, move_value, search_variant};
use alphabeta_chess::notation::to_san;
use alphabeta_chess::position::Position;

/// Every variant on one position.
#[derive(Clone, Debug)]
pub struct PositionStudy {
    /// The position.
    pub position: Position,
    /// The variants' results, in the order asked.
    pub results: Vec<KkResult>,
    /// The value of each variant's move by plain alpha-beta of the same
    /// depth (the best value alpha-beta finds minus this is the loss).
    pub move_values: Vec<Option<Value>>,
}

impl PositionStudy {
    /// Runs `variants` on `pos` with `options`.
    pub fn run(pos: &Position, variants: &[Variant], options: &KkOptions) -> PositionStudy {
        let results: Vec<KkResult> = variants
            .iter()
            .map(|&v| search_variant(pos, v, options))
            .collect();
        // Plain alpha-beta's value is exact for the depth; its own move
        // needs no second search.
        let exact = results
            .iter()
            .find(|r| r.variant == Variant::AlphaBeta)
            .map(|r| (r.best_move, r.value));
        let move_values = results
            .iter()
            .map(|r| {
                let mv = r.best_move?;
                match exact {
                    Some((Some(m), v)) if m == mv => Some(v),
                    _ => Some(move_value(pos, mv, options.depth)),
                }
            })
            .collect();
        PositionStudy {
            position: pos.clone(),
            results,
            move_values,
        }
    }

    /// The result of `variant`, if it was run.
    pub fn result(&self, variant: Variant) -> Option<&KkResult> {
        self.results.iter().find(|r| r.variant == variant)
    }

    /// How much worse (points, ≥ 0) `variant`'s move is than the best move
    /// by plain alpha-beta of the same depth; `None` without a move or
    /// without the alpha-beta baseline.
    pub fn loss(&self, variant: Variant) -> Option<Value> {
        let best = self.result(Variant::AlphaBeta)?.value;
        let i = self.results.iter().position(|r| r.variant == variant)?;
        self.move_values[i].map(|v| best.saturating_sub(v))
    }

    /// `variant`'s move in SAN ("-" without one).
    pub fn san(&self, variant: Variant) -> String {
        self.result(variant)
            .and_then(|r| r.best_move)
            .map_or_else(|| "-".to_string(), |m| to_san(&self.position, m))
    }

    /// Whether `variant`'s move is among `best_moves` (a test suite's `bm`).
    pub fn solved(&self, variant: Variant, best_moves: &[Move]) -> bool {
        self.result(variant)
            .and_then(|r| r.best_move)
            .is_some_and(|m| best_moves.contains(&m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_baselines_lose_nothing_and_the_pinned_case_holds() {
        // A pinned, deterministic case: the Italian game at depth 3.
        let pos = Position::from_fen(
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        )
        .expect("fen");
        let o = KkOptions {
            depth: 3,
            ..Default::default()
        };
        let s = PositionStudy::run(&pos, &Variant::ALL, &o);
        assert_eq!(s.loss(Variant::AlphaBeta), Some(0));
        assert_eq!(s.loss(Variant::AlphaBetaOrdered), Some(0));
        for v in Variant::ALL {
            assert!(s.loss(v).is_some_and(|l| l >= 0), "{v:?}");
        }
    }
}

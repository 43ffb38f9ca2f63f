//! The adapter that lets the table procedures search the implicit random
//! trees.

use alphabeta_core::procedures::Capabilities;
use alphabeta_core::{Game, HashedGame, Value};
use alphabeta_models::TreeModel;

/// An implicit random tree with a hash key (its node number, mixed by the
/// bijective splitmix64 finaliser), so the table-driven procedures search
/// it: a table hit is never another position.
#[derive(Clone, Debug)]
pub struct Keyed<M>(pub M);

impl<M: TreeModel> Game for Keyed<M> {
    type Position = M::Position;
    type Move = M::Move;
    type Moves = M::Moves;
    #[inline]
    fn moves(&self, pos: &Self::Position, out: &mut Self::Moves) {
        self.0.moves(pos, out)
    }
    #[inline]
    fn play(&self, pos: &Self::Position, mv: Self::Move) -> Self::Position {
        self.0.play(pos, mv)
    }
    #[inline]
    fn outcome(&self, pos: &Self::Position, ply: usize) -> Option<Value> {
        self.0.outcome(pos, ply)
    }
    #[inline]
    fn evaluate(&self, pos: &Self::Position, ply: usize) -> Value {
        self.0.evaluate(pos, ply)
    }
}

impl<M: TreeModel> HashedGame for Keyed<M> {
    #[inline]
    fn key(&self, pos: &Self::Position) -> u64 {
        alphabeta_core::mix::splitmix64(self.0.node_id(pos))
    }
}

/// The random trees have neither McCarthy's bounds nor a use for threads
/// here: the registry refuses McCarthy's procedure on them.
impl<M: TreeModel> Capabilities for Keyed<M> {}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_core::mix::splitmix64;
    use alphabeta_core::procedures::{Extra, Named, NotRun, RunOptions};
    use alphabeta_core::{Procedure, Search, Stats};
    use alphabeta_models::Uniform;

    /// Every position below `pos`, root first (depth-first).
    fn positions<G: Game>(game: &G, pos: &G::Position, out: &mut Vec<G::Position>)
    where
        G::Position: Clone,
    {
        out.push(pos.clone());
        for mv in game.successors(pos) {
            positions(game, &game.play(pos, mv), out);
        }
    }

    /// On ⟨3, 3⟩ every one of the 1 + 3 + 9 + 27 positions has its own key,
    /// the mixed node number.
    #[test]
    fn keys_are_the_mixed_node_numbers_and_all_differ() {
        let keyed = Keyed(Uniform::new(3, 3, 7).unwrap());
        let mut all = Vec::new();
        positions(&keyed, &keyed.0.root(), &mut all);
        assert_eq!(all.len(), 40);
        let keys: std::collections::BTreeSet<u64> = all.iter().map(|p| keyed.key(p)).collect();
        assert_eq!(keys.len(), 40);
        assert_eq!(
            keyed.key(&keyed.0.root()),
            splitmix64(keyed.0.node_id(&keyed.0.root()))
        );
        for p in &all {
            assert_eq!(keyed.key(p), splitmix64(keyed.0.node_id(p)));
        }
    }

    /// The adapter is the same game: the same value and counts under F2,
    /// and the table procedures find the same value through the keys;
    /// McCarthy's procedure is refused (no bounds).
    #[test]
    fn the_adapter_searches_as_the_model_and_runs_the_table_procedures() {
        let model = Uniform::new(3, 4, 11).unwrap();
        let keyed = Keyed(model);
        let mut bare = Search::with_observer(&model, Stats::default());
        let value = Procedure::FailHard.run(&mut bare, &model.root(), model.depth());
        let bare = bare.into_observer();
        let options = RunOptions::default();
        let adapted = Named::Core(Procedure::FailHard)
            .run(&keyed, &model.root(), &options)
            .unwrap();
        assert_eq!(adapted.value, value);
        assert_eq!(adapted.positions_examined, bare.nodes());
        assert_eq!(adapted.bottom_positions, bare.leaves());
        for table in [Extra::TableFailHard, Extra::TableFailSoft, Extra::Mtdf] {
            let run = Named::Extra(table)
                .run(&keyed, &model.root(), &options)
                .unwrap();
            assert_eq!(run.value, value, "{table}");
        }
        assert_eq!(
            Named::Extra(Extra::McCarthy).runs_on::<Keyed<Uniform>>(),
            Err(NotRun::NeedsBounds("mccarthy"))
        );
    }
}

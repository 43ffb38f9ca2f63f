//! Pearl's Scout: evaluate the first successor, only test the others.

use super::test::{settle_cutoff, test_node};
use crate::game::Game;
use crate::moves::MoveList;
use crate::observer::Observer;
use crate::search::{Node, Search};
use crate::value::{INFINITY, NEG_INFINITY, Value};

/// Scout (Pearl 1980, "Asymptotic properties of minimax trees and
/// game-searching procedures", AI 14, §3, procedure EVAL): the value of the
/// first successor is computed; every later successor is first only
/// *tested* ([`super::pearl_test`]) against the best value so far, and
/// evaluated by Scout again only if the test says it is better. Returns the
/// exact negamax value of `root` searched to `depth`.
///
/// In negamax form, with `v` the best value so far: successor c is better
/// exactly when F(c) < −v, i.e. when Test(c, −v, ≥) fails. Such a successor
/// is examined twice, once by the test and once by the re-search, which is
/// reported to the instruments ([`crate::Observer::research`]) at the
/// successor's level; both visits count as positions examined.
pub fn scout<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    root: &G::Position,
    depth: u32,
) -> Value {
    scout_node(s, root, 0, 0, depth)
}

fn scout_node<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    pos: &G::Position,
    ply: usize,
    index: usize,
    depth: u32,
) -> Value {
    let moves = match s.open(pos, ply, index, depth, NEG_INFINITY, INFINITY) {
        Node::Bottom(f) => return f,
        Node::Interior(moves) => moves,
    };
    let first = moves.get(0);
    let child = s.game.play(pos, first);
    let mut v = -scout_node(s, &child, ply + 1, 1, depth - 1);
    s.update_pv(ply, first);
    for i in 1..moves.len() {
        let mv = moves.get(i);
        let child = s.game.play(pos, mv);
        let (no_better, cut) = test_node(s, &child, ply + 1, i + 1, depth - 1, -v, false);
        settle_cutoff(s, ply + 1, cut);
        if !no_better {
            s.report_research(ply + 1);
            v = -scout_node(s, &child, ply + 1, i + 1, depth - 1);
            s.update_pv(ply, mv);
        }
    }
    s.release(ply, moves);
    v
}

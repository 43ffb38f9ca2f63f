//! Pearl's Test: is the value of a position above a threshold?
//!
//! Pearl (1980, "Asymptotic properties of minimax trees and game-searching
//! procedures", AI 14, §3) answers the question "is V(S) > v?" (or "≥ v")
//! with a boolean procedure that stops at the first successor settling it:
//! at a Max position one successor above v suffices, at a Min position one
//! successor at or below v refutes. In negamax form, with the value F(p) of
//! the side to move:
//!
//! * F(p) > v  ⇔  some successor c has F(c) < −v  ⇔  not (F(c) ≥ −v);
//! * F(p) ≥ v  ⇔  some successor c has F(c) ≤ −v  ⇔  not (F(c) > −v);
//!
//! so the strict and the non-strict question alternate from level to level,
//! and a bottom position answers by comparing its static value. Test is a
//! null-window search that returns one bit: on integer values "F(p) > v"
//! is what alpha-beta with the window (v, v + 1) decides, and "F(p) ≥ v"
//! the window (v − 1, v); the instruments report those windows.

use crate::game::Game;
use crate::moves::MoveList;
use crate::observer::Observer;
use crate::search::{Cut, Node, Search};
use crate::value::{NEG_INFINITY, Value};

/// Which of Pearl's two questions [`pearl_test`] answers about F(p) and v.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Inequality {
    /// F(p) > v (Pearl's `TEST(S, v, >)`).
    Greater,
    /// F(p) ≥ v (Pearl's `TEST(S, v, ≥)`).
    AtLeast,
}

/// Pearl's Test (Pearl 1980, §3): whether F(`root`) > `v` or F(`root`) ≥ `v`
/// (by `inequality`), searching to `depth`, where F is the negamax value of
/// the side to move at the root. Stops at every position as soon as one
/// successor settles the question; a position where that happens reports a
/// cutoff, always shallow (Test has one threshold, as Knuth's F1 has one
/// bound).
pub fn pearl_test<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    root: &G::Position,
    depth: u32,
    v: Value,
    inequality: Inequality,
) -> bool {
    let (answer, cut) = test_node(s, root, 0, 0, depth, v, inequality == Inequality::Greater);
    s.root_cut(cut);
    answer
}

/// Test at one position: F(pos) > v when `strict`, F(pos) ≥ v otherwise;
/// and the cutoff it made, which its parent settles ([`settle_cutoff`]).
pub(super) fn test_node<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    pos: &G::Position,
    ply: usize,
    index: usize,
    depth: u32,
    v: Value,
    strict: bool,
) -> (bool, Cut) {
    let (alpha, beta) = if strict {
        (v, v.saturating_add(1))
    } else {
        (v.saturating_sub(1).max(NEG_INFINITY), v)
    };
    let moves = match s.open(pos, ply, index, depth, alpha, beta) {
        Node::Bottom(f) => return (if strict { f > v } else { f >= v }, Cut::NONE),
        Node::Interior(moves) => moves,
    };
    let n = moves.len();
    let mut answer = false;
    let mut cut = Cut::NONE;
    for i in 0..n {
        let child = s.game.play(pos, moves.get(i));
        let (refuted, child_cut) = test_node(s, &child, ply + 1, i + 1, depth - 1, -v, !strict);
        settle_cutoff(s, ply + 1, child_cut);
        if !refuted {
            answer = true;
            cut = s.cut(n - i - 1);
            break;
        }
    }
    s.release(ply, moves);
    (answer, cut)
}

/// Reports the cutoff `cut` made by the position just tested at `ply` as
/// shallow: the threshold it stopped on is the one its parent passed down.
#[inline]
pub(super) fn settle_cutoff<G: Game, O: Observer>(s: &mut Search<'_, G, O>, ply: usize, cut: Cut) {
    s.successor_cut(ply, cut, 0, 0);
}

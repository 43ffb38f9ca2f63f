//! Reproducible test positions: random games that stay open.

use super::board::{Board, SQUARES, WIDTH, winning_squares};
use super::game::Connect4;
use alphabeta_core::Game;
use alphabeta_core::mix::{GAMMA, mix64};

/// The `n`-th number (from 0) of the splitmix64 stream of `seed`.
fn splitmix(seed: u64, n: u64) -> u64 {
    mix64(seed.wrapping_add(n.wrapping_add(1).wrapping_mul(GAMMA)))
}

/// A position with `discs` discs, the columns played as a string (`"4453"`),
/// from a random game with `seed`: each disc is dropped uniformly at random
/// among the columns that neither connect four nor let the opponent connect
/// four with its next disc, and the position reached is one the rules do not
/// settle at once (so it needs a search). Tries up to 1000 games; `None` if
/// none reaches `discs` (or `discs` ≥ 42).
pub fn random_position(discs: usize, seed: u64) -> Option<String> {
    if discs >= SQUARES {
        return None;
    }
    let game = Connect4::default();
    let mut draw = 0u64;
    'games: for _ in 0..1000 {
        let mut pos = Board::new();
        let mut moves = String::new();
        while pos.discs() < discs {
            let ours = winning_squares(pos.current(), pos.mask());
            let mut quiet = [0u8; WIDTH];
            let mut n = 0;
            for c in game.successors(&pos) {
                let square = pos.playable() & super::board::column(c as usize);
                if square & ours == 0 {
                    quiet[n] = c;
                    n += 1;
                }
            }
            if game.outcome(&pos, 0).is_some() || n == 0 {
                continue 'games;
            }
            let pick = (splitmix(seed, draw) % n as u64) as usize;
            draw += 1;
            pos = pos.play(quiet[pick] as usize);
            moves.push(char::from(b'1' + quiet[pick]));
        }
        if game.outcome(&pos, 0).is_none() {
            return Some(moves);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_reproducible_and_open() {
        for discs in [0, 10, 20, 30, 36] {
            let a = random_position(discs, 7).unwrap();
            assert_eq!(a.len(), discs);
            assert_eq!(random_position(discs, 7).unwrap(), a);
            let pos: Board = a.parse().unwrap();
            assert!(Connect4::default().outcome(&pos, 0).is_none());
        }
        assert_ne!(random_position(20, 1), random_position(20, 2));
        assert_eq!(random_position(42, 1), None);
    }
}

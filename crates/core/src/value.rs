//! Scores.
//!
//! [`Value`] is a 64-bit signed integer: wide enough for sums of branch values
//! (the additive models of Fuller §8 and Knuth §9), for chess centipawns and
//! for distance-scored wins. The infinities are `±i64::MAX`, so negating
//! either never overflows (`-NEG_INFINITY == INFINITY`), which is what every
//! negamax procedure relies on.

/// A game value from the viewpoint of the side to move (negamax convention,
/// Knuth eq. (1)).
pub type Value = i64;

/// +∞: greater than or equal to every value a game can produce (Knuth §2).
pub const INFINITY: Value = i64::MAX;
/// −∞ = −[`INFINITY`]; its negation is exactly [`INFINITY`].
pub const NEG_INFINITY: Value = -i64::MAX;

/// The value of a win found `ply` plies below the root. Wins are scored by
/// distance so that a shorter win is worth more (the lesson of the 1971
/// championship story in Fuller §2's footnote).
pub const WIN: Value = 1 << 56;

/// Value, for the side to move at the root, of a win delivered `ply` plies
/// from the root (shorter is better).
pub const fn win_in(ply: usize) -> Value {
    WIN - ply as Value
}

/// Value of a loss suffered `ply` plies from the root (later is better).
pub const fn loss_in(ply: usize) -> Value {
    -win_in(ply)
}

/// Values at or beyond this magnitude are forced wins or losses.
pub const WIN_THRESHOLD: Value = WIN - (1 << 20);

/// Whether `v` is a forced win for the side to move: a [`win_in`] score,
/// [`WIN_THRESHOLD`] ≤ v ≤ [`WIN`].
pub const fn is_win(v: Value) -> bool {
    v >= WIN_THRESHOLD && v <= WIN
}

/// Whether `v` is a forced loss for the side to move: a [`loss_in`] score.
pub const fn is_loss(v: Value) -> bool {
    v <= -WIN_THRESHOLD && v >= -WIN
}

/// Formats a value for people: `+inf`, `-inf`, `win in N`, `loss in N`, or
/// the number.
pub fn display(v: Value) -> String {
    match v {
        INFINITY => "+inf".to_string(),
        NEG_INFINITY => "-inf".to_string(),
        v if is_win(v) => format!("win in {}", WIN - v),
        v if is_loss(v) => format!("loss in {}", WIN + v),
        v => v.to_string(),
    }
}

/// Formats a value as a plain number, with only the infinities spelled out
/// (`+inf`, `-inf`): a leaf value or window bound as it was given.
pub fn plain(v: Value) -> String {
    match v {
        INFINITY => "+inf".to_string(),
        NEG_INFINITY => "-inf".to_string(),
        v => v.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn infinities_negate_without_overflow() {
        assert_eq!(-INFINITY, NEG_INFINITY);
        assert_eq!(-NEG_INFINITY, INFINITY);
    }

    #[test]
    fn shorter_wins_are_better() {
        assert!(win_in(1) > win_in(3));
        assert!(loss_in(1) < loss_in(3));
        assert!(is_win(win_in(100)) && !is_win(INFINITY) && !is_win(1000));
        // Beyond a win at the root there are no scores: not "win in -1".
        assert!(!is_win(WIN + 1) && !is_loss(-WIN - 1));
        assert_eq!(display(WIN + 1), (WIN + 1).to_string());
        assert_eq!(display(win_in(3)), "win in 3");
        assert_eq!(display(loss_in(2)), "loss in 2");
        assert_eq!(plain(win_in(3)), (WIN - 3).to_string());
        assert_eq!(
            (plain(INFINITY), plain(NEG_INFINITY)),
            ("+inf".into(), "-inf".into())
        );
    }
}

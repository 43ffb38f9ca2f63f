//! The Connect Four board as two 64-bit masks.
//!
//! Column `c` (0–6, shown 1–7) holds bits `7c … 7c + 5`, bottom to top; bit
//! `7c + 6` stays empty, so shifting a line of stones never wraps from one
//! column into the next. `current` holds the stones of the side to move and
//! `mask` every stone; the key `current + mask` names a position uniquely
//! (the layout of Tromp's and Pons's solvers). A move adds the lowest empty
//! bit of a column with one addition: `mask + bottom(c)`.

/// Columns.
pub const WIDTH: usize = 7;
/// Rows.
pub const HEIGHT: usize = 6;
/// Squares: the most discs a game can have.
pub const SQUARES: usize = WIDTH * HEIGHT;
const H1: u32 = HEIGHT as u32 + 1;

const fn bottom_row() -> u64 {
    let mut m = 0;
    let mut c = 0;
    while c < WIDTH {
        m |= 1 << (c as u32 * H1);
        c += 1;
    }
    m
}

/// One bit at the bottom of every column.
pub const BOTTOM: u64 = bottom_row();
/// Every square of the board.
pub const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

/// The bottom square of column `c`.
#[inline(always)]
pub const fn bottom(c: usize) -> u64 {
    1 << (c as u32 * H1)
}

/// The top square of column `c`.
#[inline(always)]
pub const fn top(c: usize) -> u64 {
    1 << (HEIGHT as u32 - 1 + c as u32 * H1)
}

/// Every square of column `c`.
#[inline(always)]
pub const fn column(c: usize) -> u64 {
    ((1 << HEIGHT) - 1) << (c as u32 * H1)
}

/// Whether `stones` contain four in a line (vertical, horizontal or either
/// diagonal).
#[inline(always)]
pub const fn has_four(stones: u64) -> bool {
    let mut found = false;
    // Shifts: 1 vertical, H1 horizontal, H1 - 1 and H1 + 1 the diagonals.
    let shifts = [1, H1, H1 - 1, H1 + 1];
    let mut i = 0;
    while i < 4 {
        let s = shifts[i];
        let pairs = stones & (stones >> s);
        found |= pairs & (pairs >> (2 * s)) != 0;
        i += 1;
    }
    found
}

/// The empty squares that would complete four in a line for `stones`
/// (whether or not they can be played yet), given the occupied squares
/// `mask`.
#[inline(always)]
pub const fn winning_squares(stones: u64, mask: u64) -> u64 {
    // Vertical: three stones below the square.
    let mut r = (stones << 1) & (stones << 2) & (stones << 3);
    let shifts = [H1, H1 - 1, H1 + 1];
    let mut i = 0;
    while i < 3 {
        let s = shifts[i];
        // Two stones on one side, and a third on either side of the square.
        let p = (stones << s) & (stones << (2 * s));
        r |= p & (stones << (3 * s));
        r |= p & (stones >> s);
        let p = (stones >> s) & (stones >> (2 * s));
        r |= p & (stones << s);
        r |= p & (stones >> (3 * s));
        i += 1;
    }
    r & (BOARD ^ mask)
}

/// A Connect Four position: whose stones are where, and how many there are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    current: u64,
    mask: u64,
    discs: u8,
}

impl Board {
    /// The empty board.
    pub const fn new() -> Self {
        Board {
            current: 0,
            mask: 0,
            discs: 0,
        }
    }

    /// Discs played.
    #[inline(always)]
    pub const fn discs(&self) -> usize {
        self.discs as usize
    }

    /// The stones of the side to move.
    #[inline(always)]
    pub const fn current(&self) -> u64 {
        self.current
    }

    /// The stones of the side that moved last.
    #[inline(always)]
    pub const fn opponent(&self) -> u64 {
        self.current ^ self.mask
    }

    /// Every stone.
    #[inline(always)]
    pub const fn mask(&self) -> u64 {
        self.mask
    }

    /// The squares where a disc can be played now (one per column not full).
    #[inline(always)]
    pub const fn playable(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    /// Whether column `c` (0–6) has room.
    #[inline(always)]
    pub const fn can_play(&self, c: usize) -> bool {
        self.mask & top(c) == 0
    }

    /// The position after the side to move drops a disc in column `c`
    /// (0–6), which must have room.
    #[inline(always)]
    pub const fn play(&self, c: usize) -> Board {
        self.play_square((self.mask + bottom(c)) & column(c))
    }

    /// The position after the side to move takes the playable square `sq`.
    #[inline(always)]
    pub const fn play_square(&self, sq: u64) -> Board {
        Board {
            current: self.current ^ self.mask,
            mask: self.mask | sq,
            discs: self.discs + 1,
        }
    }

    /// Whether the side that moved last has four in a line (the game ended).
    #[inline(always)]
    pub const fn is_won(&self) -> bool {
        has_four(self.opponent())
    }

    /// Whether the game is over: four in a line, or a full board.
    pub const fn is_over(&self) -> bool {
        self.is_won() || self.discs as usize == SQUARES
    }

    /// A unique 64-bit name of the position: `current + mask`. In each
    /// column the filled squares are a run from the bottom, so the sum's
    /// highest set bit in the column marks the square above the run and the
    /// bits below it are the side to move's stones: the sum is one-to-one.
    #[inline(always)]
    pub const fn unique_key(&self) -> u64 {
        self.current + self.mask
    }

    /// The smaller of [`Board::unique_key`] and the unique key of the
    /// mirror image (columns 1–7 read as 7–1): equal for a position and its
    /// mirror image, and for no two other positions. Each column's share of
    /// the unique key lies in that column's 7 bits (the run of stones plus
    /// the bit above it), so mirroring the key is mirroring the board.
    #[inline(always)]
    pub const fn symmetric_key(&self) -> u64 {
        let key = self.unique_key();
        let mut mirrored = 0;
        let mut c = 0;
        while c < WIDTH {
            let share = (key >> (c as u32 * H1)) & ((1 << H1) - 1);
            mirrored |= share << ((WIDTH - 1 - c) as u32 * H1);
            c += 1;
        }
        if mirrored < key { mirrored } else { key }
    }

    /// The disc the side to move would play next, counted from 1 for that
    /// side (its k in the score 22 − k).
    #[inline(always)]
    pub const fn next_disc(&self) -> i64 {
        self.discs as i64 / 2 + 1
    }

    /// Discs the side that moved last has played.
    #[inline(always)]
    pub const fn opponent_discs(&self) -> i64 {
        self.discs as i64 - self.discs as i64 / 2
    }

    /// The board as six text rows, top first: `x` for the first player's
    /// discs, `o` for the second's, `.` for empty squares.
    pub fn diagram(&self) -> String {
        // The first player is to move exactly when the disc count is even.
        let first = if self.discs.is_multiple_of(2) {
            self.current
        } else {
            self.opponent()
        };
        let mut out = String::new();
        for row in (0..HEIGHT).rev() {
            for c in 0..WIDTH {
                let bit = 1u64 << (row as u32 + c as u32 * H1);
                out.push(if self.mask & bit == 0 {
                    '.'
                } else if first & bit != 0 {
                    'x'
                } else {
                    'o'
                });
            }
            out.push('\n');
        }
        out.push_str("1234567\n");
        out
    }
}

/// Why a move string is not a Connect Four game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MovesError {
    /// A character other than the digits 1–7.
    #[error("move {index} is {found:?}: moves are the columns 1 to 7 (left to right)")]
    NotAColumn {
        /// The move's position in the string, from 1.
        index: usize,
        /// What was there.
        found: char,
    },
    /// A disc dropped into a full column.
    #[error("move {index} drops a disc into column {column}, which is full")]
    FullColumn {
        /// The move's position in the string, from 1.
        index: usize,
        /// The column, 1–7.
        column: usize,
    },
    /// A move after four in a line.
    #[error("move {index} comes after the game ended: move {won_at} made four in a line")]
    AfterEnd {
        /// The move's position in the string, from 1.
        index: usize,
        /// The move that won.
        won_at: usize,
    },
    /// More moves than squares.
    #[error("{0} moves: a game has at most 42 (7 columns of 6)")]
    TooLong(usize),
}

impl std::str::FromStr for Board {
    type Err = MovesError;

    /// Reads a position from the columns played, 1–7, first player first
    /// (the notation of the Connect Four solving literature: `4453` is
    /// centre, centre, column 5, column 3). Spaces are ignored; the empty
    /// string is the empty board.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let moves: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        if moves.len() > SQUARES {
            return Err(MovesError::TooLong(moves.len()));
        }
        let mut board = Board::new();
        let mut won_at = None;
        for (i, &ch) in moves.iter().enumerate() {
            let index = i + 1;
            let column = match ch {
                '1'..='7' => ch as usize - '0' as usize,
                found => return Err(MovesError::NotAColumn { index, found }),
            };
            if let Some(won_at) = won_at {
                return Err(MovesError::AfterEnd { index, won_at });
            }
            if !board.can_play(column - 1) {
                return Err(MovesError::FullColumn { index, column });
            }
            board = board.play(column - 1);
            if board.is_won() {
                won_at = Some(index);
            }
        }
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_cover_the_board() {
        assert_eq!(BOARD.count_ones() as usize, SQUARES);
        assert_eq!(BOTTOM.count_ones() as usize, WIDTH);
        for c in 0..WIDTH {
            assert_eq!(column(c) & BOARD, column(c));
            assert!(bottom(c) & column(c) != 0 && top(c) & column(c) != 0);
        }
    }

    #[test]
    fn lines_are_found_in_every_direction() {
        let vertical: Board = "1212121".parse().unwrap();
        assert!(vertical.is_won());
        let horizontal: Board = "1122334".parse().unwrap();
        assert!(horizontal.is_won());
        // A diagonal up to the right: x at (1,1) (2,2) (3,3) (4,4).
        let diagonal: Board = "12234334744".parse().unwrap();
        assert!(diagonal.is_won(), "{}", diagonal.diagram());
        // And down to the right: the mirror image.
        let mirrored: Board = "76654554144".parse().unwrap();
        assert!(mirrored.is_won(), "{}", mirrored.diagram());
        // Three in a row along the bottom do not wrap into the next column.
        let three: Board = "515253".parse().unwrap();
        assert!(!three.is_won() && !has_four(three.current()));
        // o (the side that just moved) threatens column 4, x the fourth square of column 5.
        assert_eq!(winning_squares(three.opponent(), three.mask()), bottom(3));
        assert_eq!(
            winning_squares(three.current(), three.mask()),
            bottom(4) << 3
        );
    }

    #[test]
    fn mirror_images_share_the_symmetric_key() {
        let mirror = |moves: &str| -> String {
            moves
                .chars()
                .map(|c| char::from(b'8' - (c as u8 - b'0')))
                .collect()
        };
        for moves in ["", "4", "1", "12", "4453", "3541276", "112233"] {
            let b: Board = moves.parse().unwrap();
            let m: Board = mirror(moves).parse().unwrap();
            assert_eq!(b.symmetric_key(), m.symmetric_key(), "{moves}");
            assert_eq!(
                b.symmetric_key(),
                b.unique_key().min(m.unique_key()),
                "{moves}"
            );
        }
        // Positions that are not mirror images keep distinct keys.
        let a: Board = "12".parse().unwrap();
        let b: Board = "21".parse().unwrap();
        assert_ne!(a.symmetric_key(), b.symmetric_key());
    }

    #[test]
    fn winning_squares_are_the_threats() {
        // x on 1, 2, 3 of the bottom row; o on top of them. x to move wins at 4.
        let b: Board = "112233".parse().unwrap();
        let threats = winning_squares(b.current(), b.mask());
        assert_eq!(threats & b.playable(), bottom(3));
        assert_eq!(b.next_disc(), 4);
        assert!(b.play(3).is_won());
    }
}

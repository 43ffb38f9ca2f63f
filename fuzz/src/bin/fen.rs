//! Fuzz target `fen`: see [`alphabeta_fuzz::fen`].
fn main() {
    afl::fuzz!(|data: &[u8]| alphabeta_fuzz::fen(data));
}

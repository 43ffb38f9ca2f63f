//! Fuzz target `pgn`: see [`alphabeta_fuzz::pgn`].
fn main() {
    afl::fuzz!(|data: &[u8]| alphabeta_fuzz::pgn(data));
}

//! Fuzz target `uci`: see [`alphabeta_fuzz::uci`].
fn main() {
    afl::fuzz!(|data: &[u8]| alphabeta_fuzz::uci(data));
}

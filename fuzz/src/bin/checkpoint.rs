//! Fuzz target `checkpoint`: see [`alphabeta_fuzz::checkpoint`].
fn main() {
    afl::fuzz!(|data: &[u8]| alphabeta_fuzz::checkpoint(data));
}

//! Fuzz target `tree`: see [`alphabeta_fuzz::tree`].
fn main() {
    afl::fuzz!(|data: &[u8]| alphabeta_fuzz::tree(data));
}

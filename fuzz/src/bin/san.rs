//! Fuzz target `san`: see [`alphabeta_fuzz::san`].
fn main() {
    afl::fuzz!(|data: &[u8]| alphabeta_fuzz::san(data));
}

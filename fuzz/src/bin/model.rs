//! Fuzz target `model`: see [`alphabeta_fuzz::model`].
fn main() {
    afl::fuzz!(|data: &[u8]| alphabeta_fuzz::model(data));
}

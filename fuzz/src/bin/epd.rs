//! Fuzz target `epd`: see [`alphabeta_fuzz::epd`].
fn main() {
    afl::fuzz!(|data: &[u8]| alphabeta_fuzz::epd(data));
}

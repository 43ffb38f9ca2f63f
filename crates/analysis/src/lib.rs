//! Exact and numeric analysis of alpha-beta: Fuller, Knuth & Moore, Pearl.

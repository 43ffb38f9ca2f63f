//! Explicit game trees: text format, Dewey addresses, fixture trees from the seeds, small games.

//! Chess on the alphabeta core: the experiments' program, PGN/EPD, a UCI engine.

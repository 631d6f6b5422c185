//! The morgue file of a run (being written).

//! The run history (being written).

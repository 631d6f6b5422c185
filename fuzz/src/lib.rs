//! delve's fuzz targets (see `README.md`): the bodies are in [`targets`], one
//! `fuzz_targets/NAME.rs` per target hands libFuzzer's input to them.

pub mod targets;

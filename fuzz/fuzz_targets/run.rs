//! `cargo +nightly fuzz run run`: see `fuzz/README.md` and `delve_fuzz::targets::run`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| delve_fuzz::targets::run(data));

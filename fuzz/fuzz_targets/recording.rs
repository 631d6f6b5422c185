//! `cargo +nightly fuzz run recording`: see `fuzz/README.md` and `delve_fuzz::targets::recording`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| delve_fuzz::targets::recording(data));

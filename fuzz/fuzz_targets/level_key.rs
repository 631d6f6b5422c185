//! `cargo +nightly fuzz run level_key`: see `fuzz/README.md` and `delve_fuzz::targets::level_key`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| delve_fuzz::targets::level_key(data));

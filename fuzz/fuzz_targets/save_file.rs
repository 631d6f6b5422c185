//! `cargo +nightly fuzz run save_file`: see `fuzz/README.md` and `delve_fuzz::targets::save_file`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| delve_fuzz::targets::save_file(data));

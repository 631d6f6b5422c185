//! `cargo +nightly fuzz run save_payload`: see `fuzz/README.md` and `delve_fuzz::targets::save_payload`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| delve_fuzz::targets::save_payload(data));

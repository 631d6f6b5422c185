//! `cargo +nightly fuzz run vault_file`: see `fuzz/README.md` and `delve_fuzz::targets::vault_file`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| delve_fuzz::targets::vault_file(data));

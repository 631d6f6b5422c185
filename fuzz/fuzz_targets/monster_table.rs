//! `cargo +nightly fuzz run monster_table`: see `fuzz/README.md` and `delve_fuzz::targets::monster_table`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| delve_fuzz::targets::monster_table(data));

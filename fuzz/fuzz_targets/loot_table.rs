//! `cargo +nightly fuzz run loot_table`: see `fuzz/README.md` and `delve_fuzz::targets::loot_table`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| delve_fuzz::targets::loot_table(data));

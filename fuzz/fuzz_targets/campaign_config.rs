//! `cargo +nightly fuzz run campaign_config`: see `fuzz/README.md` and `delve_fuzz::targets::campaign_config`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| delve_fuzz::targets::campaign_config(data));

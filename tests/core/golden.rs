//! Golden hashes: a handful of levels per generator are pinned, so any change to
//! generation is noticed — and made on purpose (update the table and say why).

use delve::generator::{GeneratorKind, generate_level};

/// FNV-1a over the ASCII map: stable across platforms and crate versions.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

const GOLDEN: &[(GeneratorKind, u64, u64)] = &[];

#[test]
fn golden_levels_are_unchanged() {
    let mut report = String::new();
    let mut mismatches = 0;
    for kind in GeneratorKind::ALL {
        for seed in [1u64, 2, 3, 42, 20261130] {
            let level = generate_level(&kind.default_config(), seed).expect("level");
            let hash = fnv1a(level.tiles.to_ascii().as_bytes());
            report.push_str(&format!("    (GeneratorKind::{kind:?}, {seed}, 0x{hash:016x}),\n"));
            if let Some(&(_, _, want)) = GOLDEN.iter().find(|(k, s, _)| *k == kind && *s == seed) {
                if want != hash {
                    mismatches += 1;
                }
            } else {
                mismatches += 1;
            }
        }
    }
    assert_eq!(mismatches, 0, "generation changed; if on purpose, pin the new hashes:\n{report}");
}

//! Golden hashes: a handful of levels per generator are pinned, so any change to
//! generation is noticed — and made on purpose (update the table and say why).

use delve::generator::{GeneratorKind, generate_level};

/// FNV-1a over the ASCII map: stable across platforms and crate versions.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// (generator with default config, level seed, FNV-1a of its ASCII map)
const GOLDEN: &[(GeneratorKind, u64, u64)] = &[
    (GeneratorKind::Cave, 1, 0xb2d011549440e5be),
    (GeneratorKind::Cave, 2, 0x804321b0ec223c12),
    (GeneratorKind::Cave, 3, 0x1b693132c49012ee),
    (GeneratorKind::Cave, 42, 0x65fb5b786acf6a68),
    (GeneratorKind::Cave, 20261130, 0x55f5fbf0c31e422e),
    (GeneratorKind::Rooms, 1, 0x51de18fdcef557e3),
    (GeneratorKind::Rooms, 2, 0x826ab2ea8b301a96),
    (GeneratorKind::Rooms, 3, 0x1065e3c7a76a0a91),
    (GeneratorKind::Rooms, 42, 0x420ea67587031740),
    (GeneratorKind::Rooms, 20261130, 0xf5cf53b5f2b0ae23),
    (GeneratorKind::Maze, 1, 0x24977d78a4908607),
    (GeneratorKind::Maze, 2, 0xb3b8d8f62bb70ee2),
    (GeneratorKind::Maze, 3, 0xdcd94483721d2288),
    (GeneratorKind::Maze, 42, 0xf704f7f32e81dad2),
    (GeneratorKind::Maze, 20261130, 0x725add6f8e4714a3),
];

#[test]
fn golden_levels_are_unchanged() {
    let mut report = String::new();
    let mut mismatches = 0;
    for kind in GeneratorKind::ALL {
        for seed in [1u64, 2, 3, 42, 20261130] {
            let level = generate_level(&kind.default_config(), seed).expect("level");
            let hash = fnv1a(level.tiles.to_ascii().as_bytes());
            report.push_str(&format!(
                "    (GeneratorKind::{kind:?}, {seed}, 0x{hash:016x}),\n"
            ));
            if let Some(&(_, _, want)) = GOLDEN.iter().find(|(k, s, _)| *k == kind && *s == seed) {
                if want != hash {
                    mismatches += 1;
                }
            } else {
                mismatches += 1;
            }
        }
    }
    assert_eq!(
        mismatches, 0,
        "generation changed; if on purpose, pin the new hashes:\n{report}"
    );
}

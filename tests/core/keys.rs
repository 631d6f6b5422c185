//! Level keys round-trip, reproduce levels byte for byte, and reject typos.

use delve::config::CampaignConfig;
use delve::generator::{
    CaveConfig, GeneratorConfig, GeneratorKind, MazeConfig, PocketRepair, RoomsConfig,
    generate_level,
};
use delve::key::{KeyError, LevelKey};
use delve::rng::{Stream, StreamRng};

fn sample_keys(count: u64) -> Vec<LevelKey> {
    let mut rng = StreamRng::new(99, Stream::Cosmetic);
    let campaign = CampaignConfig::builtin();
    (0..count)
        .map(|i| {
            let mut config = match i % 4 {
                0 => campaign.config_at(1 + (i as u32 % 6)).clone(),
                1 => GeneratorConfig::Cave(CaveConfig {
                    wall_percent: rng.below(60),
                    passes: rng.below(8),
                    pocket_repair: [PocketRepair::Tunnel, PocketRepair::Fill, PocketRepair::Off]
                        [rng.below(3) as usize],
                    ..CaveConfig::default()
                }),
                2 => GeneratorConfig::Rooms(RoomsConfig {
                    cycle_percent: rng.below(101),
                    empty_percent: rng.below(50),
                    ..RoomsConfig::default()
                }),
                _ => GeneratorConfig::Maze(MazeConfig {
                    join_right_permille: rng.below(1001),
                    stair_clearance: 1 + rng.below(3),
                    ..MazeConfig::default()
                }),
            };
            config.set_size(Some(config.size().0 + rng.below(40)), None);
            LevelKey::new(
                config,
                1 + rng.below(999),
                if i % 3 == 0 {
                    rng.below(1000) as u64
                } else {
                    rng.next_u64()
                },
            )
        })
        .collect()
}

#[test]
fn keys_round_trip_for_many_seeds_and_configs() {
    for key in sample_keys(3000) {
        let text = key.encode();
        assert_eq!(LevelKey::decode(&text).as_ref(), Ok(&key), "{text}");
        assert_eq!(
            LevelKey::decode(&text.to_lowercase()).as_ref(),
            Ok(&key),
            "lower case {text}"
        );
        assert_eq!(
            LevelKey::decode(&text.replace('-', "")).as_ref(),
            Ok(&key),
            "no hyphens {text}"
        );
    }
}

#[test]
fn a_decoded_key_reproduces_the_level_byte_for_byte() {
    for key in sample_keys(60) {
        let decoded = LevelKey::decode(&key.encode()).unwrap();
        let a = generate_level(&key.config, key.level_seed());
        let b = generate_level(&decoded.config, decoded.level_seed());
        match (a, b) {
            (Ok(a), Ok(b)) => assert_eq!(a.tiles.to_ascii(), b.tiles.to_ascii()),
            (Err(a), Err(b)) => assert_eq!(a, b),
            _ => panic!("one generated, one failed"),
        }
    }
}

#[test]
fn keys_are_short_and_readable() {
    for key in sample_keys(500) {
        let text = key.encode();
        assert!(
            text.chars()
                .all(|c| c == '-' || c.is_ascii_digit() || c.is_ascii_uppercase()),
            "{text}"
        );
        assert!(!text.contains(['I', 'L', 'O', 'U']), "{text}");
        assert!(text.len() <= 48, "{text} is too long to read aloud");
    }
    let campaign = CampaignConfig::builtin();
    for depth in 1..=7 {
        let key = LevelKey::new(campaign.config_at(depth).clone(), depth, campaign.seed);
        assert!(
            key.encode().len() <= 30,
            "campaign key {} is too long",
            key.encode()
        );
    }
    let default = LevelKey::new(GeneratorKind::Cave.default_config(), 1, 42);
    assert!(default.encode().len() <= 11, "{}", default.encode());
}

#[test]
fn every_mistyped_character_and_swap_is_rejected() {
    const ALPHABET: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    for key in sample_keys(40) {
        let text = key.encode().replace('-', "");
        let chars: Vec<char> = text.chars().collect();
        for i in 0..chars.len() {
            for c in ALPHABET.chars().filter(|&c| c != chars[i]) {
                let mut typo = chars.clone();
                typo[i] = c;
                let typo: String = typo.into_iter().collect();
                assert!(
                    LevelKey::decode(&typo).is_err(),
                    "{typo} (from {text}) was accepted"
                );
            }
            if i + 1 < chars.len() && chars[i] != chars[i + 1] {
                let mut swapped = chars.clone();
                swapped.swap(i, i + 1);
                let swapped: String = swapped.into_iter().collect();
                assert!(
                    LevelKey::decode(&swapped).is_err(),
                    "{swapped} (from {text}) was accepted"
                );
            }
        }
    }
}

#[test]
fn garbage_keys_get_clear_errors() {
    assert!(matches!(
        LevelKey::decode("ABCU-1234"),
        Err(KeyError::BadCharacter { position: 4, .. })
    ));
    assert!(matches!(
        LevelKey::decode("hello!"),
        Err(KeyError::BadCharacter { .. })
    ));
    assert_eq!(LevelKey::decode(""), Err(KeyError::TooShort));
    for text in ["0000-0000-0", "ZZZZ-ZZZZ-ZZZZ-ZZZZ-Z", "1"] {
        let err = LevelKey::decode(text).expect_err(text);
        assert!(!err.to_string().is_empty());
    }
}

#[test]
fn the_documented_example_key_is_the_default_cave_at_seed_42() {
    let key = LevelKey::decode("100J-MA").unwrap();
    assert_eq!(key.config, GeneratorKind::Cave.default_config());
    assert_eq!((key.depth, key.seed), (1, 42));
}

#[test]
fn a_key_made_under_another_loot_table_says_so() {
    use delve::loot::{LootFingerprint, LootTable};
    let text = r#"(items: [(name: "only in the key test", glyph: '&', rarity: Common)])"#;
    let unloaded = LootTable::from_ron_str(text, "t.ron").unwrap();
    for config in [
        GeneratorKind::Cave.default_config(),
        GeneratorConfig::Rooms(RoomsConfig {
            cycle_percent: 10,
            ..RoomsConfig::default()
        }),
    ] {
        let key = LevelKey::new(config, 3, 77).under(&unloaded);
        let decoded = LevelKey::decode(&key.encode()).unwrap();
        assert_eq!(
            decoded, key,
            "the fingerprint comes back with the parameters"
        );
        assert_eq!(decoded.loot, unloaded.fingerprint());
        let plain = LevelKey {
            loot: LootFingerprint::embedded(),
            ..key.clone()
        };
        assert_ne!(plain.encode(), key.encode());
        let _ = plain.generate().unwrap();
    }
    let key = LevelKey::new(GeneratorKind::Maze.default_config(), 2, 5).under(&unloaded);
    let refused = key.generate().unwrap_err().to_string();
    assert!(
        refused.contains(&unloaded.fingerprint().to_string()) && refused.contains("--loot"),
        "{refused}"
    );
    // Given another table, the key still refuses: its loot would not be its level's.
    let other = LootTable::from_ron_str(
        r#"(items: [(name: "another table's", glyph: '%', rarity: Common)])"#,
        "u.ron",
    )
    .unwrap();
    assert!(matches!(
        key.generate_with(&other),
        Err(delve::generator::GenError::UnknownLootTable(f)) if f == unloaded.fingerprint()
    ));
    let level = key.generate_with(&unloaded).unwrap();
    assert!(
        level.loot.iter().all(|item| item.item == 0),
        "{:?}",
        level.loot
    );
    assert!(!level.loot.is_empty());
    assert_eq!(
        key.clone()
            .under(&unloaded)
            .generate_with(&unloaded)
            .unwrap(),
        level,
        "the same table gives the same level"
    );
    // A key of the embedded table generates with any table given: the embedded one.
    let embedded = LevelKey {
        loot: LootFingerprint::embedded(),
        ..key.clone()
    };
    assert_eq!(
        embedded.generate_with(&unloaded).unwrap(),
        embedded.generate().unwrap()
    );
}

#[test]
fn keys_under_the_embedded_table_are_unchanged() {
    // Written before loot tables could be named: cave defaults, depth 1, seed 42.
    let key = LevelKey::decode("100J-MA").unwrap();
    assert_eq!(key.loot, delve::loot::LootFingerprint::embedded());
    assert_eq!(key.encode(), "100J-MA");
}

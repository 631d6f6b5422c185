//! Level keys round-trip, reproduce levels byte for byte, and reject typos.

use delve_levels::config::CampaignConfig;
use delve_levels::generator::{
    CaveConfig, GeneratorConfig, GeneratorKind, MazeConfig, PocketRepair, RoomsConfig,
    generate_level,
};
use delve_levels::key::{KeyError, LevelKey};
use delve_levels::rng::{Stream, StreamRng};

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
        // Twelve groups of four at most: a level of many parameters off their defaults
        // (a room dungeon with all five terrain features and vaults, say) writes them all.
        assert!(text.len() <= 59, "{text} is too long to read aloud");
    }
    let campaign = CampaignConfig::builtin();
    for depth in 1..=7 {
        let key = LevelKey::new(campaign.config_at(depth).clone(), depth, campaign.seed);
        // Nine groups at most: depth 5 writes a room dungeon's own four parameters, all
        // five terrain features and its vaults.
        assert!(
            key.encode().len() <= 44,
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
    use delve_levels::loot::{LootFingerprint, LootTable};
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
            loot: key.unmarked_loot(),
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
        Err(delve_levels::generator::GenError::UnknownLootTable(f)) if f == unloaded.fingerprint()
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
    // A key of an embedded table (either edition) generates with any table given: its
    // own edition.
    let first = delve_levels::loot::first_edition_loot_table().fingerprint();
    for loot in [first, LootFingerprint::embedded()] {
        let embedded = LevelKey {
            loot,
            ..key.clone()
        };
        assert_eq!(
            embedded.generate_with(&unloaded).unwrap(),
            embedded.generate().unwrap()
        );
    }
}

#[test]
fn keys_under_the_embedded_table_are_unchanged() {
    // Written before loot tables could be named: cave defaults, depth 1, seed 42. A key
    // of generation 2 without a loot mark keeps meaning the first edition of the
    // embedded table.
    let key = LevelKey::decode("100J-MA").unwrap();
    let first_table = delve_levels::loot::first_edition_loot_table();
    assert_eq!(key.loot, first_table.fingerprint());
    assert_eq!(key.encode(), "100J-MA");
    let first = key.generate().unwrap();
    assert_eq!(first, key.generate_with(first_table).unwrap());
    // The same level made now (generation 3) has a short key too, and its loot from
    // the second edition; the stairs stay where they were.
    let now = key
        .clone()
        .in_generation(delve_levels::generator::Generation::Third);
    assert_eq!(now.loot, delve_levels::loot::LootFingerprint::embedded());
    assert_eq!(now.encode().len(), "100J-MA".len(), "{}", now.encode());
    assert_eq!(LevelKey::decode(&now.encode()).unwrap(), now);
    let again = now.generate().unwrap();
    assert_eq!((again.up, again.down), (first.up, first.down));
    assert_ne!(again.loot, first.loot);
}

/// The printed key of `numbers` written as a key's bytes are (7 bits a byte), so that a
/// test can spell a key otherwise than delve does.
fn key_of_numbers(numbers: &[u64]) -> String {
    key_of_bytes(numbers, &[])
}

/// [`key_of_numbers`], with the numbers at the indices in `padded` written with one
/// needless zero group.
fn key_of_bytes(numbers: &[u64], padded: &[usize]) -> String {
    let mut bytes = Vec::new();
    for (i, &number) in numbers.iter().enumerate() {
        let mut value = number;
        loop {
            let low = (value & 0x7f) as u8;
            value >>= 7;
            if value == 0 && !padded.contains(&i) {
                bytes.push(low);
                break;
            }
            bytes.push(low | 0x80);
            if value == 0 {
                bytes.push(0);
                break;
            }
        }
    }
    delve_levels::key::text::print(&bytes)
}

/// The head of a key of generation 2 whose kind is written in its two low bits.
const HEAD_CAVE: u64 = 2 << 2;

/// The generation [`HEAD_CAVE`] names.
const SECOND: delve_levels::generator::Generation = delve_levels::generator::Generation::Second;

#[test]
fn the_bytes_as_documented_spell_the_documented_key() {
    // Head (generation 2, kind 0), depth 1, seed 42: the module docs' format.
    assert_eq!(key_of_numbers(&[HEAD_CAVE, 1, 42]), "100J-MA");
}

#[test]
fn a_generation_zero_key_is_refused_as_no_generation_not_as_a_newer_one() {
    for kind in 0..3 {
        let text = key_of_numbers(&[kind, 1, 42]);
        let error = LevelKey::decode(&text).unwrap_err();
        assert_eq!(error, KeyError::GenerationZero, "{text}");
        let message = error.to_string();
        assert!(message.contains("generation 0"), "{message}");
        assert!(message.contains("numbered from 1"), "{message}");
        assert!(!message.contains("newer"), "{message}");
    }
    let newer = LevelKey::decode(&key_of_numbers(&[9 << 2, 1, 42])).unwrap_err();
    assert_eq!(newer, KeyError::UnknownVersion(9));
    assert!(
        newer.to_string().contains("a newer delve made it"),
        "{newer}"
    );
}

/// The problem a refused spelling names, and the key it says delve writes.
fn refusal(text: &str) -> (String, String) {
    match LevelKey::decode(text) {
        Err(KeyError::NotCanonical { problem, canonical }) => {
            let message = LevelKey::decode(text).unwrap_err().to_string();
            assert!(message.contains(&canonical), "{message}");
            assert!(message.contains(&problem), "{message}");
            (problem, canonical)
        }
        other => panic!("{text} was not refused as a spelling: {other:?}"),
    }
}

#[test]
fn a_parameter_written_out_at_its_default_is_refused_naming_it_and_the_key() {
    // Mask bit 2 of a cave is `wall_percent`; 40 is its default.
    let (problem, canonical) = refusal(&key_of_numbers(&[HEAD_CAVE, 1, 42, 1 << 2, 40]));
    assert!(problem.contains("`wall_percent`"), "{problem}");
    assert!(problem.contains("default (40)"), "{problem}");
    assert_eq!(canonical, "100J-MA");
    // Beside a parameter that does differ, the default is still named.
    let (problem, canonical) = refusal(&key_of_numbers(&[HEAD_CAVE, 1, 42, 0b101, 81, 40]));
    assert!(problem.contains("`wall_percent`"), "{problem}");
    let wider = CaveConfig {
        width: 81,
        ..CaveConfig::default()
    };
    assert_eq!(
        canonical,
        LevelKey::new(GeneratorConfig::Cave(wider), 1, 42)
            .in_generation(SECOND)
            .encode()
    );
    // An empty parameter list, and the embedded loot table written out.
    let (problem, canonical) = refusal(&key_of_numbers(&[HEAD_CAVE, 1, 42, 0]));
    assert!(problem.contains("empty list of parameters"), "{problem}");
    assert_eq!(canonical, "100J-MA");
    let unmarked = delve_levels::loot::first_edition_loot_table()
        .fingerprint()
        .0 as u64;
    let (problem, canonical) = refusal(&key_of_numbers(&[HEAD_CAVE, 1, 42, 1 << 40, unmarked]));
    assert!(
        problem.contains("embedded loot table of its generation"),
        "{problem}"
    );
    assert_eq!(canonical, "100J-MA");
}

#[test]
fn an_over_long_number_is_refused_with_the_key_delve_writes() {
    for padded in 0..3 {
        let text = key_of_bytes(&[HEAD_CAVE, 1, 42], &[padded]);
        assert_ne!(text, "100J-MA");
        let (problem, canonical) = refusal(&text);
        assert!(
            problem.contains("needless zero groups"),
            "{text}: {problem}"
        );
        assert_eq!(canonical, "100J-MA", "{text}");
    }
    // A parameter's value too.
    let changed = key_of_bytes(&[HEAD_CAVE, 1, 42, 1 << 2, 45], &[4]);
    let (_, canonical) = refusal(&changed);
    let config = GeneratorConfig::Cave(CaveConfig {
        wall_percent: 45,
        ..CaveConfig::default()
    });
    assert_eq!(
        canonical,
        LevelKey::new(config, 1, 42).in_generation(SECOND).encode()
    );
}

#[test]
fn kinds_past_the_heads_two_bits_have_keys_of_their_own() {
    // The head's kind bits at 3 say the kind's number follows: a kind this delve does
    // not know yet (from a newer delve, with more kinds) is named and refused as such…
    let unknown = GeneratorKind::COUNT as u64;
    for kind in [unknown, unknown + 1, 200, 100_000] {
        let error = LevelKey::decode(&key_of_numbers(&[HEAD_CAVE | 3, kind, 1, 42])).unwrap_err();
        assert_eq!(error, KeyError::UnknownKind(kind));
        let message = error.to_string();
        assert!(message.contains(&format!("kind {kind}")), "{message}");
        assert!(message.contains("a newer delve made it"), "{message}");
    }
    // …a kind the list has from place 3 on is written so…
    for kind in GeneratorKind::ALL.into_iter().skip(3) {
        let key = LevelKey::new(kind.default_config(), 1, 42).in_generation(SECOND);
        assert_eq!(
            key.encode(),
            key_of_numbers(&[HEAD_CAVE | 3, kind.number(), 1, 42])
        );
        assert_eq!(LevelKey::decode(&key.encode()), Ok(key));
    }
    // …and a kind the two bits hold, written that long way, is a spelling of its key.
    for kind in GeneratorKind::ALL.into_iter().take(3) {
        let text = key_of_numbers(&[HEAD_CAVE | 3, kind.number(), 1, 42]);
        let (problem, canonical) = refusal(&text);
        assert!(problem.contains("long form"), "{problem}");
        assert_eq!(
            canonical,
            LevelKey::new(kind.default_config(), 1, 42)
                .in_generation(SECOND)
                .encode()
        );
    }
}

/// Every level key written in the repository's documents and committed files (the
/// README and the book, the seed catalogs, the recordings' start keys): they must keep
/// decoding.
fn committed_keys() -> Vec<(String, String)> {
    let root = crate::workspace_root().display().to_string();
    let mut files = vec![format!("{root}/README.md")];
    for dir in [
        "docs/src",
        "tests/catalog",
        "tests/recordings",
        "tests/recordings/legacy",
    ] {
        for entry in std::fs::read_dir(format!("{root}/{dir}")).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() {
                files.push(path.display().to_string());
            }
        }
    }
    let is_key = |word: &str| {
        let groups: Vec<&str> = word.split('-').collect();
        groups.len() >= 2
            && groups[..groups.len() - 1].iter().all(|g| g.len() == 4)
            && (1..=4).contains(&groups[groups.len() - 1].len())
            && word
                .chars()
                .all(|c| c == '-' || c.is_ascii_digit() || c.is_ascii_uppercase())
            && word.chars().any(|c| c.is_ascii_digit())
    };
    let mut keys = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for word in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
            let word = word.trim_matches('-');
            if is_key(word) {
                keys.push((file.clone(), word.to_owned()));
            }
        }
    }
    keys
}

#[test]
fn every_committed_key_decodes_and_is_written_back_as_it_stands() {
    let keys = committed_keys();
    assert!(
        keys.iter().any(|(_, k)| k == "100J-MA") && keys.iter().any(|(_, k)| k == "0G0J-M2"),
        "the README's keys are found"
    );
    assert!(
        keys.iter().filter(|(f, _)| f.contains("catalog")).count() > 100,
        "the catalogs' keys are found"
    );
    for (file, text) in keys {
        match LevelKey::decode(&text) {
            Ok(key) => assert_eq!(key.encode(), text, "{file}"),
            // The book shows a refused spelling, with the message naming its key.
            Err(error @ KeyError::NotCanonical { .. }) if file.ends_with(".md") => {
                let document = std::fs::read_to_string(&file).unwrap();
                assert!(document.contains(&error.to_string()), "{text}: {error}")
            }
            Err(error) => panic!("{file}: {text}: {error}"),
        }
    }
}

//! Level configs: every shipped file parses and validates; broken files are rejected
//! with the right kind of error at the right place.

use std::path::Path;

use delve_levels::config::{CampaignConfig, ConfigError};
use delve_levels::key::LevelKey;
use delve_levels::loot::LootTable;

use super::temp_dir::TempDir;

#[test]
fn every_file_in_levels_parses_and_validates() {
    let dir = crate::workspace_root().join("levels");
    let mut campaigns = 0;
    for entry in std::fs::read_dir(&dir).expect("levels/ exists") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("ron") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.ends_with("loot.ron") {
            LootTable::from_ron_str(&text, &path.display().to_string()).expect("loot table parses");
        } else if name == "cycles.ron" {
            delve_levels::generator::cyclic::patterns::PatternSet::from_ron_str(
                &text,
                &path.display().to_string(),
            )
            .expect("cycle patterns parse");
        } else if name == "monsters.ron" {
            delve_levels::monsters::MonsterTable::from_ron_str(&text, &path.display().to_string())
                .expect("monster table parses");
        } else {
            let campaign = CampaignConfig::load(&path).unwrap_or_else(|e| panic!("{e}"));
            for depth in 1..=campaign.depths.len() as u32 + 1 {
                let key = LevelKey::new(campaign.config_at(depth).clone(), depth, campaign.seed)
                    .under(campaign.loot_table());
                key.generate_with(campaign.loot_table())
                    .unwrap_or_else(|e| panic!("{}: depth {depth}: {e}", path.display()));
            }
            campaigns += 1;
        }
    }
    assert!(
        campaigns >= 5,
        "cave, dungeon, maze, descent and hoard at least"
    );
}

#[test]
fn a_campaign_draws_its_loot_from_the_table_it_names() {
    let levels = crate::workspace_root().join("levels");
    let hoard = CampaignConfig::load(&levels.join("hoard.ron")).unwrap();
    let own = LootTable::load(&levels.join("hoard-loot.ron")).unwrap();
    assert_eq!(hoard.loot_table(), &own);
    assert_ne!(
        own.fingerprint(),
        delve_levels::loot::LootFingerprint::embedded()
    );
    let key = LevelKey::new(hoard.config_at(1).clone(), 1, hoard.seed).under(hoard.loot_table());
    let level = key.generate_with(hoard.loot_table()).unwrap();
    assert!(!level.loot.is_empty());
    let egg = own.index_of("dragon egg").unwrap();
    assert_eq!(
        level.loot[0].item, egg,
        "the must-find item of the campaign's own table"
    );
    assert!(level.loot.iter().all(|item| item.item < own.items().len()));
    // The same layout under the embedded table has other loot, and its key says so.
    let plain = LevelKey::new(hoard.config_at(1).clone(), 1, hoard.seed);
    assert_eq!(plain.generate().unwrap().tiles.width(), level.tiles.width());
    assert_ne!(plain.encode(), key.encode());
}

#[test]
fn a_loot_table_the_campaign_cannot_read_is_named_at_its_field() {
    let dir = TempDir::new("loot");
    let campaign = dir.write(
        "c.ron",
        b"(\n  seed: 1,\n  loot: \"mine.ron\",\n  depths: [Cave()],\n)\n",
    );
    let missing = CampaignConfig::load(&campaign).unwrap_err();
    assert!(matches!(missing, ConfigError::Loot { .. }), "{missing}");
    assert_eq!(missing.position(), Some((3, 3)), "{missing}");
    assert!(missing.to_string().contains("mine.ron"), "{missing}");
    dir.write(
        "mine.ron",
        b"(items: [(name: \"x\", glyph: 'x', rarity: Rare, oops: 1)])",
    );
    let broken = CampaignConfig::load(&campaign).unwrap_err().to_string();
    assert!(
        broken.contains("mine.ron:1:"),
        "the table's own file and place: {broken}"
    );
    assert!(broken.contains("oops"), "{broken}");
}

#[test]
fn the_builtin_campaign_is_levels_descent_ron() {
    let file = CampaignConfig::load(&crate::workspace_root().join("levels/descent.ron")).unwrap();
    assert_eq!(file, CampaignConfig::builtin());
}

/// (name, text, expected field (None = syntax error), expected line)
const BROKEN: &[(&str, &str, Option<&str>, usize)] = &[
    (
        "final depth out of range",
        "(\n  seed: 1,\n  depths: [Cave()],\n  final_depth: 0,\n)",
        Some("final_depth"),
        4,
    ),
    (
        "syntax error",
        "(\n  seed: 1,\n  depths: [Cave(width: 80,,)],\n)",
        None,
        3,
    ),
    (
        "unknown field",
        "(\n  seed: 1,\n  depths: [\n    Cave(widht: 80),\n  ],\n)",
        None,
        4,
    ),
    (
        "unknown top-level field",
        "(\n  seed: 1,\n  colour: 3,\n  depths: [Cave()],\n)",
        None,
        3,
    ),
    (
        "negative size",
        "(\n  seed: 1,\n  depths: [\n    Cave(width: -80),\n  ],\n)",
        None,
        4,
    ),
    (
        "101 percent",
        "(\n  seed: 1,\n  depths: [\n    Cave(\n      wall_percent: 101,\n    ),\n  ],\n)",
        Some("wall_percent"),
        5,
    ),
    (
        "huge size",
        "(\n  seed: 1,\n  depths: [\n    Rooms(),\n    Rooms(height: 100000),\n  ],\n)",
        Some("height"),
        5,
    ),
    (
        "clearance 4",
        "(\n  seed: 1,\n  depths: [Maze(stair_clearance: 4)],\n)",
        Some("stair_clearance"),
        3,
    ),
    (
        "cycle percent 200",
        "(seed: 1, depths: [Rooms(cycle_percent: 200)])",
        Some("cycle_percent"),
        1,
    ),
    (
        "no levels",
        "(\n  seed: 1,\n  depths: [],\n)",
        Some("depths"),
        3,
    ),
    ("missing seed", "(\n  depths: [Cave()],\n)", None, 3),
    ("wrong type", "(seed: \"abc\", depths: [Cave()])", None, 1),
    (
        "unknown generator",
        "(seed: 1, depths: [Forest()])",
        None,
        1,
    ),
];

#[test]
fn broken_configs_give_the_expected_error_and_position() {
    for &(name, text, field, line) in BROKEN {
        let err = CampaignConfig::parse(text, "broken.ron").expect_err(name);
        match (&err, field) {
            (ConfigError::Syntax(_), None) => {}
            (ConfigError::Invalid { error, .. }, Some(f)) => {
                assert_eq!(error.field, f, "{name}: {err}")
            }
            _ => panic!("{name}: unexpected error kind: {err}"),
        }
        let (l, _) = err.position().expect("position");
        assert_eq!(l, line, "{name}: {err}");
        let shown = err.to_string();
        assert!(
            shown.starts_with(&format!("broken.ron:{line}:")),
            "{name}: {shown}"
        );
    }
}

#[test]
fn a_missing_file_names_the_file() {
    let err = CampaignConfig::load(Path::new("/no/such/dir/cave.ron")).unwrap_err();
    assert!(err.to_string().contains("/no/such/dir/cave.ron"), "{err}");
}

#[test]
fn omitted_fields_take_the_documented_defaults() {
    let c = CampaignConfig::parse("(seed: 5, depths: [Cave()])", "t").unwrap();
    assert_eq!(
        c.depths[0],
        delve_levels::generator::GeneratorKind::Cave.default_config()
    );
    assert_eq!(c.name, "delve");
}

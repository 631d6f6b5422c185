//! Level configs: every shipped file parses and validates; broken files are rejected
//! with the right kind of error at the right place.

use std::path::Path;

use delve::config::{CampaignConfig, ConfigError};
use delve::loot::LootTable;

#[test]
fn every_file_in_levels_parses_and_validates() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let mut campaigns = 0;
    for entry in std::fs::read_dir(&dir).expect("levels/ exists") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("ron") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        if path.file_name().and_then(|n| n.to_str()) == Some("loot.ron") {
            LootTable::from_ron_str(&text, &path.display().to_string()).expect("loot table parses");
        } else {
            let campaign = CampaignConfig::load(&path).unwrap_or_else(|e| panic!("{e}"));
            for depth in 1..=campaign.depths.len() as u32 + 1 {
                delve::generator::generate_level(
                    campaign.config_at(depth),
                    campaign.level_seed(depth),
                )
                .unwrap_or_else(|e| panic!("{}: depth {depth}: {e}", path.display()));
            }
            campaigns += 1;
        }
    }
    assert!(campaigns >= 4, "cave, dungeon, maze and descent at least");
}

#[test]
fn the_builtin_campaign_is_levels_descent_ron() {
    let file =
        CampaignConfig::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/descent.ron"))
            .unwrap();
    assert_eq!(file, CampaignConfig::builtin());
}

/// (name, text, expected field (None = syntax error), expected line)
const BROKEN: &[(&str, &str, Option<&str>, usize)] = &[
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
        delve::generator::GeneratorKind::Cave.default_config()
    );
    assert_eq!(c.name, "delve");
}

//! Seed catalogs: the committed catalogs under `tests/catalog/` are what this delve
//! generates, level for level — so any change to generation shows here, never passes
//! silently. When a change is deliberate (a new generation, see docs/src/level-keys.md),
//! rewrite them with the commands in `tests/catalog/README.md`.

use delve::catalog::{catalog, parse_seed_range, to_csv, to_text};
use delve_levels::config::CampaignConfig;

/// A committed catalog: its file, the campaign file (or the built-in one), the run
/// seeds (first, last) and the depths.
type Committed = (&'static str, Option<&'static str>, (u64, u64), u32);

const COMMITTED: &[Committed] = &[
    ("descent.txt", None, (1, 25), 10),
    ("cave.txt", Some("levels/cave.ron"), (1, 3), 3),
    ("dungeon.txt", Some("levels/dungeon.ron"), (1, 3), 3),
    ("maze.txt", Some("levels/maze.ron"), (1, 3), 3),
    ("accretion.txt", Some("levels/accretion.ron"), (1, 3), 3),
    ("cyclic.txt", Some("levels/cyclic.ron"), (1, 3), 3),
];

fn campaign(file: Option<&str>) -> CampaignConfig {
    match file {
        Some(path) => CampaignConfig::load(std::path::Path::new(path)).unwrap(),
        None => CampaignConfig::builtin(),
    }
}

#[test]
fn the_committed_catalogs_are_what_delve_generates() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/catalog");
    for &(file, config, (first, last), depths) in COMMITTED {
        let entries = catalog(&campaign(config), first..=last, depths, &|| {}).unwrap();
        let made = to_text(&entries);
        let committed = std::fs::read_to_string(dir.join(file)).unwrap();
        if made != committed {
            let (line, (now, was)) = made
                .lines()
                .zip(committed.lines())
                .enumerate()
                .find(|(_, (a, b))| a != b)
                .unwrap_or((0, ("(lengths differ)", "")));
            panic!(
                "tests/catalog/{file} differs from what delve generates, first at line {}:\n  \
                 committed: {was}\n  now:       {now}\nIf generation changed on purpose (a new \
                 generation), rewrite it as tests/catalog/README.md says.",
                line + 1
            );
        }
    }
}

#[test]
fn a_catalog_is_the_same_twice_and_split_ranges_join_into_the_whole() {
    let campaign = CampaignConfig::builtin();
    let whole = to_text(&catalog(&campaign, 3..=8, 4, &|| {}).unwrap());
    assert_eq!(
        whole,
        to_text(&catalog(&campaign, 3..=8, 4, &|| {}).unwrap())
    );
    let first = to_text(&catalog(&campaign, 3..=5, 4, &|| {}).unwrap());
    let second = to_text(&catalog(&campaign, 6..=8, 4, &|| {}).unwrap());
    assert_eq!(first + &second, whole);
}

#[test]
fn the_csv_catalog_parses_back_to_the_same_levels() {
    let entries = catalog(&CampaignConfig::builtin(), 1..=4, 5, &|| {}).unwrap();
    let text = to_csv(&entries).unwrap();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), entries.len());
    for (row, entry) in rows.iter().zip(&entries) {
        assert_eq!(row[0].parse::<u64>().unwrap(), entry.seed);
        assert_eq!(row[1].parse::<u32>().unwrap(), entry.depth);
        assert_eq!(&row[5], entry.key.encode());
        assert_eq!(row[10].parse::<u32>().unwrap(), entry.stair_distance);
        let loot: Vec<&str> = row[11].split(';').filter(|s| !s.is_empty()).collect();
        assert_eq!(loot.len(), entry.loot.len());
        for (cell, (name, pos)) in loot.iter().zip(&entry.loot) {
            assert_eq!(*cell, format!("{name}@{}:{}", pos.x, pos.y));
        }
    }
}

#[test]
fn seed_ranges_read_as_written() {
    assert_eq!(parse_seed_range("1..25"), Ok((1, 25)));
    assert_eq!(parse_seed_range("7"), Ok((7, 7)));
    assert_eq!(parse_seed_range("2..=4"), Ok((2, 4)));
    assert!(parse_seed_range("5..1").unwrap_err().contains("backwards"));
    assert!(parse_seed_range("a..b").is_err());
}

//! The vault designer's tools: `delve vault check` (every shipped file passes and names
//! its vaults; a broken file exits 2 at its place; a vault no sample level can hold
//! exits 1 saying why), `delve vault show`, vault outlines in pictures, `gen`'s vault
//! lines, the per-vault section of `stats` with its exact expectation, and the
//! catalog's `vaults:` line.

use std::process::Output;

use delve::catalog::{catalog, entry_text};
use delve::picture::{Outline, outline_pixels, write_png, write_png_outlined};
use delve::stats::Survey;
use delve::stats::vaults::tolerance;
use delve_levels::config::CampaignConfig;
use delve_levels::vaults::VaultSet;

use super::cli::{delve, stderr};
use super::temp_dir::TempDir;

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

const SHIPPED: [&str; 4] = [
    "levels/vaults/rewards.ron",
    "levels/vaults/locks.ron",
    "levels/vaults/flavour.ron",
    "levels/vaults/ambush.ron",
];

/// A vault file of one Room vault named `name`: a `side` × `side` hall with one exit.
fn hall(name: &str, side: usize) -> String {
    let wall = "#".repeat(side);
    let inner = format!("#{}#", ".".repeat(side - 2));
    let mut exit = wall.clone();
    exit.replace_range(side / 2..side / 2 + 1, "@");
    let mut rows = vec![wall];
    rows.extend(std::iter::repeat_n(inner, side - 2));
    rows.push(exit);
    let rows: Vec<String> = rows.iter().map(|r| format!("        \"{r}\",\n")).collect();
    format!(
        "(\n  vaults: [\n    (\n      name: \"{name}\",\n      category: Flavour,\n      depths: (1, 4),\n      mode: Room,\n      map: [\n{}      ],\n    ),\n  ],\n)\n",
        rows.concat()
    )
}

#[test]
fn vault_check_of_a_folder_counts_the_files_in_it() {
    let o = delve(&["vault", "check", "levels/vaults", "--samples", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let files = std::fs::read_dir("levels/vaults").unwrap().count();
    assert!(
        stdout(&o).contains(&format!(" in {files} file(s), ")),
        "{}",
        stdout(&o)
    );
}

#[test]
fn vault_check_passes_every_shipped_file_and_names_each_vault() {
    for file in SHIPPED {
        let o = delve(&["vault", "check", file, "--samples", "8"]);
        assert_eq!(o.status.code(), Some(0), "{file}: {}", stdout(&o));
        let text = stdout(&o);
        let set = VaultSet::load(std::path::Path::new(file)).unwrap();
        for vault in set.vaults() {
            assert!(
                text.contains(&format!("vault \"{}\" ({}", vault.name, file)),
                "{file}: {} not named:\n{text}",
                vault.name
            );
        }
        // One line per kind per vault, and no proof broken.
        let kinds = delve_levels::generator::GeneratorKind::ALL.len();
        let placed_lines = text.lines().filter(|l| l.contains(": placed ")).count();
        assert_eq!(placed_lines, set.vaults().len() * kinds, "{text}");
        assert!(
            text.contains("every vault places; 0 proof(s) broken"),
            "{text}"
        );
    }
}

#[test]
fn a_broken_vault_file_exits_2_at_its_line_and_column() {
    let dir = TempDir::new("vault-check");
    let text = "(\n  vaults: [\n    (\n      name: \"crypt\",\n      category: Reward,\n      depths: (2, 5),\n      mode: Rock,\n      map: [\n        \"#####\",\n        \"#.x.#\",\n        \"##@##\",\n      ],\n    ),\n  ],\n)\n";
    let path = dir.write("crypt.ron", text.as_bytes());
    let path = path.to_str().unwrap();
    let o = delve(&["vault", "check", path]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(o.stdout.is_empty(), "nothing is tried on a broken file");
    // Line 10, column 12: the 'x' of the map's second row.
    let wanted = format!("delve: {path}:10:12: vault \"crypt\": glyph 'x' has no meaning");
    assert!(stderr(&o).contains(&wanted), "{}", stderr(&o));
    let line = text.lines().nth(9).unwrap();
    assert_eq!(line.chars().nth(11), Some('x'));

    let unknown = dir.write("typo.ron", text.replace("Reward", "Treasure").as_bytes());
    let o = delve(&["vault", "check", unknown.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains(":5:"), "{}", stderr(&o));
    assert!(stderr(&o).contains("Treasure"), "{}", stderr(&o));

    let o = delve(&["vault", "check", &dir.file("missing.ron").to_string_lossy()]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn a_vault_no_sample_level_can_hold_exits_1_saying_why() {
    let dir = TempDir::new("vault-check");
    let big = dir.write("big.ron", hall("great hall", 30).as_bytes());
    let o = delve(&[
        "vault",
        "check",
        big.to_str().unwrap(),
        "--samples",
        "6",
        "--width",
        "41",
        "--height",
        "31",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("placed 0/6"), "{text}");
    assert!(
        text.contains("never placed on cave (41x31): no room 6"),
        "{text}"
    );
    assert!(text.contains("finds no free place"), "{text}");
    assert!(text.contains("FAILING: great hall"), "{text}");

    // The same hall, small, places on every kind of that size.
    let small = dir.write("small.ron", hall("small hall", 6).as_bytes());
    let args = ["--samples", "6", "--width", "41", "--height", "31"];
    let o = delve(&[&["vault", "check", small.to_str().unwrap()][..], &args].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

#[test]
fn vault_check_warns_of_names_the_tables_and_the_embedded_set_hold_otherwise() {
    let dir = TempDir::new("vault-check");
    let text = hall("locked vault", 6)
        .replacen("\"#....#\"", "\"#..g.#\"", 1)
        .replace(
            "      map:",
            "      legend: { 'g': Monster(name: \"goblin\") },\n      map:",
        );
    let path = dir.write("names.ron", text.as_bytes());
    let o = delve(&["vault", "check", path.to_str().unwrap(), "--samples", "4"]);
    let out = stdout(&o);
    assert!(
        out.contains("warning: monster \"goblin\" is not in the monster table"),
        "{out}"
    );
    assert!(
        out.contains("warning: the name is taken by the embedded vault at levels/vaults/locks.ron"),
        "{out}"
    );
}

#[test]
fn vault_show_prints_the_rolled_map_its_legend_and_the_level_with_the_box_marked() {
    let o = delve(&[
        "vault",
        "show",
        "levels/vaults/locks.ron",
        "--vault",
        "strongroom",
        "--seed",
        "3",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("vault \"strongroom\" (levels/vaults/locks.ron"),
        "{text}"
    );
    assert!(text.contains("'L': locked door x2"), "{text}");
    assert!(
        text.contains("'o': a monster drawn 1 depth(s) deeper"),
        "{text}"
    );
    // The level: its rows after the marker line, the box's rows marked `>`.
    let (_, level) = text
        .split_once("its rows >:\n")
        .expect("the level follows the map");
    let rows: Vec<&str> = level.lines().skip(1).collect();
    let config = CampaignConfig::builtin().config_at(4).clone();
    let (width, height) = config.size();
    assert_eq!(rows.len(), height as usize);
    assert!(rows.iter().all(|r| r.chars().count() == width as usize + 2));
    let marked = rows.iter().filter(|r| r.starts_with('>')).count();
    let columns = level.lines().next().unwrap().matches('v').count();
    // The strongroom is 9x5, turned or not.
    assert!(
        [(9, 5), (5, 9)].contains(&(columns, marked)),
        "{columns}x{marked}"
    );
}

#[test]
fn vault_show_of_an_unknown_vault_exits_2_naming_the_choices() {
    let o = delve(&[
        "vault",
        "show",
        "levels/vaults/locks.ron",
        "--vault",
        "strong room",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("no vault \"strong room\""), "{e}");
    assert!(
        e.contains("\"strongroom\"") && e.contains("\"locked vault\""),
        "{e}"
    );
    let o = delve(&["vault", "show", "levels/vaults/locks.ron", "--depth", "1"]);
    assert_eq!(o.status.code(), Some(2), "locked vault starts at depth 2");
}

#[test]
fn vault_show_writes_a_png_with_the_vault_outlined() {
    let dir = TempDir::new("vault-show");
    let path = dir.file("vault.png");
    let o = delve(&[
        "vault",
        "show",
        "levels/vaults/rewards.ron",
        "--format",
        "png",
        "--output",
        path.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(&std::fs::read(&path).unwrap()[..8], b"\x89PNG\r\n\x1a\n");
}

/// The RGB pixels of a PNG.
fn pixels(png: &[u8]) -> Vec<u8> {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .unwrap();
    let mut data = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut data).unwrap();
    data.truncate(info.buffer_size());
    data
}

#[test]
fn a_picture_outlines_each_vault_and_changes_nothing_else() {
    let campaign = CampaignConfig::builtin();
    let mut outlined_levels = 0;
    for seed in 1..=6 {
        let key = campaign.key_at(3, seed);
        let level = key
            .generate_from(campaign.loot_table(), campaign.vault_set())
            .unwrap();
        let scale = 3;
        let mut plain = Vec::new();
        write_png(&level.tiles, scale, &mut plain).unwrap();
        let outlines: Vec<Outline> = level.vaults.iter().map(Outline::of_vault).collect();
        let mut marked = Vec::new();
        write_png_outlined(&level.tiles, scale, &outlines, &mut marked).unwrap();
        let (plain, marked) = (pixels(&plain), pixels(&marked));
        let size = (
            level.tiles.width() * scale as usize,
            level.tiles.height() * scale as usize,
        );
        let mut on_outline = vec![None; size.0 * size.1];
        for outline in &outlines {
            for (x, y) in outline_pixels(outline, scale as usize, size) {
                on_outline[y * size.0 + x] = Some(outline.colour);
            }
        }
        for (i, colour) in on_outline.iter().enumerate() {
            let (before, after) = (&plain[i * 3..][..3], &marked[i * 3..][..3]);
            match colour {
                Some(c) => assert_eq!(after, c, "seed {seed}: pixel {i} is its outline's"),
                None => assert_eq!(before, after, "seed {seed}: pixel {i} off every outline"),
            }
        }
        outlined_levels += usize::from(!outlines.is_empty());
    }
    assert!(outlined_levels > 0, "depth 3 of the Descent lays vaults");
}

#[test]
fn gen_lists_the_levels_vaults_on_stderr() {
    let o = delve(&["gen", "--depth", "3", "--seed", "4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let campaign = CampaignConfig::builtin();
    let level = campaign
        .key_at(3, 4)
        .generate_from(campaign.loot_table(), campaign.vault_set())
        .unwrap();
    assert!(!level.vaults.is_empty());
    let lines: Vec<String> = stderr(&o)
        .lines()
        .filter(|l| l.starts_with("vault \""))
        .map(str::to_owned)
        .collect();
    assert_eq!(lines.len(), level.vaults.len(), "{}", stderr(&o));
    for (line, vault) in lines.iter().zip(&level.vaults) {
        assert!(line.contains(&vault.name) && line.contains(&vault.origin.to_string()));
    }
}

#[test]
fn stats_reports_every_vault_with_no_broken_proof() {
    let o = delve(&["stats", "--depth", "3", "--count", "300"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("vaults                       600 draws on 300 levels"),
        "{text}"
    );
    assert!(text.contains("broken vault proofs          0"), "{text}");
    for vault in VaultSet::embedded().vaults() {
        let name: String = vault.name.chars().take(21).collect();
        assert!(text.contains(&format!("  {name}")), "{name} has no row");
    }
    // Depth 1 asks for no vaults: no section.
    let o = delve(&["stats", "--count", "5"]);
    assert!(!stdout(&o).contains("broken vault proofs"));
}

#[test]
fn the_vault_tally_expects_one_draw_a_slot_and_the_draws_follow_the_weights() {
    let campaign = CampaignConfig::builtin();
    for depth in [2, 5] {
        let key = campaign.key_at(depth, 1000);
        let survey = Survey::run(&key, 300, 0, &|| {}).unwrap();
        let tally = survey.vaults.as_ref().expect("the Descent asks for vaults");
        assert_eq!(tally.broken_proofs, 0);
        let drawing = (tally.slots - tally.none_eligible) as f64;
        let expected: f64 = tally.rows.iter().map(|r| r.expected).sum();
        assert!((expected - drawing).abs() < 1e-6, "{expected} vs {drawing}");
        let drawn: u64 = tally.rows.iter().map(|r| r.drawn).sum();
        assert_eq!(drawn as f64, drawing);
        for row in &tally.rows {
            assert!(row.placed <= row.drawn);
            assert!(
                (row.drawn as f64 - row.expected).abs() <= tolerance(row),
                "{}: drawn {} expected {:.1}",
                row.name,
                row.drawn,
                row.expected
            );
            let (first, last) = row.depths;
            if !(first..=last).contains(&depth) {
                assert_eq!((row.drawn, row.expected), (0, 0.0), "{}", row.name);
            }
        }
    }
    // A vault unique per run is met on one depth of its range: its share falls below
    // its weight's, and the notes say why.
    let survey = Survey::run(&campaign.key_at(5, 1), 300, 0, &|| {}).unwrap();
    let table = survey.table();
    assert!(
        table.contains("\"reliquary\": expected") && table.contains("unique: Run"),
        "{table}"
    );
}

#[test]
fn catalog_entries_list_their_vaults_and_levels_without_print_as_before() {
    let campaign = CampaignConfig::builtin();
    let entries = catalog(&campaign, 1..=4, 3, &|| {}).unwrap();
    for entry in &entries {
        let text = entry_text(entry);
        let line = text.lines().find(|l| l.starts_with("    vaults: "));
        let level = entry
            .key
            .generate_from(campaign.loot_table(), campaign.vault_set())
            .unwrap();
        match line {
            None => assert!(level.vaults.is_empty(), "{text}"),
            Some(line) => {
                let listed: Vec<&str> = line["    vaults: ".len()..].split(", ").collect();
                assert_eq!(listed.len(), level.vaults.len(), "{line}");
                for (item, vault) in listed.iter().zip(&level.vaults) {
                    let wanted = format!(
                        "{}@({},{}) {}",
                        vault.name,
                        vault.origin.x,
                        vault.origin.y,
                        vault.symmetry.short()
                    );
                    assert_eq!(*item, wanted, "{line}");
                }
            }
        }
        if entry.depth == 1 {
            assert!(line.is_none(), "depth 1 of the Descent lays no vault");
        }
    }
}

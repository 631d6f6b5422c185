//! The ASCII form of a map prints and parses back exactly.

use delve::base::grid::{Grid, Tile};
use delve::levels::config::CampaignConfig;
use delve::levels::generator::generate_level;

#[test]
fn ascii_print_parse_print_is_identical_for_every_kind() {
    let campaign = CampaignConfig::builtin();
    for depth in 1..=6 {
        let config = campaign.config_at(depth);
        for seed in 0..20 {
            let level = generate_level(config, seed).expect("level");
            let text = level.tiles.to_ascii();
            let parsed = Grid::<Tile>::parse_ascii(&text).expect("parses");
            assert_eq!(parsed, level.tiles);
            assert_eq!(parsed.to_ascii(), text);
        }
    }
}

#[test]
fn ascii_uses_exactly_the_legend() {
    for tile in Tile::ALL {
        assert_eq!(Tile::from_glyph(tile.glyph()), Some(tile));
    }
    assert_eq!(Tile::from_glyph('x'), None);
}

/// The pure core never imports Bevy: only `front/game/`, `front/render/` and the
/// terminal's glue `front/tui.rs` (and the CLI) may — the terminal's drawing,
/// `front/tui/draw.rs`, is pure.
#[test]
fn the_pure_core_never_imports_bevy() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stack = vec![src.clone()];
    let mut checked = 0;
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let relative = path
                .strip_prefix(&src)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            if relative.starts_with("front/game")
                || relative.starts_with("front/render")
                || relative.starts_with("cli")
                || relative == "front/tui.rs"
            {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else if relative != "lib.rs" && relative != "main.rs" {
                let text = std::fs::read_to_string(&path).unwrap();
                assert!(!text.contains("bevy"), "{relative} mentions bevy");
                checked += 1;
            }
        }
    }
    assert!(checked >= 15, "only {checked} pure files found");
}

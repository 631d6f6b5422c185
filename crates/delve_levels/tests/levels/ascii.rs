//! The ASCII form of a map prints and parses back exactly.

use delve_levels::config::CampaignConfig;
use delve_levels::generator::generate_level;
use delve_levels::grid::{Grid, Tile};

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

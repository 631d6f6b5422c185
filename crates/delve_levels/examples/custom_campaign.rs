//! A campaign of your own in RON — which generator makes each depth — parsed with
//! delve's parser (errors name the line, the column and the rule), then each depth made
//! from the campaign's seed.
//!
//! ```sh
//! cargo run --example custom_campaign
//! ```

use delve_levels::config::CampaignConfig;
use delve_levels::key::LevelKey;

const CAMPAIGN: &str = r#"(
    name: "Three floors",
    seed: 99,
    depths: [
        Accretion(width: 60, height: 36, loop_distance: 12),
        Cave(width: 64, height: 40, wall_percent: 44),
        Maze(width: 41, height: 31, braid_percent: 30),
    ],
)"#;

fn main() {
    let campaign = CampaignConfig::parse(CAMPAIGN, "three-floors.ron").unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    for depth in 1..=campaign.depths.len() as u32 {
        let key = LevelKey::new(campaign.config_at(depth).clone(), depth, campaign.seed);
        let level = key.generate().expect("every depth is valid");
        println!(
            "depth {depth}: {} {}×{}, key {}, {} floor tiles",
            level.kind,
            level.tiles.width(),
            level.tiles.height(),
            key.encode(),
            level
                .tiles
                .cells()
                .iter()
                .filter(|t| t.is_walkable())
                .count()
        );
    }

    // A mistake is refused with its place and the rule it breaks.
    let broken = CAMPAIGN.replace("wall_percent: 44", "wall_percent: 440");
    match CampaignConfig::parse(&broken, "three-floors.ron") {
        Ok(_) => unreachable!("440 % walls is out of bounds"),
        Err(e) => println!("a broken edit is refused: {e}"),
    }
}

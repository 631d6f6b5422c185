//! A level config loaded as a Bevy asset: `ConfigAssetsPlugin` reads campaigns, loot
//! tables and monster tables with delve's own parser, so an asset's errors are the
//! command line's (`file:line:column`, field and rule). This example writes a campaign
//! of its own into a folder, makes that folder an asset source, loads the campaign as a
//! `CampaignAsset` in a startup system, and prints the first level it makes once the
//! asset (and the loot table it names, a dependency) has loaded; then it loads a
//! broken copy and prints the error.
//!
//! ```sh
//! cargo run --example config_asset
//! ```

use bevy::asset::{AssetPlugin, LoadState};
use bevy::prelude::*;

use bevy_delve::game::assets::{
    CampaignAsset, ConfigAssetError, ConfigAssetsPlugin, ConfigFolderPlugin,
};
use delve_levels::key::LevelKey;

/// A campaign as a designer writes it: a cave under its own loot table.
const CAMPAIGN: &str = r#"(
    name: "Flooded caves",
    seed: 7,
    loot: "treasure.ron",
    depths: [Cave(width: 60, height: 24, wall_percent: 42, lakes: 2, lake: Water, loot: 8)],
)
"#;

/// Its loot table, beside it (the format of `levels/loot.ron`).
const TREASURE: &str = r#"(
    items: [
        (name: "gold pieces", glyph: '$', rarity: Common, effect: Gold),
        (name: "pearl", glyph: '*', rarity: Uncommon),
        (name: "rune of passage", glyph: '*', rarity: Weight(0), must_find: true),
    ],
)
"#;

/// The handles the example waits on.
#[derive(Resource)]
struct Campaigns {
    good: Handle<CampaignAsset>,
    broken: Handle<CampaignAsset>,
}

fn main() {
    let folder = std::env::temp_dir().join(format!("delve-config-asset-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a temporary folder");
    std::fs::write(folder.join("flooded.ron"), CAMPAIGN).expect("the campaign written");
    std::fs::write(folder.join("treasure.ron"), TREASURE).expect("the table written");
    let broken = CAMPAIGN.replace("wall_percent: 42", "wall_percent: 142");
    std::fs::write(folder.join("broken.ron"), broken).expect("the broken copy written");

    App::new()
        .add_plugins((
            MinimalPlugins,
            // An asset source over the folder, named `mine` (before AssetPlugin, as
            // Bevy asks of sources); your own `assets/` folder works the same.
            ConfigFolderPlugin {
                name: "mine".into(),
                folder: folder.clone(),
            },
            AssetPlugin::default(),
            ConfigAssetsPlugin,
        ))
        .add_systems(Startup, load_campaigns)
        .add_systems(Update, print_when_loaded)
        .run();
    let _ = std::fs::remove_dir_all(folder);
}

fn load_campaigns(server: Res<AssetServer>, mut commands: Commands) {
    commands.insert_resource(Campaigns {
        good: server.load("mine://flooded.ron"),
        broken: server.load("mine://broken.ron"),
    });
}

fn print_when_loaded(
    server: Res<AssetServer>,
    campaigns: Res<Campaigns>,
    assets: Res<Assets<CampaignAsset>>,
    mut exit: MessageWriter<AppExit>,
) {
    let good = server.is_loaded_with_dependencies(&campaigns.good);
    let broken = server.load_state(&campaigns.broken);
    if !good || !matches!(broken, LoadState::Failed(_)) {
        return; // Not yet: the asset server reads on its own threads.
    }
    let asset = assets.get(&campaigns.good).expect("a loaded asset");
    let campaign = &asset.campaign;
    let key =
        LevelKey::new(campaign.config_at(1).clone(), 1, campaign.seed).under(campaign.loot_table());
    let level = key
        .generate_with(campaign.loot_table())
        .expect("the level is made");
    println!(
        "{} (from {}), depth 1, level key {}",
        campaign.name,
        asset.origin,
        key.encode()
    );
    print!("{}", level.tiles.to_ascii());
    if let LoadState::Failed(error) = broken {
        let words = match &*error {
            bevy::asset::AssetLoadError::AssetLoaderError(e) => e
                .error()
                .downcast_ref::<ConfigAssetError>()
                .map_or_else(|| e.error().to_string(), ToString::to_string),
            other => other.to_string(),
        };
        println!("the broken copy: {words}");
    }
    exit.write(AppExit::Success);
}

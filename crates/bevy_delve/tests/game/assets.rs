//! delve's configs as Bevy assets: the loader reads every shipped RON file as the
//! plain parser does and refuses broken ones with the parser's very errors (file,
//! line, column, field); a run following its campaign file makes the level again when
//! the file (or the loot table it names) is saved, and keeps it when a save is broken.

use delve_rules::records::slot::SaveSlot;
use std::path::Path;
use std::time::{Duration, Instant};

use bevy::asset::{AssetPlugin, LoadState};
use bevy::prelude::*;

use bevy_delve::game::assets::{
    CampaignAsset, ConfigAssetsPlugin, ConfigFolderPlugin, FollowedCampaign, LootTableAsset,
    MonsterTableAsset,
};
use bevy_delve::game::headless::{headless_app_following, settle};
use bevy_delve::game::{LevelEntered, Notice, RunModel, RunSettings};
use delve_levels::config::CampaignConfig;
use delve_levels::generator::GeneratorConfig;
use delve_levels::loot::LootTable;
use delve_levels::monsters::MonsterTable;
use delve_rules::run::Rules;

use super::hear;
use super::temp_dir::TempDir;

/// How long a test waits for the asset server (a wait, not a timing: it fails only
/// when nothing comes at all).
const PATIENCE: Duration = Duration::from_secs(20);

/// An app with the config loaders over `folder` (asset source `t`).
fn loader_app(folder: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        ConfigFolderPlugin {
            name: "t".into(),
            folder: folder.to_path_buf(),
        },
        AssetPlugin::default(),
        ConfigAssetsPlugin,
    ));
    app
}

/// Loads `file` of the folder as an `A`: the asset, or the loader's error in words.
fn load<A: Asset + Clone>(app: &mut App, file: &str) -> Result<A, String> {
    let handle: Handle<A> = app
        .world()
        .resource::<AssetServer>()
        .load(format!("t://{file}"));
    let start = Instant::now();
    loop {
        app.update();
        let server = app.world().resource::<AssetServer>();
        match server.load_state(handle.id()) {
            LoadState::Loaded if server.is_loaded_with_dependencies(handle.id()) => {
                return Ok(app
                    .world()
                    .resource::<Assets<A>>()
                    .get(&handle)
                    .unwrap()
                    .clone());
            }
            LoadState::Failed(error) => {
                let error = match &*error {
                    bevy::asset::AssetLoadError::AssetLoaderError(e) => e
                        .error()
                        .downcast_ref::<bevy_delve::game::assets::ConfigAssetError>()
                        .map_or_else(|| e.error().to_string(), ToString::to_string),
                    other => other.to_string(),
                };
                return Err(error);
            }
            _ => {}
        }
        assert!(
            start.elapsed() < PATIENCE,
            "{file} neither loaded nor failed"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn every_shipped_config_loads_as_an_asset_equal_to_the_parsers() {
    let levels = crate::workspace_root().join("levels");
    let mut app = loader_app(&levels);
    for campaign in ["cave", "dungeon", "maze", "accretion", "descent", "hoard"] {
        let file = format!("{campaign}.ron");
        let asset: CampaignAsset = load(&mut app, &file).unwrap();
        let parsed = CampaignConfig::load(&levels.join(&file)).unwrap();
        assert_eq!(asset.campaign, parsed, "{file}");
        assert_eq!(
            asset.campaign.loot_table().fingerprint(),
            parsed.loot_table().fingerprint(),
            "{file}'s loot table"
        );
        assert_eq!(asset.origin, levels.join(&file).display().to_string());
    }
    for table in ["loot", "hoard-loot"] {
        let file = format!("{table}.ron");
        let asset: LootTableAsset = load(&mut app, &file).unwrap();
        assert_eq!(asset.table, LootTable::load(&levels.join(&file)).unwrap());
    }
    let asset: MonsterTableAsset = load(&mut app, "monsters.ron").unwrap();
    let text = std::fs::read_to_string(levels.join("monsters.ron")).unwrap();
    assert_eq!(asset.table, MonsterTable::from_ron_str(&text, "m").unwrap());
}

#[test]
fn a_broken_config_asset_fails_with_the_parsers_error() {
    let dir = TempDir::new("broken-assets");
    let broken: [(&str, &[u8]); 8] = [
        ("syntax.ron", b"(seed: 1, depths: [Cave(wall_percent: )])"),
        (
            "no-monsters.ron",
            b"(seed: 1, monsters: \"gone.ron\", depths: [Cave()])",
        ),
        (
            "bad-monsters-named.ron",
            b"(seed: 1,\n monsters: \"bad-monsters.ron\", depths: [Cave()])",
        ),
        (
            "range.ron",
            b"(\n  seed: 1,\n  depths: [\n    Cave(\n      wall_percent: 101,\n    ),\n  ],\n)\n",
        ),
        ("unknown.ron", b"(seed: 1, depths: [Rooms(cycles: 3)])"),
        (
            "no-table.ron",
            b"(seed: 1,\n loot: \"missing.ron\",\n depths: [Cave()])",
        ),
        (
            "bad-table.ron",
            b"(seed: 1, loot: \"bad-loot.ron\", depths: [Cave()])",
        ),
        (
            "latin1.ron",
            b"(name: \"caf\xe9\", seed: 1, depths: [Cave()])",
        ),
    ];
    dir.write(
        "bad-loot.ron",
        b"(items: [(name: \"x\", glyph: 'x', rarity: Sometimes)])",
    );
    dir.write("bad-monsters.ron", b"(monsters: [(name: \"x\", claws: 3)])");
    let mut app = loader_app(dir.path());
    for (name, text) in broken {
        let path = dir.write(name, text);
        let expected = CampaignConfig::load(&path).unwrap_err().to_string();
        let got = load::<CampaignAsset>(&mut app, name).unwrap_err();
        assert_eq!(got, expected, "{name}");
        assert!(got.starts_with(&path.display().to_string()), "{got}");
    }
    let loot = dir.file("bad-loot.ron");
    assert_eq!(
        load::<LootTableAsset>(&mut app, "bad-loot.ron").unwrap_err(),
        LootTable::load(&loot).unwrap_err().to_string()
    );
    let monsters = dir.file("bad-monsters.ron");
    let text = std::fs::read_to_string(&monsters).unwrap();
    assert_eq!(
        load::<MonsterTableAsset>(&mut app, "bad-monsters.ron").unwrap_err(),
        MonsterTable::from_ron_str(&text, &monsters.display().to_string())
            .unwrap_err()
            .to_string()
    );
}

/// A cave campaign a designer edits.
const CAVES: &str =
    "(\n    name: \"Caves\",\n    seed: 42,\n    depths: [\n        Cave(),\n    ],\n)\n";

/// Steps `app` until `done` says so.
fn update_until(app: &mut App, what: &str, mut done: impl FnMut(&mut App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(start.elapsed() < PATIENCE, "waited in vain for {what}");
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn heard<M: bevy::ecs::message::Message + Clone>(app: &mut App) -> Vec<M> {
    std::mem::take(&mut app.world_mut().resource_mut::<super::Heard<M>>().0)
}

/// Writes `text` to `path` as an editor does (a new file renamed over the old).
fn save_as_an_editor(path: &Path, text: &str) {
    let temporary = path.with_extension("ron.swp");
    std::fs::write(&temporary, text).unwrap();
    std::fs::rename(&temporary, path).unwrap();
}

/// A headless game of the campaign in `file`, following it, hearing level entries.
fn following(dir: &TempDir, file: &Path, rules: Rules) -> App {
    let settings = RunSettings {
        campaign: CampaignConfig::load(file).unwrap(),
        start: None,
        resume: None,
        rules,
        save_slot: SaveSlot::file(dir.file("run.sav")),
        record: bevy_delve::game::RecordTo::Nowhere,
        offer_to_continue: false,
        records: None,
        origin: Default::default(),
        title: None,
    };
    let mut app = headless_app_following(settings, file);
    hear::<LevelEntered>(&mut app);
    app
}

#[test]
fn saving_the_campaign_remakes_the_level_and_a_broken_save_keeps_it() {
    let dir = TempDir::new("live-reload");
    let file = dir.write("caves.ron", CAVES.as_bytes());
    let mut app = following(&dir, &file, Rules::Monsters);
    hear::<Notice>(&mut app);
    settle(&mut app);
    update_until(&mut app, "the first load", |app| {
        app.world().resource::<FollowedCampaign>().loads >= 1
    });
    let before = app.world().resource::<RunModel>().0.clone();
    heard::<LevelEntered>(&mut app);

    // A good edit: the level is made again, same seed and depth, under the new walls.
    save_as_an_editor(&file, &CAVES.replace("Cave()", "Cave(wall_percent: 46)"));
    update_until(&mut app, "the level made again", |app| {
        !heard::<LevelEntered>(app).is_empty()
    });
    let run = app.world().resource::<RunModel>().0.clone();
    assert_eq!(run.level().key.seed, before.level().key.seed);
    assert_eq!(run.depth(), before.depth());
    assert!(matches!(
        &run.level().key.config,
        GeneratorConfig::Cave(cave) if cave.wall_percent == 46
    ));
    assert_eq!(run.broken_rule(), None);
    let told: Vec<String> = heard::<Notice>(&mut app).into_iter().map(|n| n.0).collect();
    let origin = file.display().to_string();
    assert!(
        told.iter()
            .any(|t| t.starts_with(&format!("{origin} changed"))),
        "{told:?}"
    );

    // A broken edit: told where and why; the level stays.
    let broken = CAVES.replace("Cave()", "Cave(wall_percent: 146)");
    save_as_an_editor(&file, &broken);
    update_until(&mut app, "the broken save told", |app| {
        app.world().resource::<FollowedCampaign>().broken.is_some()
    });
    settle(&mut app);
    let told: Vec<String> = heard::<Notice>(&mut app).into_iter().map(|n| n.0).collect();
    let expected = CampaignConfig::parse(&broken, &origin)
        .unwrap_err()
        .to_string();
    assert!(expected.contains(":5:14:"), "{expected}");
    assert!(
        told.iter()
            .any(|t| t == &format!("{expected}; the level stays as it was.")),
        "{told:?}"
    );
    assert_eq!(
        app.world().resource::<RunModel>().0,
        run,
        "the last good level stays"
    );

    // Fixed again: followed again.
    save_as_an_editor(&file, &CAVES.replace("Cave()", "Cave(wall_percent: 41)"));
    update_until(&mut app, "the fixed file followed", |app| {
        !heard::<LevelEntered>(app).is_empty()
    });
    assert!(app.world().resource::<FollowedCampaign>().broken.is_none());
}

#[test]
fn saving_the_loot_table_a_campaign_names_reloads_the_campaign() {
    let dir = TempDir::new("live-reload-loot");
    let levels = crate::workspace_root().join("levels");
    let table = std::fs::read_to_string(levels.join("hoard-loot.ron")).unwrap();
    dir.write("hoard-loot.ron", table.as_bytes());
    let campaign = "(seed: 5, loot: \"hoard-loot.ron\", depths: [Cave(loot: 12)])";
    let file = dir.write("hoard.ron", campaign.as_bytes());
    let mut app = following(&dir, &file, Rules::Peaceful);
    settle(&mut app);
    update_until(&mut app, "the first load", |app| {
        app.world().resource::<FollowedCampaign>().loads >= 1
    });
    heard::<LevelEntered>(&mut app);
    let before = app
        .world()
        .resource::<RunModel>()
        .0
        .campaign()
        .loot_table()
        .fingerprint();
    save_as_an_editor(
        &dir.file("hoard-loot.ron"),
        &table.replace("name: \"ruby\"", "name: \"red ruby\""),
    );
    update_until(&mut app, "the level made under the new table", |app| {
        !heard::<LevelEntered>(app).is_empty()
    });
    let run = app.world().resource::<RunModel>().0.clone();
    assert_ne!(run.campaign().loot_table().fingerprint(), before);
    assert!(run.campaign().loot_table().index_of("red ruby").is_some());
    assert_eq!(
        run.level().key.loot,
        run.campaign().loot_table().fingerprint()
    );
}

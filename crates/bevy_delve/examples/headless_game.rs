//! The whole game with no window, as a Bevy app: `MinimalPlugins`, `StatesPlugin` and
//! delve's `GamePlugin`, driven by `PlayerIntent` messages and read back through the
//! `RunModel` resource and the mirrored entities — the way Bevy's
//! `tests/how_to_test_systems.rs` tests systems, and the way to check your own systems
//! beside delve's.
//!
//! ```sh
//! cargo run --example headless_game
//! ```

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use delve_rules::records::slot::SaveSlot;

use bevy_delve::game::level::LevelMonster;
use bevy_delve::game::{
    GamePlugin, GridPos, NoticeLog, Player, PlayerAction, PlayerIntent, RunModel, RunSettings,
};
use delve_levels::config::CampaignConfig;
use delve_rules::run::Rules;

fn main() {
    let mut campaign = CampaignConfig::builtin();
    campaign.seed = 2026;
    let settings = RunSettings {
        campaign,
        start: None,
        resume: None,
        rules: Rules::Monsters,
        save_slot: SaveSlot::file(std::env::temp_dir().join("delve-headless-example.sav")),
        record: bevy_delve::game::RecordTo::Nowhere,
        offer_to_continue: false,
        records: None,
        origin: Default::default(),
        title: None,
    };
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, GamePlugin { settings }));
    // The first update starts the run and mirrors it into entities.
    app.update();

    // Explore five times: an action is a message, applied one per frame.
    for _ in 0..5 {
        app.world_mut()
            .write_message(PlayerIntent(PlayerAction::Explore));
        app.update();
    }

    // The run model is the rules' word on everything...
    let run = &app.world().resource::<RunModel>().0;
    let (turns, depth, at) = (run.turns(), run.depth(), run.player());
    println!("depth {depth}, turn {turns}, the player at {at}");

    // ...and the entities mirror it: the player's GridPos, one entity per monster.
    let world = app.world_mut();
    let shown = world
        .query_filtered::<&GridPos, With<Player>>()
        .single(world)
        .expect("one player")
        .0;
    assert_eq!(shown, at, "the player's entity stands where the run says");
    let monsters = world.query::<&LevelMonster>().iter(world).count();
    println!("{monsters} monsters on the level");

    for line in app.world().resource::<NoticeLog>().texts() {
        println!("  {line}");
    }
}

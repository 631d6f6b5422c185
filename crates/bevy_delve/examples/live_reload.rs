//! Live reload, measured: a headless game follows its campaign file (as `delve play
//! --watch` does in the window and the terminal), the file is saved again and again
//! with another wall percent, and each time the example times the way from the write
//! to the run's new level (Bevy's file watcher, the asset loader, delve's parser,
//! `RunState::follow_campaign` making the 80×50 level again, the mirror updated).
//! The book's live-reload figure (docs/src/performance.md) comes from a release run of it:
//!
//! ```sh
//! cargo run --release --example live_reload -- 20
//! ```

use delve_rules::records::slot::SaveSlot;
use std::time::{Duration, Instant};

use bevy::prelude::*;

use bevy_delve::game::assets::FollowedCampaign;
use bevy_delve::game::headless::headless_app_following;
use bevy_delve::game::{LevelEntered, RunSettings};
use delve_levels::config::CampaignConfig;
use delve_rules::run::Rules;

fn campaign(walls: u32) -> String {
    format!(
        "(name: \"Timed\", seed: 3, depths: [Cave(width: 80, height: 50, wall_percent: {walls})])\n"
    )
}

/// Level entries heard since the last look.
#[derive(Resource, Default)]
struct Entered(u32);

fn main() {
    let saves: u32 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(10);
    let folder = std::env::temp_dir().join(format!("delve-live-reload-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a temporary folder");
    let file = folder.join("timed.ron");
    std::fs::write(&file, campaign(40)).expect("the campaign written");
    let settings = RunSettings {
        campaign: CampaignConfig::load(&file).expect("the campaign loads"),
        start: None,
        resume: None,
        rules: Rules::Monsters,
        save_slot: SaveSlot::file(folder.join("run.sav")),
        record: bevy_delve::game::RecordTo::Nowhere,
        offer_to_continue: false,
        records: None,
        origin: Default::default(),
        title: None,
    };
    let mut app = headless_app_following(settings, &file);
    app.init_resource::<Entered>().add_systems(
        Last,
        |mut heard: MessageReader<LevelEntered>, mut entered: ResMut<Entered>| {
            entered.0 += heard.read().count() as u32;
        },
    );
    let until = |app: &mut App, done: &dyn Fn(&App) -> bool| {
        let start = Instant::now();
        while !done(app) {
            assert!(start.elapsed() < Duration::from_secs(30), "nothing came");
            app.update();
        }
    };
    until(&mut app, &|app| {
        app.world().resource::<FollowedCampaign>().loads >= 1
    });
    let mut times = Vec::new();
    for n in 0..saves {
        app.world_mut().resource_mut::<Entered>().0 = 0;
        // Let the watcher go quiet between saves, as between a designer's edits.
        std::thread::sleep(Duration::from_millis(100));
        let written = Instant::now();
        std::fs::write(&file, campaign(41 + n % 8)).expect("the campaign saved");
        until(&mut app, &|app| app.world().resource::<Entered>().0 > 0);
        times.push(written.elapsed());
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{saves} saves of an 80×50 cave campaign: write → new level in {:.0} ms median, {:.0} ms at most, {:.0} ms at least",
        ms(times[times.len() / 2]),
        ms(times[times.len() - 1]),
        ms(times[0])
    );
    let _ = std::fs::remove_dir_all(folder);
}

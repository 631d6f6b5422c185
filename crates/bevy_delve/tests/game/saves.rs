//! Saves through the game: F5 and F9 become save requests, a load puts the saved run
//! (its monsters too) and its log back in the world and is told as `RunLoaded` and
//! `LevelEntered`; `--save` and `--load` go through the same paths; a run resumed from
//! its backup says so; a finished run never writes over the save.

use super::*;
use bevy_delve::game::ResumedRun;
use bevy_delve::game::headless::{FinalState, run_headless};
use delve_rules::records::slot::SaveSlot;
use temp_dir::TempDir;

/// A headless run that goes on with the run saved at `path` (as `delve play --load`).
fn load_headless(path: &std::path::Path) -> Result<FinalState, String> {
    let resume = ResumedRun::load(&SaveSlot::file(path)).map_err(|e| e.to_string())?;
    let settings = RunSettings {
        resume: Some(resume),
        ..settings(7)
    };
    run_headless(settings, &[], None).map_err(|e| e.to_string())
}

#[test]
fn save_then_load_restores_the_state_exactly() {
    let dir = TempDir::new("game-save");
    let path = dir.file("game.sav");
    let saved = run_headless(settings(12), &actions("lljjhh"), Some(path.clone())).unwrap();
    let loaded = load_headless(&path).unwrap();
    assert_eq!(loaded.level_key, saved.level_key);
    assert_eq!(loaded.position, saved.position);
    assert_eq!(loaded.inventory, saved.inventory);
    assert_eq!(loaded.turns, saved.turns);
    // F5 then F9 inside one game.
    let mut t = TestContext::with_settings(RunSettings {
        save_slot: SaveSlot::file(dir.file("slot.sav")),
        ..settings(13)
    });
    t.act(&actions("jjll"));
    let before = t.run().clone();
    t.heard::<LevelEntered>();
    t.act(&[PlayerAction::Save]);
    assert_eq!(t.heard::<SaveRequest>(), [SaveRequest::Save]);
    // Headless games write saves at once, through the same request as F5.
    assert!(dir.file("slot.sav").is_file(), "F5 wrote the save");
    t.act(&[PlayerAction::Regenerate, PlayerAction::Move(1, 0)]);
    t.heard::<LevelEntered>();
    t.act(&[PlayerAction::Load]);
    assert_eq!(t.heard::<SaveRequest>(), [SaveRequest::Load]);
    assert_eq!(t.heard::<RunLoaded>().len(), 1, "the load is told");
    let entered: Vec<_> = t
        .heard::<LevelEntered>()
        .into_iter()
        .map(|e| e.key)
        .collect();
    assert_eq!(entered, [before.level().key.encode()], "on the saved level");
    assert!(t.run() == &before, "the saved run is back");
    t.assert_mirrors_the_run();
}

#[test]
fn a_run_resumed_from_its_backup_says_so() {
    let dir = TempDir::new("damaged-save");
    let path = dir.file("game.sav");
    let first = run_headless(settings(31), &actions("ll"), Some(path.clone())).unwrap();
    // The second save keeps the first as the backup.
    let second = run_headless(settings(31), &actions("lljj"), Some(path.clone())).unwrap();
    assert_ne!(first.turns, second.turns);
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&path, &bytes).unwrap();

    let loaded = load_headless(&path).unwrap();
    assert_eq!(
        (loaded.level_key.as_str(), loaded.position, loaded.turns),
        (first.level_key.as_str(), first.position, first.turns),
        "the backup is the first save"
    );
    assert!(
        loaded.messages.last().unwrap().contains("backup"),
        "the player is told the backup was loaded: {:?}",
        loaded.messages
    );
}

#[test]
fn a_finished_run_never_writes_over_the_save() {
    let dir = TempDir::new("dead-save");
    let path = dir.file("slot.sav");
    let mut t = TestContext::with_settings(RunSettings {
        save_slot: SaveSlot::file(path.clone()),
        ..fighting(14)
    });
    t.act(&[PlayerAction::Wait, PlayerAction::Save]);
    let before = std::fs::read(&path).expect("the run in progress was saved");
    // The player dies (as if a troll had come by).
    t.change_run(|run| {
        run.stage().end_run(delve_rules::run::RunEnd::Died {
            cause: "killed by a troll on depth 1".into(),
        });
    });
    // F5, and the save request the window's quitting and a headless --save write.
    t.act(&[PlayerAction::Save]);
    for request in [SaveRequest::Save, SaveRequest::SaveAndQuit] {
        t.app.world_mut().write_message(request);
        t.app.update();
    }
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "the save is the live run's"
    );
    let log = t.log();
    assert!(
        log.iter()
            .any(|l| l.contains("not saved, and your last save is kept")),
        "{log:?}"
    );
    assert_eq!(
        log.iter().filter(|l| l.starts_with("Saved to")).count(),
        1,
        "only the live run was saved: {log:?}"
    );
    // What loads is the run in progress, not a dead one.
    let loaded = SaveSlot::file(&path).load().unwrap().0;
    assert!(loaded.end().is_none());
}

#[test]
fn a_loaded_run_has_its_own_messages_back() {
    let dir = TempDir::new("messages");
    let path = dir.file("slot.sav");
    let mut t = TestContext::with_settings(RunSettings {
        save_slot: SaveSlot::file(path.clone()),
        ..settings(15)
    });
    t.act(&[PlayerAction::ShowKey, PlayerAction::Save]);
    let saved = t.log();
    assert!(
        saved.iter().any(|l| l.starts_with("Level key")),
        "{saved:?}"
    );
    // Lines of a timeline given up are not the loaded run's past.
    t.act(&[PlayerAction::Regenerate, PlayerAction::Load]);
    let after = t.log();
    assert!(
        !after
            .iter()
            .any(|l| l.starts_with("Regenerated with a fresh seed")),
        "{after:?}"
    );
    assert!(
        after.iter().any(|l| l.starts_with("Level key")),
        "{after:?}"
    );
    assert!(after.last().unwrap().starts_with("Loaded"), "{after:?}");
    // A run continued at the start (--load, or `y` to the question) has them too.
    let resumed = ResumedRun::load(&SaveSlot::file(&path)).unwrap();
    let t = TestContext::with_settings(RunSettings {
        resume: Some(resumed),
        ..settings(15)
    });
    let continued = t.log();
    assert!(
        continued.iter().any(|l| l.starts_with("Level key")),
        "{continued:?}"
    );
}

#[test]
fn a_save_in_the_middle_of_a_fight_loads_its_monsters_back_into_the_world() {
    let dir = TempDir::new("fight-save");
    let mut t = TestContext::with_settings(RunSettings {
        save_slot: SaveSlot::file(dir.file("fight.sav")),
        ..fighting(11)
    });
    let at = floor_in_view(t.run(), 2).expect("room in view");
    t.alone_with("goblin skulker", at);
    t.act(&actions(".."));
    t.app.world_mut().write_message(SaveRequest::Save);
    settle(&mut t.app);
    let saved = t.run().clone();
    let rest = actions("hjkl..yubn..");
    t.act(&rest);
    let went_on = t.run().clone();
    t.app.world_mut().write_message(SaveRequest::Load);
    settle(&mut t.app);
    assert!(t.run() == &saved, "the run as saved, its fight included");
    t.assert_mirrors_the_run();
    t.act(&rest);
    assert!(t.run() == &went_on, "and it goes on identically");
    t.assert_mirrors_the_run();
}

//! The screens and the records, in the ECS: no run until the player chooses on the title
//! screen; Continue resumes the run saved on quitting exactly; New run, Daily and Seeded
//! start the runs they say; Quit leaves; the screen follows the run to its end and back
//! when a save is loaded there; a run that ends in play leaves its morgue file and
//! history line and takes its save out of the slot.

use bevy::prelude::*;
use delve_rules::records::slot::SaveSlot;

use bevy_delve::game::headless::{headless_app, settle};
use bevy_delve::game::title::{Title, TitleKeyPressed, title_for};
use bevy_delve::game::watching::WatchKeyPressed;
use bevy_delve::game::{NoticeLog, RunModel, RunSettings, SaveRequest, Screen};
use delve_rules::records::DataDir;
use delve_rules::records::daily::{daily_seed, day_text, today};
use delve_rules::records::history::History;
use delve_rules::run::record::WatchCommand;
use delve_rules::run::{PlayerAction, RunEnd, RunState};
use delve_rules::view::{MenuKey, TitleChoice};

use super::{TestContext, fighting, floor_in_view};
use crate::temp_dir::TempDir;

/// `fighting(seed)` keeping its records and its save slot in `dir`.
fn recorded(seed: u64, dir: &TempDir) -> RunSettings {
    let data = DataDir::at(dir.path());
    RunSettings {
        save_slot: SaveSlot::file(data.save_slot()),
        records: Some(std::sync::Arc::new(data.storage())),
        ..fighting(seed)
    }
}

/// A game showing the title screen of `settings`.
fn on_the_title(settings: RunSettings) -> App {
    let menu = title_for(&settings);
    let mut app = headless_app(RunSettings {
        title: Some(menu),
        ..settings
    });
    settle(&mut app);
    app
}

fn press(app: &mut App, keys: &[MenuKey]) {
    for &key in keys {
        app.world_mut().write_message(TitleKeyPressed(key));
        settle(app);
    }
}

#[test]
fn no_run_starts_until_the_player_chooses() {
    let dir = TempDir::new("title-waits");
    let mut app = on_the_title(recorded(7, &dir));
    for _ in 0..5 {
        app.update();
    }
    assert!(app.world().get_resource::<RunModel>().is_none());
    assert_eq!(screen(&app), Screen::Title);
    press(&mut app, &[MenuKey::Down]);
    assert!(app.world().get_resource::<RunModel>().is_none());
    assert_eq!(screen(&app), Screen::Title);
}

/// The player, with one hit point left, waits beside a troll until it kills them.
fn die_beside_a_troll(game: &mut TestContext) {
    let beside = floor_in_view(game.run(), 1).expect("open ground beside the player");
    game.alone_with("troll", beside);
    game.change_run(|run| {
        run.stage().set_hit_points(1);
    });
    for _ in 0..200 {
        if game.run().end().is_some() {
            break;
        }
        game.act(&[PlayerAction::Wait]);
    }
    assert!(matches!(game.run().end(), Some(RunEnd::Died { .. })));
}

/// The screen the game is on.
fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

#[test]
fn the_screen_follows_the_run_to_its_end_and_back_when_a_save_is_loaded() {
    let mut game = TestContext::with_settings(fighting(9));
    assert_eq!(screen(&game.app), Screen::Playing);
    game.app.world_mut().write_message(SaveRequest::Save);
    settle(&mut game.app);
    die_beside_a_troll(&mut game);
    settle(&mut game.app);
    assert_eq!(
        screen(&game.app),
        Screen::Ended,
        "death shows the end screen"
    );
    game.app.world_mut().write_message(SaveRequest::Load);
    settle(&mut game.app);
    assert!(game.run().end().is_none(), "the saved run is back");
    assert_eq!(screen(&game.app), Screen::Playing, "and it plays again");
}

#[test]
fn the_end_screens_esc_goes_back_to_the_title_and_the_next_run_starts_clean_and_recorded() {
    let dir = TempDir::new("title-after-death");
    let mut game = TestContext::with_settings(RunSettings {
        record: bevy_delve::game::RecordTo::Records,
        ..recorded(9, &dir)
    });
    die_beside_a_troll(&mut game);
    settle(&mut game.app);
    assert_eq!(screen(&game.app), Screen::Ended);
    let first_recording = game
        .app
        .world()
        .resource::<bevy_delve::game::recording::Recorder>()
        .place();
    game.app
        .world_mut()
        .write_message(bevy_delve::game::screen::LeaveTheEndedRun);
    settle(&mut game.app);
    assert_eq!(screen(&game.app), Screen::Title, "Esc on the end screen");
    assert!(game.app.world().get_resource::<RunModel>().is_none());
    assert!(
        game.app
            .world()
            .get_resource::<bevy_delve::game::recording::Recorder>()
            .is_none(),
        "the ended run's recording is put away"
    );
    let title = &game.app.world().resource::<Title>().0;
    assert!(
        !title
            .items()
            .contains(&delve_rules::view::MenuItem::Continue),
        "the dead run cannot be continued"
    );
    press(&mut game.app, &[MenuKey::Char('n')]);
    assert_eq!(screen(&game.app), Screen::Playing);
    let run = game.run();
    assert_eq!(run.turns(), 0, "a new run, from its start");
    assert!(run.end().is_none());
    assert_ne!(run.campaign().seed, 9, "on a fresh seed");
    game.act(&[PlayerAction::Wait, PlayerAction::Wait]);
    let recorder = game
        .app
        .world()
        .resource::<bevy_delve::game::recording::Recorder>();
    assert_ne!(recorder.place(), first_recording, "a recording of its own");
    let recording = delve_rules::run::record::Recording::parse(recorder.text()).expect("it reads");
    assert_eq!(recording.steps.len(), 2);
    let history = History::read_from(
        &DataDir::at(dir.path()).storage(),
        delve_rules::records::HISTORY,
    )
    .unwrap();
    assert_eq!(history.records().len(), 1, "the death is in the history");
}

#[test]
fn continue_resumes_the_run_saved_on_quitting_exactly() {
    let dir = TempDir::new("title-continue");
    let mut game = TestContext::with_settings(recorded(7, &dir));
    game.act(&[
        PlayerAction::Explore,
        PlayerAction::Explore,
        PlayerAction::Wait,
    ]);
    let before = game.run().clone();
    game.app.world_mut().write_message(SaveRequest::SaveAndQuit);
    settle(&mut game.app);

    let mut app = on_the_title(recorded(7, &dir));
    let title = app.world().resource::<Title>();
    assert_eq!(title.0.selected(), delve_rules::view::MenuItem::Continue);
    press(&mut app, &[MenuKey::Enter]);
    assert_eq!(screen(&app), Screen::Playing, "the title is gone");
    assert!(
        app.world().get_resource::<Title>().is_none(),
        "and its menu with it"
    );
    let resumed = &app.world().resource::<RunModel>().0;
    assert_eq!(resumed, &before, "the same run, to the last detail");
}

#[test]
fn new_run_daily_and_seeded_start_the_runs_they_name() {
    let dir = TempDir::new("title-starts");
    let mut app = on_the_title(recorded(7, &dir));
    press(&mut app, &[MenuKey::Char('d')]);
    let run = &app.world().resource::<RunModel>().0;
    assert_eq!(run.campaign().seed, daily_seed(today()));
    assert_eq!(run.chronicle().origin.daily, Some(day_text(today())));

    let mut app = on_the_title(recorded(7, &dir));
    let mut keys = vec![MenuKey::Char('s')];
    keys.extend("4242".chars().map(MenuKey::Char));
    keys.push(MenuKey::Enter);
    press(&mut app, &keys);
    let run = &app.world().resource::<RunModel>().0;
    assert_eq!(run.campaign().seed, 4242);
    assert!(run.chronicle().origin.seeded);

    let mut app = on_the_title(recorded(7, &dir));
    press(&mut app, &[MenuKey::Char('n')]);
    let run = &app.world().resource::<RunModel>().0;
    assert!(!run.chronicle().origin.seeded);
    assert!(run.chronicle().origin.started.is_some());
    assert_eq!(
        delve_rules::view::seed_or_key("4242"),
        Ok(TitleChoice::Seed(4242))
    );
}

#[test]
fn quit_on_the_title_leaves() {
    let dir = TempDir::new("title-quit");
    let mut app = on_the_title(recorded(7, &dir));
    app.world_mut()
        .write_message(TitleKeyPressed(MenuKey::Char('q')));
    app.update();
    assert_eq!(app.should_exit(), Some(AppExit::Success));
}

#[test]
fn a_death_in_play_writes_the_morgue_and_history_and_removes_the_save() {
    let dir = TempDir::new("title-death");
    let data = DataDir::at(dir.path());
    let mut game = TestContext::with_settings(recorded(9, &dir));
    game.app.world_mut().write_message(SaveRequest::Save);
    settle(&mut game.app);
    assert!(data.save_slot().exists());
    die_beside_a_troll(&mut game);
    settle(&mut game.app);
    assert!(!data.save_slot().exists(), "the dead run's save is gone");
    let morgues: Vec<_> = std::fs::read_dir(data.morgue_folder())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(
        morgues
            .iter()
            .any(|p| p.extension().is_some_and(|e| e == "txt"))
    );
    assert!(
        morgues
            .iter()
            .any(|p| p.extension().is_some_and(|e| e == "sav"))
    );
    let history = History::read(&data.history_file()).unwrap();
    assert_eq!(history.records().len(), 1, "one line for one death");
    // More frames write nothing more.
    settle(&mut game.app);
    assert_eq!(
        History::read(&data.history_file()).unwrap().records().len(),
        1
    );
}

/// A game of seed 3 keeping its records in `dir` and recording itself there, played
/// until a kobold kills the player (as `delve play --seed 3` does with these keys).
fn a_recorded_death(dir: &TempDir) -> RunState {
    let mut game = TestContext::with_settings(RunSettings {
        record: bevy_delve::game::RecordTo::Records,
        ..recorded(3, dir)
    });
    game.act(&[PlayerAction::Explore; 5]);
    for _ in 0..1_500 {
        if game.run().end().is_some() {
            break;
        }
        game.act(&[PlayerAction::Wait]);
    }
    settle(&mut game.app);
    assert!(matches!(game.run().end(), Some(RunEnd::Died { .. })));
    game.run().clone()
}

fn watch_key(app: &mut App, pressed: WatchKeyPressed) {
    app.world_mut().write_message(pressed);
    settle(app);
}

#[test]
fn a_run_chosen_on_the_history_page_is_watched_then_the_title_comes_back() {
    let dir = TempDir::new("title-watch");
    let data = DataDir::at(dir.path());
    let died = a_recorded_death(&dir);
    let history_before = std::fs::read(data.history_file()).unwrap();
    let morgues_before = std::fs::read_dir(data.morgue_folder()).unwrap().count();

    let mut app = on_the_title(recorded(3, &dir));
    press(&mut app, &[MenuKey::Char('h')]);
    // The first frame after the choice says the recording is being opened (a long
    // one takes seconds), and the opening waits for the next.
    app.world_mut()
        .write_message(TitleKeyPressed(MenuKey::Enter));
    app.update();
    assert_eq!(screen(&app), Screen::Title);
    let told = app.world().resource::<Title>().0.screen().problem;
    assert!(
        told.as_deref()
            .is_some_and(|t| t.starts_with("Opening the recording of run 1")),
        "{told:?}"
    );
    settle(&mut app);
    assert_eq!(screen(&app), Screen::Watching);
    let shown = |app: &App| app.world().resource::<RunModel>().0.clone();
    assert_eq!(shown(&app).turns(), 0, "the watch opens at the run's start");

    watch_key(&mut app, WatchKeyPressed::Playback(WatchCommand::ToEnd));
    assert_eq!(shown(&app), died, "its end is the run as it died");
    assert!(
        app.world()
            .resource::<NoticeLog>()
            .texts()
            .iter()
            .any(|t| t.contains("You die")),
        "with the notices the player saw"
    );
    watch_key(&mut app, WatchKeyPressed::Playback(WatchCommand::StepBack));
    assert!(
        shown(&app).end().is_none(),
        "a step back, the player still lives"
    );
    assert_eq!(
        screen(&app),
        Screen::Watching,
        "an end watched is no end screen"
    );
    // Nothing of the run watched is kept again: no history line, morgue or save.
    assert_eq!(std::fs::read(data.history_file()).unwrap(), history_before);
    assert_eq!(
        std::fs::read_dir(data.morgue_folder()).unwrap().count(),
        morgues_before
    );
    assert!(!data.save_slot().exists());

    watch_key(&mut app, WatchKeyPressed::Quit);
    assert_eq!(
        screen(&app),
        Screen::Title,
        "quitting goes back to the title"
    );
    assert!(app.world().get_resource::<RunModel>().is_none());
    assert!(app.world().get_resource::<Title>().is_some());
    press(&mut app, &[MenuKey::Char('n')]);
    assert_eq!(
        screen(&app),
        Screen::Playing,
        "and a new run starts from there"
    );
    assert_eq!(shown(&app).turns(), 0);
}

#[test]
fn a_run_whose_recording_is_missing_is_told_on_the_history_page() {
    let dir = TempDir::new("title-watch-missing");
    a_recorded_death(&dir);
    let data = DataDir::at(dir.path());
    for entry in std::fs::read_dir(data.morgue_folder()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rec") {
            std::fs::remove_file(path).unwrap();
        }
    }
    let mut app = on_the_title(recorded(3, &dir));
    press(&mut app, &[MenuKey::Char('h'), MenuKey::Enter]);
    assert_eq!(screen(&app), Screen::Title);
    let problem = app.world().resource::<Title>().0.screen().problem;
    assert!(
        problem.as_deref().is_some_and(|p| p.contains("missing")),
        "{problem:?}"
    );
}

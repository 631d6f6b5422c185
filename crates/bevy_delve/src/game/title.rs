//! The title screen in the ECS: while the game is on [`Screen::Title`], no run is in
//! play; each front end turns key presses into [`TitleKeyPressed`] and draws the
//! [`Title`] menu's screen ([`delve_rules::view::TitleMenu::screen`]). A choice becomes
//! the run's settings (a fresh, daily or typed seed, a pasted key, or the saved run) and
//! goes to [`Screen::Playing`], which starts it; or it leaves delve.

use bevy::prelude::*;

use super::screen::Screen;
use super::watching::{AfterWatching, Watching};
use super::{GameSystems, ResumedRun, RunSettings};
use delve_rules::records::history::History;
use delve_rules::records::recordings::recording_of_run;
use delve_rules::records::{HISTORY, daily};
use delve_rules::run::RunOrigin;
use delve_rules::run::record::{Playback, STEPS_A_SECOND};
use delve_rules::view::{HistoryPage, MenuKey, TitleChoice, TitleMenu};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<TitleKeyPressed>()
        .add_message::<TitleLineClicked>()
        .add_systems(
            Update,
            (answer_title_keys, open_the_chosen_watch)
                .chain()
                .run_if(in_state(Screen::Title))
                .in_set(GameSystems::Queue),
        )
        .add_systems(OnEnter(Screen::Title), show_the_title_again)
        .add_systems(OnExit(Screen::Title), |mut commands: Commands| {
            commands.remove_resource::<Title>()
        });
}

/// The title menu (its selection, what it asks, what it tells), shown while the game
/// is on [`Screen::Title`].
#[derive(Resource, Clone, Debug)]
pub struct Title(pub TitleMenu);

/// A key pressed on the title screen.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TitleKeyPressed(pub MenuKey);

/// A click on a line of the title screen's page (0-based, as
/// [`delve_rules::view::TitleScreen::lines`] counts them).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TitleLineClicked(pub usize);

/// What a front end's key reader asks of the title screen: whether it is up, and if
/// so, to take a key press.
#[derive(bevy::ecs::system::SystemParam)]
pub struct TitleKeys<'w> {
    screen: Res<'w, State<Screen>>,
    pressed: MessageWriter<'w, TitleKeyPressed>,
}

impl TitleKeys<'_> {
    /// Gives the title screen a key press (its name in the key table, the character it
    /// types): `true` when the title is up and so took it.
    pub fn take(
        &mut self,
        named: Option<delve_rules::view::NamedKey>,
        letter: Option<char>,
    ) -> bool {
        if *self.screen.get() != Screen::Title {
            return false;
        }
        self.pressed
            .write_batch(delve_rules::view::menu_key(named, letter).map(TitleKeyPressed));
        true
    }
}

/// The title screen for these settings: Continue offered when the save slot holds a
/// run in progress, the history's page read from the data folder.
pub fn title_for(settings: &RunSettings) -> TitleMenu {
    let can_continue = ResumedRun::in_progress(&settings.save_slot);
    let history: HistoryPage = match &settings.records {
        Some(records) => match History::read_from(&**records, HISTORY) {
            Ok(history) => history.page(),
            Err(e) => vec![
                format!("The run history cannot be read: {e}"),
                "The next finished run sets it aside and starts a new one.".to_owned(),
            ]
            .into(),
        },
        None => vec!["No storage for records: runs are not recorded.".to_owned()].into(),
    };
    TitleMenu::new(can_continue, daily::day_text(daily::today()), history)
}

/// What `choice` makes of the settings: the run to start. `Err` says why it cannot
/// (the saved run does not load).
pub(crate) fn settings_for(
    choice: &TitleChoice,
    settings: &RunSettings,
) -> Result<RunSettings, String> {
    let mut chosen = settings.clone();
    let started = Some(daily::now_text());
    match choice {
        TitleChoice::NewRun => {
            // The settings' seed is already a fresh one: the command line draws it for
            // every start that shows the title screen.
            chosen.origin = RunOrigin {
                started,
                ..RunOrigin::default()
            };
        }
        TitleChoice::Continue => {
            let resumed = ResumedRun::load(&settings.save_slot)
                .map_err(|e| format!("Cannot continue: {e}"))?;
            chosen.resume = Some(resumed);
        }
        TitleChoice::Daily => {
            let day = daily::today();
            chosen.campaign.seed = daily::daily_seed(day);
            chosen.origin = daily_origin(day, settings, started);
        }
        TitleChoice::Seed(seed) => {
            chosen.campaign.seed = *seed;
            chosen.origin = RunOrigin {
                started,
                seeded: true,
                ..RunOrigin::default()
            };
        }
        TitleChoice::Key(key) => {
            delve_rules::run::check_play_size(&key.config).map_err(|e| e.to_string())?;
            chosen.start = Some((**key).clone());
            chosen.origin = RunOrigin {
                started,
                seeded: true,
                ..RunOrigin::default()
            };
        }
        TitleChoice::Quit | TitleChoice::Options | TitleChoice::Watch(_) => {}
    }
    Ok(chosen)
}

/// The origin of the daily run of `day`: a replay when the history already holds a run
/// of that day.
pub fn daily_origin(day: daily::Day, settings: &RunSettings, started: Option<String>) -> RunOrigin {
    let text = daily::day_text(day);
    let replayed_daily = settings.records.as_ref().is_some_and(|records| {
        History::read_from(&**records, HISTORY).is_ok_and(|history| {
            history
                .records()
                .iter()
                .any(|r| r.daily.as_deref() == Some(text.as_str()))
        })
    });
    RunOrigin {
        started,
        daily: Some(text),
        replayed_daily,
        seeded: false,
    }
}

/// Reads title keys; a choice starts the run (or leaves).
#[allow(clippy::too_many_arguments)] // the front end's glue: each is one thing read or told
fn answer_title_keys(
    mut commands: Commands,
    mut keys: MessageReader<TitleKeyPressed>,
    mut clicks: MessageReader<TitleLineClicked>,
    title: Option<ResMut<Title>>,
    mut settings: ResMut<RunSettings>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
    mut options: super::options::OptionsKeys,
    being_opened: Option<Res<WatchBeingOpened>>,
) {
    // Keys pressed while a watch opens are not kept for the title.
    let opening = being_opened.is_some();
    let Some(mut title) = title.filter(|_| !opening) else {
        keys.clear();
        clicks.clear();
        return;
    };
    let pressed = keys.read().find_map(|key| title.0.press(key.0));
    let clicked = clicks.read().find_map(|line| title.0.click(line.0));
    let Some(choice) = pressed.or(clicked) else {
        return;
    };
    if choice == TitleChoice::Quit {
        exit.write(AppExit::Success);
        return;
    }
    if choice == TitleChoice::Options {
        options.open();
        return;
    }
    if let TitleChoice::Watch(number) = choice {
        title.0.tell(format!(
            "Opening the recording of run {number} (a long run takes a few seconds)…"
        ));
        commands.insert_resource(WatchBeingOpened {
            number,
            told: false,
        });
        return;
    }
    match settings_for(&choice, &settings) {
        Ok(chosen) => {
            *settings = chosen;
            next.set(Screen::Playing);
        }
        Err(problem) => title.0.tell(problem),
    }
}

/// A run of the history chosen to watch, opened once the title has shown a frame that
/// says so: opening plays the whole recording through, checked (seconds for a long run),
/// and the screen must not look frozen meanwhile.
#[derive(Resource, Clone, Copy, Debug)]
struct WatchBeingOpened {
    /// Which run (1: the newest).
    number: usize,
    /// Whether a frame has gone by since the title told of the opening.
    told: bool,
}

/// Opens the run chosen to watch, a frame after the title said so: the watch, or the
/// title telling why it cannot be watched.
fn open_the_chosen_watch(
    mut commands: Commands,
    being_opened: Option<ResMut<WatchBeingOpened>>,
    title: Option<ResMut<Title>>,
    settings: Res<RunSettings>,
    mut next: ResMut<NextState<Screen>>,
) {
    let (Some(mut being_opened), Some(mut title)) = (being_opened, title) else {
        return;
    };
    if !being_opened.told {
        being_opened.told = true;
        return;
    }
    commands.remove_resource::<WatchBeingOpened>();
    match watch_of_run(&settings, being_opened.number) {
        Ok(watching) => {
            commands.insert_resource(watching);
            next.set(Screen::Watching);
        }
        Err(problem) => title.0.tell(problem),
    }
}

/// The watch of the `number`-th newest run of the history (1: the newest), going back
/// to the title when it ends; or why it cannot be watched.
fn watch_of_run(settings: &RunSettings, number: usize) -> Result<Watching, String> {
    let records = settings
        .records
        .as_ref()
        .ok_or("No storage for records: runs are not recorded.")?;
    let (entry, recording) =
        recording_of_run(&**records, number).map_err(|e| format!("Cannot watch it: {e}"))?;
    let playback = Playback::open(recording, STEPS_A_SECOND)
        .map_err(|e| format!("Cannot watch {}: {e}", records.place(&entry).display()))?;
    Ok(Watching::new(playback, AfterWatching::Title))
}

/// The title screen comes back (after watching a run from its history page): made
/// anew, so its history and Continue are as they are now.
fn show_the_title_again(
    mut commands: Commands,
    title: Option<Res<Title>>,
    settings: Res<RunSettings>,
) {
    if title.is_none() {
        commands.insert_resource(Title(title_for(&settings)));
    }
}

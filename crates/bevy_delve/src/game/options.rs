//! The player's options in the game: read from the records' storage (the data folder,
//! the browser's storage) when the game starts — what is wrong in the file is told as
//! notices once a run is on screen, and the file is left alone — the keymap both front
//! ends read keys through, and the Options screen: opened by `O` in play or the title's
//! Options, given every key while open, saving and applying what changed when it closes.

use std::sync::Arc;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::{Keyboard, Notice, RunModel, RunSettings};

use delve_rules::options::{LoadedOptions, Options, OptionsProblem, load_options, save_options};
use delve_rules::records::storage::Storage;
use delve_rules::view::{
    KeyName, KeyReader, Keymap, MenuKey, NamedKey, OptionsReaction, OptionsScreen, Overlay,
    menu_key,
};

pub(super) fn plugin(app: &mut App) {
    let settings = app.world().resource::<RunSettings>().clone();
    app.insert_resource(PlayerOptions::load(settings.records.clone()))
        .init_resource::<OptionsScreenState>()
        .add_systems(
            Update,
            (tell_option_problems, open_the_options_screen).in_set(super::GameSystems::Queue),
        );
}

/// The options in force, and where they are kept.
#[derive(Resource, Clone, Debug)]
pub struct PlayerOptions {
    /// The options.
    pub options: Options,
    /// The keys they give.
    pub keymap: Keymap,
    /// What was wrong with the file when it was read (told once, as notices).
    pub problems: Vec<OptionsProblem>,
    told: bool,
    storage: Option<Arc<dyn Storage>>,
}

impl PlayerOptions {
    /// The options kept in `storage` (the defaults without one).
    pub fn load(storage: Option<Arc<dyn Storage>>) -> PlayerOptions {
        let LoadedOptions { options, problems } = match &storage {
            Some(storage) => load_options(&**storage),
            None => LoadedOptions {
                options: Options::default(),
                problems: Vec::new(),
            },
        };
        PlayerOptions {
            keymap: options.keymap(),
            options,
            problems,
            told: false,
            storage,
        }
    }

    /// Puts `options` in force and saves them; says what happened.
    pub fn change_to(&mut self, options: Options) -> String {
        self.keymap = options.keymap();
        self.options = options;
        let Some(storage) = &self.storage else {
            return "Options changed (not saved: this game keeps no records).".to_owned();
        };
        match save_options(&**storage, &self.options, !self.problems.is_empty()) {
            Ok(()) => {
                let kept = if self.problems.is_empty() {
                    String::new()
                } else {
                    format!(
                        " (the file you had is kept as {})",
                        storage
                            .place(delve_rules::options::OPTIONS_BACKUP)
                            .display()
                    )
                };
                self.problems.clear();
                format!(
                    "Options saved to {}{kept}.",
                    storage.place(delve_rules::options::OPTIONS_FILE).display()
                )
            }
            Err(e) => format!("Options changed, but not saved: {e}"),
        }
    }
}

/// The Options screen while it is open.
#[derive(Resource, Clone, Debug, Default)]
pub struct OptionsScreenState(pub Option<OptionsScreen>);

/// What a front end's key reader asks of the Options screen: whether it is open, and
/// if so, to take a key press.
#[derive(SystemParam)]
pub struct OptionsKeys<'w> {
    screen: ResMut<'w, OptionsScreenState>,
    options: ResMut<'w, PlayerOptions>,
}

/// What the Options screen made of a key press.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionsTook {
    /// The screen is not open: the key is for the game.
    No,
    /// The screen took it.
    Yes,
    /// The screen took it and closed, saying this (what was saved).
    Closed(String),
}

impl OptionsKeys<'_> {
    /// The keys in force.
    pub fn keymap(&self) -> &Keymap {
        &self.options.keymap
    }

    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options.options
    }

    /// Puts `options` in force and saves them; says what happened.
    pub fn change_to(&mut self, options: Options) -> String {
        self.options.change_to(options)
    }

    /// Gives the Options screen a key press (its name by place, the character it
    /// types): `true` when the screen is open and so took it. Closing it closes the
    /// key reader's Options overlay.
    pub fn take(
        &mut self,
        named: Option<NamedKey>,
        letter: Option<char>,
        keyboard: &mut KeyReader,
    ) -> OptionsTook {
        let Some(screen) = &mut self.screen.0 else {
            return OptionsTook::No;
        };
        let key = named
            .map(KeyName::Named)
            .or(letter.filter(|c| !c.is_control()).map(KeyName::Char));
        let menu = menu_key(named, letter).unwrap_or(MenuKey::Char('\0'));
        if screen.press(menu, key) == OptionsReaction::Closed {
            // A broken file is written anew on closing, changed or not: the screen is
            // what the notices send the player to for a good one.
            let changed = (screen.changed || !self.options.problems.is_empty())
                .then(|| screen.options.clone());
            self.screen.0 = None;
            if keyboard.shows(Overlay::Options) {
                keyboard.overlay = None;
            }
            return OptionsTook::Closed(match changed {
                Some(options) => self.change_to(options),
                None => "Options unchanged.".to_owned(),
            });
        }
        OptionsTook::Yes
    }

    /// Opens the screen over the options in force (the title's Options).
    pub fn open(&mut self) {
        self.screen.0 = Some(OptionsScreen::new(self.options.options.clone()));
    }
}

/// Opens the screen when `O` opened the Options overlay in play.
fn open_the_options_screen(keyboard: Res<Keyboard>, mut keys: OptionsKeys) {
    if keyboard.shows(Overlay::Options) && keys.screen.0.is_none() {
        keys.open();
    }
}

/// The window's zoom after Ctrl + (`closer`) or Ctrl − from `zoom` (0: fitted to the
/// window, which `fitted` is): one step, within 1 and the largest.
pub fn zoomed(zoom: u32, fitted: u32, closer: bool) -> u32 {
    let now = if zoom == 0 { fitted } else { zoom };
    if closer {
        (now + 1).min(delve_rules::options::MOST_ZOOM)
    } else {
        now.saturating_sub(1).max(1)
    }
}

/// Tells what was wrong with the options file, once, when a run is on screen.
fn tell_option_problems(
    run: Option<Res<RunModel>>,
    mut options: ResMut<PlayerOptions>,
    mut said: MessageWriter<Notice>,
) {
    if options.told || run.is_none() || options.problems.is_empty() {
        return;
    }
    options.told = true;
    for problem in &options.problems {
        said.write(Notice(format!(
            "{problem} (the file is left as it is; the Options screen, O, saves a good one)"
        )));
    }
}

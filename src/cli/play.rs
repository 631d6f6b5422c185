//! `delve play`: the game in a window, or headless with a string of actions.

use std::path::PathBuf;

use clap::Args;

use delve::game::RunSettings;
use delve::game::headless::run_headless;
use delve::game::parse_actions;

use super::{CliError, LevelArgs, Outcome, resolve};

/// Arguments of `delve play`.
#[derive(Args, Debug, Default)]
pub struct PlayArgs {
    #[command(flatten)]
    level: LevelArgs,
    /// Run without a window: apply --actions, then print the final state as RON.
    #[arg(long)]
    headless: bool,
    /// Actions for a headless run, the same letters as the keys: hjklyubn move, `.` waits,
    /// `>` `<` take stairs, `g` picks up, `R` regenerates, `1` `2` `3` switch to
    /// cave/rooms/maze, `+` `-` change a cave's walls, `s` steps the automaton (Space),
    /// `K` shows the key. Whitespace is ignored.
    #[arg(long, requires = "headless", default_value = "")]
    actions: String,
    /// Load this save before playing (headless).
    #[arg(long, requires = "headless")]
    load: Option<PathBuf>,
    /// Save the final state here (headless).
    #[arg(long, requires = "headless")]
    save: Option<PathBuf>,
    /// Where F5 saves and F9 loads in the window.
    #[arg(long, default_value = "delve.sav")]
    save_file: PathBuf,
}

/// Largest level the game will show (the CLI `gen` handles any validated size).
pub const MAX_PLAY_TILES: u64 = 1024 * 1024;

/// Runs `delve play`.
pub fn run(args: PlayArgs) -> Result<Outcome, CliError> {
    let mut campaign = resolve::campaign(&args.level)?;
    let explicit_start = args.level.key.is_some()
        || args.level.kind.is_some()
        || args.level.depth.is_some()
        || args.level.width.is_some()
        || args.level.height.is_some();
    let start = if explicit_start || args.level.seed.is_some() {
        Some(resolve::level_key_in(&args.level, &campaign)?)
    } else {
        None
    };
    if let (Some(seed), None) = (args.level.seed, &args.level.key) {
        campaign.seed = seed;
    }
    if let Some(key) = &start {
        let (w, h) = key.config.size();
        if w as u64 * h as u64 > MAX_PLAY_TILES {
            return Err(CliError(format!(
                "a {w}x{h} level is too large to play (at most {MAX_PLAY_TILES} tiles); `delve gen` can still make it"
            )));
        }
    }
    let start = if explicit_start { start } else { None };
    let settings = RunSettings {
        campaign,
        start,
        save_path: args.save_file.clone(),
    };
    if args.headless {
        let actions = parse_actions(&args.actions)?;
        let state = run_headless(settings, args.load, &actions, args.save)?;
        let text = ron::ser::to_string_pretty(&state, ron::ser::PrettyConfig::default())
            .map_err(|e| CliError(e.to_string()))?;
        super::print_out(&format!("{text}\n"))?;
        return Ok(Outcome::Done);
    }
    play_in_window(settings)
}

#[cfg(feature = "render")]
fn play_in_window(settings: RunSettings) -> Result<Outcome, CliError> {
    match delve::render::play(settings) {
        bevy::app::AppExit::Success => Ok(Outcome::Done),
        bevy::app::AppExit::Error(code) => {
            Err(CliError(format!("the game stopped with error code {code}")))
        }
    }
}

#[cfg(not(feature = "render"))]
fn play_in_window(_settings: RunSettings) -> Result<Outcome, CliError> {
    Err(CliError(
        "this delve was built without the `render` feature; use `delve play --headless`, or build with default features".into(),
    ))
}

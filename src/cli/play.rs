//! `delve play`: the game in a window, or headless with a string of actions.

use std::path::PathBuf;
use std::sync::Arc;

use clap::{Args, FromArgMatches};

use bevy_delve::game::headless::run_headless;
use bevy_delve::game::parse_actions;
use bevy_delve::game::title::{daily_origin, title_for};
use bevy_delve::game::{RecordTo, ResumedRun, RunSettings};
use delve_rules::records::DataDir;
use delve_rules::records::slot::SaveSlot;
use delve_rules::records::storage::Storage;
use delve_rules::run::{Rules, RunOrigin, check_play_size};

use super::{CliError, LevelArgs, Outcome, resolve};

/// Arguments of `delve play`. Their defaults live in the clap attributes alone: the bare
/// `delve` gets them from [`PlayArgs::defaults`].
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    level: LevelArgs,
    /// Run without a window: apply --actions, then print the final state as RON.
    #[arg(long, conflicts_with = "tui")]
    headless: bool,
    /// Play in this terminal instead of a window (also what `delve` does when there is
    /// no display and it runs in a terminal).
    #[arg(long)]
    tui: bool,
    /// Actions for a headless run, the same letters as the keys: hjklyubn move, `.` waits,
    /// `>` `<` take stairs, `g` picks up, `R` regenerates, `1` `2` `3` switch to
    /// cave/rooms/maze, `+` `-` change a cave's walls, `s` steps the automaton (Space),
    /// `K` shows the key. Whitespace is ignored.
    #[arg(long, requires = "headless", default_value = "")]
    actions: String,
    /// Go on with the run saved in this file (in the window or headless). The save knows
    /// its campaign, seed, levels and loot table, so it cannot be combined with CONFIG,
    /// --key, --seed, --kind, --depth, --width, --height or --loot.
    #[arg(
        long,
        conflicts_with_all = ["config", "key", "seed", "kind", "depth", "width", "height", "loot"]
    )]
    load: Option<PathBuf>,
    /// No monsters: walk the levels in peace (no hit points, no way to win or die).
    #[arg(long, conflicts_with = "load")]
    peaceful: bool,
    /// Save the final state here (headless).
    #[arg(long, requires = "headless")]
    save: Option<PathBuf>,
    /// The save slot: where quitting saves the run in progress, F5 (or `S`) saves, and F9
    /// (or `L`) and Continue load. Default: `delve.sav` in the data folder.
    #[arg(long)]
    save_file: Option<PathBuf>,
    /// delve's data folder: the save slot, morgue files, recordings and the run history. Default:
    /// $DELVE_DATA_DIR, else the platform's (`~/.local/share/delve` on Linux). A headless
    /// run keeps records only when given one.
    #[arg(long, value_name = "DIR")]
    data_dir: Option<PathBuf>,
    /// Start at once, without the title screen (a fresh run, or the saved one if you
    /// answer `y`). Any explicit start (CONFIG, --seed, --key, --load, --daily, …) skips
    /// the title screen too.
    #[arg(long)]
    no_menu: bool,
    /// Play today's daily run: the master seed of the UTC date, the same for everyone,
    /// with a board of its own in the history (a second run of a day is marked a replay).
    #[arg(long, conflicts_with_all = ["config", "key", "seed", "load"])]
    daily: bool,
    /// Record the run here: its start and every action with a check of the state, for
    /// `delve replay`. A recording starts from a campaign or a key, so it cannot be
    /// combined with --load (load inside the run with F9 or `L` instead).
    #[arg(long, conflicts_with = "load")]
    record: Option<PathBuf>,
    /// Do not record the run. Without this every run played with a data folder is
    /// recorded there as it goes, and its recording kept beside its morgue file.
    #[arg(long, conflicts_with = "record")]
    no_record: bool,
    /// Live reload, for designers: the run follows CONFIG as it is edited. Each save of
    /// the file (or of the loot or monster table it names) makes the level in play
    /// again from the same seed and depth where the change touches it, the player kept in
    /// place; a broken save is told on the status line and the level stays.
    #[arg(
        long,
        requires = "config",
        conflicts_with_all = ["load", "key", "kind", "width", "height", "record", "headless", "loot"]
    )]
    watch: bool,
}

impl PlayArgs {
    /// What `delve play` with no arguments means: every default as clap gives it, so
    /// that the bare `delve` saves to the same `delve.sav` as `delve play`.
    pub fn defaults() -> PlayArgs {
        let command = <PlayArgs as Args>::augment_args(clap::Command::new("play"));
        let matches = command.get_matches_from(["play"]);
        // No user input reaches this: it parses the empty command line.
        PlayArgs::from_arg_matches(&matches).expect("`delve play` needs no arguments")
    }
}

/// Runs `delve play`.
pub fn run(args: PlayArgs) -> Result<Outcome, CliError> {
    let mut campaign = resolve::campaign(&args.level)?;
    // A new game is a new dungeon: a run started without a config, a seed or a key
    // takes a fresh master seed, drawn once here at the edge (the HUD, the end screen,
    // saves and recordings show it, so the run stays reproducible). A config's own
    // seed stands; --seed overrides it.
    let fresh = args.level.config.is_none()
        && args.level.seed.is_none()
        && args.level.key.is_none()
        && args.load.is_none()
        && !args.daily;
    if fresh {
        campaign.seed = delve_rules::records::daily::fresh_seed();
    }
    let records = match &args.data_dir {
        Some(dir) => Some(DataDir::at(dir)),
        // Scripts and tests run headless: their runs leave no records unless asked.
        None if args.headless
            && std::env::var_os(delve_rules::records::DATA_DIR_VARIABLE).is_none() =>
        {
            None
        }
        None => DataDir::platform(),
    };
    let save_path = match (&args.save_file, &records) {
        (Some(path), _) => path.clone(),
        (None, Some(dir)) => dir.save_slot(),
        (None, None) => PathBuf::from("delve.sav"),
    };
    if let Some(parent) = save_path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| {
            CliError(format!(
                "{}: cannot create the folder: {e}",
                parent.display()
            ))
        })?;
    }
    let save_slot = SaveSlot::file(save_path);
    // Every depth of the run follows --kind, --width and --height, not only the first.
    if let Some(kind) = args.level.kind {
        campaign = campaign.with_kind(kind);
    }
    if args.level.width.is_some() || args.level.height.is_some() {
        campaign = campaign
            .with_size(args.level.width, args.level.height)
            .map_err(|(index, e)| {
                CliError(format!(
                    "--width/--height do not fit depth {} ({}): {e}",
                    index + 1,
                    campaign.depths[index].kind()
                ))
            })?;
    }
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
        check_play_size(&key.config)
            .map_err(|e| CliError(format!("{e}; `delve gen` can still make it")))?;
    }
    for (index, config) in campaign.depths.iter().enumerate() {
        check_play_size(config)
            .map_err(|e| CliError(format!("depth {} of the campaign: {e}", index + 1)))?;
    }
    let start = if explicit_start { start } else { None };
    let resume = match &args.load {
        Some(path) => Some(
            ResumedRun::load(&SaveSlot::file(path))
                .map_err(|e| CliError(format!("--load: {e}")))?,
        ),
        None => None,
    };
    let started = Some(delve_rules::records::daily::now_text());
    let mut origin = RunOrigin {
        started: started.clone(),
        // A seed the player named: a config's own, --seed, or a key's.
        seeded: !fresh && !args.daily,
        ..RunOrigin::default()
    };
    if args.daily {
        let day = delve_rules::records::daily::today();
        campaign.seed = delve_rules::records::daily::daily_seed(day);
        origin = RunOrigin {
            started,
            ..RunOrigin::default()
        };
        origin.daily = Some(delve_rules::records::daily::day_text(day));
    }
    // The title screen, for a plain `delve` in a window or a terminal.
    let menu = fresh
        && !args.headless
        && !explicit_start
        && !args.no_menu
        && !args.daily
        && args.record.is_none()
        && !args.watch;
    // Any start without the menu (a fresh one, --seed, --key, a config, --daily) with a
    // run in progress in the save slot offers to continue it: saving the new run would
    // put the saved one away for good. The menu asks on its own; a headless run
    // answers no questions, and --load names the run to play.
    let offer_to_continue =
        !menu && !args.headless && args.load.is_none() && ResumedRun::in_progress(&save_slot);
    let mut settings = RunSettings {
        campaign,
        start,
        resume,
        rules: if args.peaceful {
            Rules::Peaceful
        } else {
            Rules::Monsters
        },
        save_slot,
        record: match &args.record {
            Some(path) => RecordTo::File(path.clone()),
            // A run that follows its campaign file as it is edited cannot be replayed.
            None if args.no_record || args.watch => RecordTo::Nowhere,
            None => RecordTo::Records,
        },
        offer_to_continue,
        records: records.map(|dir| Arc::new(dir.storage()) as Arc<dyn Storage>),
        origin,
        title: None,
    };
    if args.daily {
        let day = delve_rules::records::daily::today();
        settings.origin = daily_origin(day, &settings, settings.origin.started.clone());
    }
    if menu {
        settings.title = Some(title_for(&settings));
    }
    if args.headless {
        let actions = parse_actions(&args.actions)?;
        let state = run_headless(settings, &actions, args.save)?;
        let text = ron::ser::to_string_pretty(&state, ron::ser::PrettyConfig::default())
            .map_err(|e| CliError(e.to_string()))?;
        super::print_out(&format!("{text}\n"))?;
        return Ok(Outcome::Done);
    }
    let follow = if args.watch {
        args.level.config.clone()
    } else {
        None
    };
    if follow.is_some() && cfg!(not(feature = "watch")) {
        return Err(CliError(
            "--watch: this delve was built without the `watch` feature".into(),
        ));
    }
    if args.tui {
        return play_in_terminal(settings, follow);
    }
    match missing_display() {
        None => play_in_window(settings, follow),
        Some(problem) if in_a_terminal() => {
            eprintln!(
                "delve: {problem}: playing in this terminal (`delve play --tui` does so on purpose)."
            );
            play_in_terminal(settings, follow)
        }
        Some(problem) => Err(CliError(format!(
            "{problem}. Set DISPLAY to a running X server, start a virtual one (`Xvfb :99 &` then `DISPLAY=:99 delve`, see the README), play in a terminal (`delve play --tui`), or play without a window: `delve play --headless --actions \"…\"`"
        ))),
    }
}

/// Whether stdin and stdout are both a terminal (so the terminal front end can run).
fn in_a_terminal() -> bool {
    use std::io::IsTerminal;
    cfg!(feature = "tui") && std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}

/// Plays the run in this terminal (following the campaign file `follow`, if given).
#[cfg(feature = "tui")]
fn play_in_terminal(settings: RunSettings, follow: Option<PathBuf>) -> Result<Outcome, CliError> {
    if !in_a_terminal() {
        return Err(CliError(
            "--tui needs a terminal: stdin and stdout must both be one (not a pipe or a file)"
                .into(),
        ));
    }
    let exit = match follow {
        #[cfg(feature = "watch")]
        Some(file) => bevy_delve::tui::play_following(settings, &file),
        _ => bevy_delve::tui::play(settings),
    };
    match exit {
        bevy::app::AppExit::Success => Ok(Outcome::Done),
        bevy::app::AppExit::Error(code) => {
            Err(CliError(format!("the game stopped with error code {code}")))
        }
    }
}

#[cfg(not(feature = "tui"))]
fn play_in_terminal(_settings: RunSettings, _follow: Option<PathBuf>) -> Result<Outcome, CliError> {
    Err(CliError(
        "this delve was built without the `tui` feature; use the window or `delve play --headless`"
            .into(),
    ))
}

/// Why no window can open here, if that is known before trying: no display to open
/// it on (or no window in this build). Without this check winit panics with a backtrace.
fn missing_display() -> Option<String> {
    if cfg!(not(feature = "render")) {
        return Some("this delve was built without the window (the `render` feature)".into());
    }
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    if !set("DISPLAY") && !set("WAYLAND_DISPLAY") {
        return Some("there is no display to open the game window on (neither DISPLAY nor WAYLAND_DISPLAY is set)".into());
    }
    // A local X display (":N") whose server socket is missing is no display either.
    if !set("WAYLAND_DISPLAY")
        && let Some(display) = std::env::var("DISPLAY").ok()
        && let Some(number) = display.strip_prefix(':')
    {
        let number = number.split('.').next().unwrap_or(number);
        let socket = std::path::Path::new("/tmp/.X11-unix").join(format!("X{number}"));
        if cfg!(target_os = "linux") {
            if !socket.exists() {
                return Some(format!(
                    "DISPLAY is {display}, but no X server listens there ({} is missing)",
                    socket.display()
                ));
            }
            if let Some(problem) = stale_socket(&socket) {
                return Some(format!(
                    "DISPLAY is {display}, but no X server listens there ({}: {problem})",
                    socket.display()
                ));
            }
        }
    }
    None
}

/// Why nothing answers on the X server's socket `socket`, if nothing does (a server
/// that died leaves its socket behind: connecting is refused).
#[cfg(unix)]
fn stale_socket(socket: &std::path::Path) -> Option<String> {
    match std::os::unix::net::UnixStream::connect(socket) {
        Err(e) if e.kind() == std::io::ErrorKind::ConnectionRefused => {
            Some("left by a server that is gone: connecting is refused".into())
        }
        _ => None,
    }
}

#[cfg(not(unix))]
fn stale_socket(_socket: &std::path::Path) -> Option<String> {
    None
}

#[cfg(feature = "render")]
fn play_in_window(settings: RunSettings, follow: Option<PathBuf>) -> Result<Outcome, CliError> {
    let exit = match follow {
        #[cfg(feature = "watch")]
        Some(file) => bevy_delve::render::play_following(settings, &file),
        _ => bevy_delve::render::play(settings),
    };
    match exit {
        bevy::app::AppExit::Success => Ok(Outcome::Done),
        bevy::app::AppExit::Error(code) => {
            Err(CliError(format!("the game stopped with error code {code}")))
        }
    }
}

/// Watches a recording (`delve replay --watch`, from the file `shown`): in this terminal
/// when `tui` is asked for or there is no display and this is a terminal, else in the
/// window. A recording that does not replay is refused before anything opens: it is
/// played through once, every step checked, first.
pub fn watch(
    recording: delve_rules::run::record::Recording,
    speed: f32,
    tui: bool,
    shown: &str,
) -> Result<Outcome, CliError> {
    let playback = delve_rules::run::record::Playback::open(recording, f64::from(speed))
        .map_err(|e| CliError(format!("{shown}: {e}")))?;
    if !tui {
        match missing_display() {
            // Without a terminal either, the window says why it cannot open.
            Some(problem) if in_a_terminal() => eprintln!(
                "delve: {problem}: watching in this terminal (`--tui` does so on purpose)."
            ),
            _ => return watch_in_window(playback),
        }
    }
    watch_in_terminal(playback)
}

/// Watches a recording in this terminal.
#[cfg(feature = "tui")]
fn watch_in_terminal(playback: delve_rules::run::record::Playback) -> Result<Outcome, CliError> {
    if !in_a_terminal() {
        return Err(CliError(
            "--tui needs a terminal: stdin and stdout must both be one (not a pipe or a file)"
                .into(),
        ));
    }
    match bevy_delve::tui::watch_recording(playback) {
        bevy::app::AppExit::Success => Ok(Outcome::Done),
        bevy::app::AppExit::Error(code) => Err(CliError(format!(
            "the watch stopped with error code {code}"
        ))),
    }
}

/// Watches a recording in this terminal: not in a build without it.
#[cfg(not(feature = "tui"))]
fn watch_in_terminal(_playback: delve_rules::run::record::Playback) -> Result<Outcome, CliError> {
    Err(CliError(
        "this delve was built without the `tui` feature; watch in the window".into(),
    ))
}

/// Watches a recording in the window (`delve replay --watch`).
#[cfg(feature = "render")]
fn watch_in_window(playback: delve_rules::run::record::Playback) -> Result<Outcome, CliError> {
    if let Some(problem) = missing_display() {
        return Err(CliError(format!(
            "{problem}. Set DISPLAY to a running X server, or replay without a window: `delve replay FILE`"
        )));
    }
    match bevy_delve::render::watch_recording(playback) {
        bevy::app::AppExit::Success => Ok(Outcome::Done),
        bevy::app::AppExit::Error(code) => {
            Err(CliError(format!("the game stopped with error code {code}")))
        }
    }
}

/// Plays a recording back in the window: not in a build without it.
#[cfg(not(feature = "render"))]
fn watch_in_window(_playback: delve_rules::run::record::Playback) -> Result<Outcome, CliError> {
    Err(CliError(
        "this delve was built without the `render` feature; replay without --watch".into(),
    ))
}

#[cfg(not(feature = "render"))]
fn play_in_window(_settings: RunSettings, _follow: Option<PathBuf>) -> Result<Outcome, CliError> {
    Err(CliError(
        "this delve was built without the `render` feature; use `delve play --headless`, or build with default features".into(),
    ))
}

//! A hidden hook for the window smoke test (`tests/window.rs`). With `DELVE_SMOKE_TEST`
//! set to a folder, the game screenshots itself (Bevy's own `Screenshot`) once the first
//! level is on screen, writes `ready` naming the keys that would move the player, waits
//! for a move made by a real key press from outside (`moved`), then for a save (F5,
//! `saved`) and a load (F9, `loaded`) asked for the same way; then names a tile and
//! where it is in the window (`point`), waits for the real pointer to hover it (the
//! description and the way there shown: `hovered`, `hover.png`) and for a real click to
//! travel there (`travelled`); screenshots again and quits. Without the variable none of
//! this is added.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::RequestRedraw;

use super::AppSystems;
use super::tilemap::{ShownMap, world_position};
use crate::game::Screen;
use crate::game::title::Title;
use crate::game::{
    GridPos, Keyboard, NoticeLog, Player, PlayerAction, Pointer, RunLoaded, RunModel,
};
use delve_levels::grid::Pos;
use delve_rules::run::RunState;
use delve_rules::view::{Mark, prompt_line};

/// The variable naming the folder for the smoke test's screenshots and progress files.
pub(crate) const SMOKE_TEST_VAR: &str = "DELVE_SMOKE_TEST";

/// Frames to let the level (and, later, the camera) settle before a screenshot.
const SETTLE_FRAMES: u32 = 30;
/// Give up (and exit with an error) after this long.
const TIMEOUT: Duration = Duration::from_secs(120);

/// Runs the smoke test script, writing into `dir`.
pub(crate) struct SmokeTestPlugin {
    /// Where the screenshots and progress files go.
    pub dir: PathBuf,
}

impl Plugin for SmokeTestPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(SmokeTest {
            dir: self.dir.clone(),
            phase: Phase::Settle(0),
            shots_saved: 0,
            title_shots: 0,
            started: Instant::now(),
        })
        .add_systems(
            Update,
            (shoot_the_title, drive_smoke_test).after(AppSystems::UpdateHud),
        );
    }
}

/// While the title screen is up: a screenshot of it (`title.png`) once it has settled,
/// then `title` naming the selected item, for the test to choose with a real key.
fn shoot_the_title(
    mut commands: Commands,
    screen: Res<State<Screen>>,
    title: Option<Res<Title>>,
    smoke: Res<SmokeTest>,
    mut frames: Local<u32>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(title) = title.filter(|_| *screen.get() == Screen::Title) else {
        return;
    };
    if *frames == u32::MAX {
        return; // shot and told
    }
    redraw.write(RequestRedraw);
    *frames += 1;
    if *frames == SETTLE_FRAMES {
        take_screenshot_counted(&mut commands, smoke.dir.join("title.png"), |smoke| {
            smoke.title_shots += 1;
        });
    }
    if *frames > SETTLE_FRAMES && smoke.title_shots >= 1 {
        let selected = title.0.selected().label().0;
        write_file(&smoke.dir, "title", &format!("selected {selected}\n"));
        *frames = u32::MAX;
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Counting frames with a level on screen.
    Settle(u32),
    /// The first screenshot is being taken.
    FirstShot,
    /// Waiting for the player to move by a key press.
    WaitForMove { from: Pos, turns: u64 },
    /// Waiting for F5's save to be reported (notices from `seen` on are new).
    WaitForSave { seen: usize },
    /// Waiting for F9's load to be reported (notices from `seen` on are new, until
    /// the load replaces the log).
    WaitForLoad { seen: usize },
    /// Counting frames after the load.
    SettleAfterLoad(u32),
    /// Waiting for the pointer to hover the tile named in `point`.
    WaitForHover { target: Pos },
    /// The hover's screenshot is being taken.
    HoverShot { target: Pos },
    /// Waiting for a click to bring the player there.
    WaitForTravel { target: Pos },
    /// Counting frames after the travel (the camera glides after the player).
    SettleAfterTravel(u32),
    /// The second screenshot is being taken.
    SecondShot,
    /// Finished; the app is exiting.
    Done,
}

#[derive(Resource, Debug)]
struct SmokeTest {
    dir: PathBuf,
    phase: Phase,
    shots_saved: u32,
    /// Screenshots of the title screen saved.
    title_shots: u32,
    started: Instant,
}

/// Writes a progress file whole (via a temporary name), so the test never reads half.
fn write_file(dir: &Path, name: &str, text: &str) {
    let tmp = dir.join(format!("{name}.tmp"));
    if let Err(e) = std::fs::write(&tmp, text).and_then(|()| std::fs::rename(&tmp, dir.join(name)))
    {
        error!("smoke test: cannot write {name}: {e}");
    }
}

fn take_screenshot(commands: &mut Commands, path: PathBuf) {
    take_screenshot_counted(commands, path, |smoke| smoke.shots_saved += 1);
}

/// Takes a screenshot into `path`; `count` notes it saved.
fn take_screenshot_counted(commands: &mut Commands, path: PathBuf, count: fn(&mut SmokeTest)) {
    let mut save = save_to_disk(path);
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut smoke: ResMut<SmokeTest>| {
            save(captured);
            count(&mut smoke);
        },
    );
}

/// Ends the script with an error: writes `failed` with the reason and exits.
fn fail(dir: &Path, exit: &mut MessageWriter<AppExit>, reason: &str) -> Phase {
    write_file(dir, "failed", &format!("{reason}\n"));
    error!("smoke test: {reason}");
    exit.write(AppExit::error());
    Phase::Done
}

/// The vi keys that would move the player from `at` onto walkable ground.
fn keys_that_move(run: &RunState, at: Pos) -> Vec<char> {
    "hjklyubn"
        .chars()
        .filter(|&key| {
            matches!(
                delve_rules::view::action_for_char(key),
                Some(PlayerAction::Move(dx, dy)) if run.level().level.tiles.is_walkable(at.offset(dx, dy))
            )
        })
        .collect()
}

/// The first notice from index `seen` on that starts with one of `prefixes`.
fn new_notice<'a>(log: &'a NoticeLog, seen: usize, prefixes: &[&str]) -> Option<&'a str> {
    log.entries
        .get(seen..)?
        .iter()
        .map(|n| n.text.as_str())
        .find(|text| prefixes.iter().any(|p| text.starts_with(p)))
}

/// What the script reads of the game.
#[derive(SystemParam)]
struct GameView<'w, 's> {
    run: Option<Res<'w, RunModel>>,
    player: Single<'w, 's, &'static GridPos, With<Player>>,
    log: Res<'w, NoticeLog>,
    pointer: Res<'w, Pointer>,
    keyboard: Res<'w, Keyboard>,
    shown: Res<'w, ShownMap>,
    camera: Single<'w, 's, (&'static Camera, &'static GlobalTransform), With<Camera2d>>,
}

/// A floor tile the player remembers, 4 to 6 steps away by travel and on screen, to
/// point at and click; and where its centre is in the window, in logical pixels.
fn tile_to_point_at(run: &RunState, camera: (&Camera, &GlobalTransform)) -> Option<(Pos, Vec2)> {
    let tiles = &run.level().level.tiles;
    let height = tiles.height() as u32;
    tiles.positions().find_map(|pos| {
        let steps = run.route_to(pos)?.steps.len();
        let plain =
            tiles[pos] == delve_levels::grid::Tile::Floor && run.level().monster_at(pos).is_none();
        if !(4..=6).contains(&steps) || !plain {
            return None;
        }
        let world = world_position(pos, height).extend(0.0);
        let pixel = camera.0.world_to_viewport(camera.1, world).ok()?;
        // Clear of the status bar at the top and the notices at the bottom.
        let size = camera.0.logical_viewport_size()?;
        let inside = pixel.x > 40.0
            && pixel.y > 80.0
            && pixel.x < size.x - 360.0
            && pixel.y < size.y - 140.0;
        inside.then_some((pos, pixel))
    })
}

fn drive_smoke_test(
    mut commands: Commands,
    mut smoke: ResMut<SmokeTest>,
    game: GameView,
    mut exit: MessageWriter<AppExit>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut loads: MessageReader<RunLoaded>,
) {
    let GameView {
        run,
        player,
        log,
        pointer,
        keyboard,
        shown,
        camera,
    } = game;
    if smoke.phase != Phase::Done && smoke.started.elapsed() > TIMEOUT {
        let message = format!("timed out in phase {:?}\n", smoke.phase);
        write_file(&smoke.dir, "failed", &message);
        error!("smoke test: {message}");
        smoke.phase = Phase::Done;
        exit.write(AppExit::error());
        return;
    }
    let Some(run) = run else {
        return;
    };
    let turns = run.turns();
    // The window draws on input only; while counting frames or taking a screenshot the
    // script itself asks for the next frame.
    if matches!(
        smoke.phase,
        Phase::Settle(_)
            | Phase::FirstShot
            | Phase::SettleAfterLoad(_)
            | Phase::HoverShot { .. }
            | Phase::SettleAfterTravel(_)
            | Phase::SecondShot
    ) {
        redraw.write(RequestRedraw);
    }
    let dir = smoke.dir.clone();
    smoke.phase = match smoke.phase {
        Phase::Settle(frames) if frames < SETTLE_FRAMES => Phase::Settle(frames + 1),
        Phase::Settle(_) => {
            take_screenshot(&mut commands, dir.join("before.png"));
            Phase::FirstShot
        }
        Phase::FirstShot if smoke.shots_saved >= 1 => {
            let keys: String = keys_that_move(&run, player.0).into_iter().collect();
            write_file(
                &dir,
                "ready",
                &format!("keys {keys}\nposition {}\nturns {}\n", player.0, turns),
            );
            info!("smoke test: first screenshot saved; waiting for one of the keys {keys:?}");
            Phase::WaitForMove {
                from: player.0,
                turns,
            }
        }
        Phase::WaitForMove {
            from,
            turns: before,
        } if player.0 != from || turns != before => {
            write_file(
                &dir,
                "moved",
                &format!("from {from} to {}\nturns {before} -> {}\n", player.0, turns),
            );
            Phase::WaitForSave {
                seen: log.entries.len(),
            }
        }
        Phase::WaitForSave { seen } => match new_notice(&log, seen, &["Saved", "Save failed"]) {
            Some(text) if text.starts_with("Saved") => {
                write_file(&dir, "saved", &format!("{text}\n"));
                Phase::WaitForLoad {
                    seen: log.entries.len(),
                }
            }
            Some(text) => fail(&dir, &mut exit, text),
            None => Phase::WaitForSave { seen },
        },
        // A load replaces the log with the loaded run's own, whose newest "Loaded" is
        // this load's (an earlier one may be there too: a run continued from the title).
        Phase::WaitForLoad { seen } if loads.read().count() > 0 => {
            let text = log
                .entries
                .iter()
                .rev()
                .map(|n| n.text.as_str())
                .find(|text| text.starts_with("Loaded"))
                .unwrap_or("Loaded (no notice)");
            write_file(&dir, "loaded", &format!("{text}\nposition {}\n", player.0));
            let _ = seen;
            Phase::SettleAfterLoad(0)
        }
        Phase::WaitForLoad { seen } => match new_notice(&log, seen, &["Cannot load"]) {
            Some(text) => fail(&dir, &mut exit, text),
            None => Phase::WaitForLoad { seen },
        },
        Phase::SettleAfterLoad(frames) if frames < SETTLE_FRAMES => {
            Phase::SettleAfterLoad(frames + 1)
        }
        Phase::SettleAfterLoad(_) => match tile_to_point_at(&run, *camera) {
            Some((target, pixel)) => {
                write_file(
                    &dir,
                    "point",
                    &format!(
                        "tile {target}\npixel {} {}\n",
                        pixel.x.round(),
                        pixel.y.round()
                    ),
                );
                Phase::WaitForHover { target }
            }
            None => fail(&dir, &mut exit, "no tile 4 to 6 steps away on screen"),
        },
        Phase::WaitForHover { target } if pointer.0 == Some(target) => {
            let line = prompt_line(&run, &keyboard, pointer.0).unwrap_or_default();
            let marked = |mark| {
                shown
                    .cells()
                    .iter()
                    .filter(|t| t.mark == Some(mark))
                    .count()
            };
            write_file(
                &dir,
                "hovered",
                &format!(
                    "line {line}\nroute {}\ncursor {}\n",
                    marked(Mark::Route),
                    marked(Mark::Cursor)
                ),
            );
            take_screenshot(&mut commands, dir.join("hover.png"));
            Phase::HoverShot { target }
        }
        Phase::HoverShot { target } if smoke.shots_saved >= 2 => Phase::WaitForTravel { target },
        Phase::WaitForTravel { target } if player.0 == target => {
            // The newest notices: a click travels once ("You are already there." would say it
            // came twice).
            let said: Vec<&str> = (log.entries.iter().rev().take(3))
                .map(|n| n.text.as_str())
                .collect();
            write_file(
                &dir,
                "travelled",
                &format!(
                    "position {}\nturns {turns}\nsaid {}\n",
                    player.0,
                    said.join(" | ")
                ),
            );
            Phase::SettleAfterTravel(0)
        }
        Phase::SettleAfterTravel(frames) if frames < SETTLE_FRAMES => {
            Phase::SettleAfterTravel(frames + 1)
        }
        Phase::SettleAfterTravel(_) => {
            take_screenshot(&mut commands, dir.join("after.png"));
            Phase::SecondShot
        }
        Phase::SecondShot if smoke.shots_saved >= 3 => {
            write_file(&dir, "done", "ok\n");
            info!("smoke test: done");
            exit.write(AppExit::Success);
            Phase::Done
        }
        phase => phase,
    };
}

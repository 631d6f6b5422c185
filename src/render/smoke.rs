//! A hidden hook for the window smoke test (`tests/window.rs`). With `DELVE_SMOKE_TEST`
//! set to a folder, the game screenshots itself (Bevy's own `Screenshot`) once the first
//! level is on screen, writes `ready` naming the keys that would move the player, waits
//! for a move made by a real key press from outside, screenshots again and quits.
//! Without the variable none of this is added.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use super::AppSystems;
use crate::game::level::PendingLevel;
use crate::game::{CurrentLevel, GridPos, Player, PlayerAction, Turns};
use crate::grid::Pos;

/// The variable naming the folder for the smoke test's screenshots and progress files.
pub const SMOKE_TEST_VAR: &str = "DELVE_SMOKE_TEST";

/// Frames to let the level (and, later, the camera) settle before a screenshot.
const SETTLE_FRAMES: u32 = 30;
/// Give up (and exit with an error) after this long.
const TIMEOUT: Duration = Duration::from_secs(120);

/// Runs the smoke test script, writing into `dir`.
pub struct SmokeTestPlugin {
    /// Where the screenshots and progress files go.
    pub dir: PathBuf,
}

impl Plugin for SmokeTestPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(SmokeTest {
            dir: self.dir.clone(),
            phase: Phase::Settle(0),
            shots_saved: 0,
            started: Instant::now(),
        })
        .add_systems(Update, drive_smoke_test.after(AppSystems::UpdateHud));
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
    /// Counting frames after the move.
    SettleAfterMove(u32),
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
    let mut save = save_to_disk(path);
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut smoke: ResMut<SmokeTest>| {
            save(captured);
            smoke.shots_saved += 1;
        },
    );
}

/// The vi keys that would move the player from `at` onto walkable ground.
fn keys_that_move(current: &CurrentLevel, at: Pos) -> Vec<char> {
    "hjklyubn"
        .chars()
        .filter(|&key| {
            matches!(
                PlayerAction::from_char(key),
                Some(PlayerAction::Move(dx, dy)) if current.level.tiles.is_walkable(at.offset(dx, dy))
            )
        })
        .collect()
}

fn drive_smoke_test(
    mut commands: Commands,
    mut smoke: ResMut<SmokeTest>,
    current: Option<Res<CurrentLevel>>,
    pending: Res<PendingLevel>,
    player: Single<&GridPos, With<Player>>,
    turns: Res<Turns>,
    mut exit: MessageWriter<AppExit>,
) {
    if smoke.phase != Phase::Done && smoke.started.elapsed() > TIMEOUT {
        let message = format!("timed out in phase {:?}\n", smoke.phase);
        write_file(&smoke.dir, "failed", &message);
        error!("smoke test: {message}");
        smoke.phase = Phase::Done;
        exit.write(AppExit::error());
        return;
    }
    let Some(current) = current else {
        return;
    };
    let dir = smoke.dir.clone();
    smoke.phase = match smoke.phase {
        Phase::Settle(frames) if pending.0.is_some() => Phase::Settle(frames),
        Phase::Settle(frames) if frames < SETTLE_FRAMES => Phase::Settle(frames + 1),
        Phase::Settle(_) => {
            take_screenshot(&mut commands, dir.join("before.png"));
            Phase::FirstShot
        }
        Phase::FirstShot if smoke.shots_saved >= 1 => {
            let keys: String = keys_that_move(&current, player.0).into_iter().collect();
            write_file(
                &dir,
                "ready",
                &format!("keys {keys}\nposition {}\nturns {}\n", player.0, turns.0),
            );
            info!("smoke test: first screenshot saved; waiting for one of the keys {keys:?}");
            Phase::WaitForMove {
                from: player.0,
                turns: turns.0,
            }
        }
        Phase::WaitForMove {
            from,
            turns: before,
        } if player.0 != from || turns.0 != before => {
            write_file(
                &dir,
                "moved",
                &format!(
                    "from {from} to {}\nturns {before} -> {}\n",
                    player.0, turns.0
                ),
            );
            Phase::SettleAfterMove(0)
        }
        Phase::SettleAfterMove(frames) if frames < SETTLE_FRAMES => {
            Phase::SettleAfterMove(frames + 1)
        }
        Phase::SettleAfterMove(_) => {
            take_screenshot(&mut commands, dir.join("after.png"));
            Phase::SecondShot
        }
        Phase::SecondShot if smoke.shots_saved >= 2 => {
            write_file(&dir, "done", "ok\n");
            info!("smoke test: done");
            exit.write(AppExit::Success);
            Phase::Done
        }
        phase => phase,
    };
}

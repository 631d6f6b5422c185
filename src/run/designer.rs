//! The designer's tools, played in a run: `R` makes the level anew from a fresh seed,
//! the digits switch its generator kind, `+` and `-` change a cave's walls, and Space
//! watches a cave's automaton stage by stage. Each marks the run as a designer run.

use super::watch::{WatchStep, next_step};
use super::{Arrival, ChangeReason, Outcome, RunState, notice};
use crate::base::rng::mix64;
use crate::levels::generator::{GeneratorConfig, GeneratorKind};
use crate::levels::key::LevelKey;

impl RunState {
    /// `R`: the level made anew from a fresh seed, the player at its up stairs.
    pub(super) fn regenerate(&mut self, out: &mut Vec<Outcome>) {
        self.mark_designer();
        self.regenerations = self.regenerations.saturating_add(1);
        // Fresh seeds are 32-bit so that regenerated levels keep short keys.
        let seed = mix64(self.level.key.seed ^ mix64(self.regenerations)) >> 32;
        let key = LevelKey {
            seed,
            ..self.level.key.clone()
        };
        self.enter(key, Arrival::UpStairs, ChangeReason::Regenerate, out);
    }

    /// A digit: this depth made by the campaign's generator of `kind` instead.
    pub(super) fn switch_kind(&mut self, kind: GeneratorKind, out: &mut Vec<Outcome>) {
        self.mark_designer();
        let key = LevelKey {
            config: self.campaign.config_of_kind(kind),
            ..self.level.key.clone()
        };
        self.enter(key, Arrival::UpStairs, ChangeReason::SwitchKind, out);
    }

    /// `+` or `-`: a cave made again with `delta` more percent of walls in its fill.
    pub(super) fn adjust_walls(&mut self, delta: i32, out: &mut Vec<Outcome>) {
        self.mark_designer();
        let GeneratorConfig::Cave(cave) = &self.level.key.config else {
            out.push(notice(&format!(
                "+ and - change a cave's walls; {}.",
                how_to_get_a_cave()
            )));
            return;
        };
        let mut cave = cave.clone();
        cave.wall_percent = (cave.wall_percent as i32 + delta).clamp(0, 100) as u32;
        out.push(notice(&format!("Wall percent {}.", cave.wall_percent)));
        let key = LevelKey {
            config: GeneratorConfig::Cave(cave),
            ..self.level.key.clone()
        };
        self.enter(key, Arrival::UpStairs, ChangeReason::AdjustWalls, out);
    }

    /// Space: the next stage of watching this cave form.
    pub(super) fn step_watch(&mut self, out: &mut Vec<Outcome>) {
        self.mark_designer();
        let retries = self.level.level.report.retries;
        match next_step(&self.level.key, retries, self.watch.as_mut()) {
            WatchStep::NotACave => {
                out.push(notice(&format!(
                    "Space shows a cave forming; {}.",
                    how_to_get_a_cave()
                )));
            }
            WatchStep::Filled {
                watch,
                wall_percent,
            } => {
                self.watch = Some(watch);
                out.push(Outcome::Watching);
                out.push(notice(&format!(
                    "Random fill: {wall_percent}% walls. Space for the next pass, Esc for the finished cave."
                )));
            }
            WatchStep::Passed => {
                if let Some(watch) = &self.watch {
                    out.push(notice(&format!(
                        "Pass {} of {} of the 4-5 rule.",
                        watch.pass,
                        watch.passes()
                    )));
                }
                out.push(Outcome::Watching);
            }
            WatchStep::Finished => self.finish_watch(out),
        }
    }

    /// Ends a cave watch on the finished cave, the player where they stood.
    pub(super) fn finish_watch(&mut self, out: &mut Vec<Outcome>) {
        self.watch = None;
        let key = self.level.key.clone();
        self.enter(
            key,
            Arrival::At(self.player),
            ChangeReason::FinishWatch,
            out,
        );
    }

    /// Marks the run as a designer run (where it has a goal: a win with the tools is not
    /// a plain win).
    fn mark_designer(&mut self) {
        if self.rules.has_a_goal() {
            self.fight.designer = true;
        }
    }

    /// Whether a designer's tool was used in this run.
    pub fn designer_run(&self) -> bool {
        self.fight.designer
    }
}

/// What the cave tools tell on another kind of level: "press 1 for a cave" (the digit
/// that switches to caves).
fn how_to_get_a_cave() -> String {
    let cave = GeneratorKind::Cave;
    match cave.switch_digit() {
        Some(digit) => format!("press {digit} for {}", cave.info().with_article()),
        None => format!("switch to {}", cave.info().with_article()),
    }
}

//! The run's chronicle: what a morgue file and the run history tell of a run that its
//! rules do not need — kills by kind, the notes of its milestones (each depth's first
//! arrival, level-ups, identifications, near-death moments, loads, the end), where it
//! came from (a daily run's day, a chosen seed, when it started) and whether it was
//! reloaded after it went wrong. The rules write it as they play; saves carry it;
//! recordings' state checks leave it out (it follows from the actions, and recordings
//! made before it existed replay as they did).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{RunEnd, RunState};

/// The chronicle of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chronicle {
    /// Monsters killed, by kind name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub kills: BTreeMap<String, u32>,
    /// The milestones, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Note>,
    /// The deepest depth reached.
    #[serde(default)]
    pub deepest: u32,
    /// Where the run came from.
    #[serde(default)]
    pub origin: RunOrigin,
    /// The run was loaded from a save after it had ended or after the player lost hit
    /// points since that save: its record goes on the board of marked runs.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reloaded: bool,
}

/// Where a run came from: what its record says of its start.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunOrigin {
    /// When it started (UTC, `2026-12-02T18:30:05Z`), if a front end said so; with the
    /// seed, it tells one run from another of the same seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started: Option<String>,
    /// The day of a daily run (`2026-12-02`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<String>,
    /// The day's seed was played before: a replay of a daily run is allowed, and marked.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub replayed_daily: bool,
    /// The player chose the seed or the start key (`--seed`, `--key`, a config's seed,
    /// the title screen's Seeded): the run knows its dungeon in advance.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub seeded: bool,
}

/// One milestone of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Note {
    /// The turn it happened on.
    pub turn: u64,
    /// The depth it happened on.
    pub depth: u32,
    /// What kind of milestone.
    pub kind: NoteKind,
    /// What happened, in words.
    pub text: String,
}

/// The kinds of milestones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NoteKind {
    /// The first arrival on a depth.
    Arrived,
    /// An experience level reached.
    LevelUp,
    /// An item kind identified.
    Identified,
    /// Hit points fell to a quarter or less.
    NearDeath,
    /// A save was loaded into the run.
    Loaded,
    /// A captive was set free and joined the player.
    Freed,
    /// The run ended.
    Ended,
}

impl Chronicle {
    /// The identifications noted, oldest first: what was identified and how.
    pub(crate) fn identifications(&self) -> impl Iterator<Item = &Note> {
        self.notes
            .iter()
            .filter(|note| note.kind == NoteKind::Identified)
    }

    /// The marks the run's record carries: seeded, replayed daily, designer, reloaded.
    pub fn marks(&self, designer: bool) -> Vec<&'static str> {
        let mut marks = Vec::new();
        if self.origin.seeded {
            marks.push("seeded");
        }
        if self.origin.replayed_daily {
            marks.push("replayed daily");
        }
        if designer {
            marks.push("designer");
        }
        if self.reloaded {
            marks.push("reloaded");
        }
        marks
    }
}

/// A run's numbers before an action, to note what the action changed.
pub(super) struct Before {
    hp: u32,
    level: u32,
}

impl RunState {
    /// The run's chronicle.
    pub fn chronicle(&self) -> &Chronicle {
        &self.chronicle
    }

    /// Says where the run came from (a front end, as it starts the run).
    pub fn set_origin(&mut self, origin: RunOrigin) {
        self.chronicle.origin = origin;
    }

    /// Whether `other` is a state of this same run (same seed, same start).
    pub(crate) fn same_run_as(&self, other: &RunState) -> bool {
        self.campaign.seed == other.campaign.seed
            && self.chronicle.origin.started == other.chronicle.origin.started
    }

    /// Marks the run reloaded because `why` (a save of a run the history records as
    /// over, brought back): its record goes on the board of marked runs.
    pub fn mark_reloaded(&mut self, why: &str) {
        if !self.chronicle.reloaded {
            self.chronicle.reloaded = true;
            self.note(NoteKind::Loaded, format!("Reloaded: {why}."));
        }
    }

    /// Adds a note of `kind` at this turn and depth.
    pub(super) fn note(&mut self, kind: NoteKind, text: String) {
        self.note_on(self.depth, kind, text);
    }

    /// Adds a note of `kind` at this turn, of what happened on `depth`.
    fn note_on(&mut self, depth: u32, kind: NoteKind, text: String) {
        self.chronicle.notes.push(Note {
            turn: self.turns,
            depth,
            kind,
            text,
        });
    }

    /// Notes that `kind` (called `disguise` until now) was identified on `depth`, and
    /// `how`.
    pub(super) fn note_identified(&mut self, depth: u32, kind: usize, disguise: &str, how: &str) {
        let true_name = self.campaign.loot_table().true_name(kind);
        let text = format!(
            "Identified {} (the {disguise}) {how}.",
            super::with_article(&true_name)
        );
        self.note_on(depth, NoteKind::Identified, text);
    }

    /// Counts a kill of a `kind`.
    pub(super) fn count_kill(&mut self, kind: &str) {
        let kills = self.chronicle.kills.entry(kind.to_owned()).or_default();
        *kills = kills.saturating_add(1);
    }

    /// The numbers [`RunState::note_changes`] compares against.
    pub(super) fn before_action(&self) -> Before {
        Before {
            hp: self.fight.hp,
            level: self.fight.level,
        }
    }

    /// Notes what changed since `before`: a depth reached for the first time, levels
    /// gained, hit points fallen to a quarter or less, the end.
    pub(super) fn note_changes(&mut self, before: Before) {
        self.note_arrival();
        if !self.rules.has_monsters() {
            return;
        }
        for level in before.level + 1..=self.fight.level {
            self.note(
                NoteKind::LevelUp,
                format!(
                    "Reached experience level {level} ({} hit points).",
                    self.fight.max_hp
                ),
            );
        }
        let max = self.fight.max_hp;
        let low = |hp: u32| hp > 0 && hp * 4 <= max;
        if low(self.fight.hp) && !low(before.hp) && before.hp > self.fight.hp {
            self.note(
                NoteKind::NearDeath,
                format!("Near death: {} of {max} hit points.", self.fight.hp),
            );
        }
        if before.hp > 0 && self.end().is_some() && !self.ended_noted() {
            let text = match self.end() {
                Some(RunEnd::Won) => "Escaped the dungeon: won the run.".to_owned(),
                Some(RunEnd::Died { cause }) => format!("Died: {cause}."),
                None => return,
            };
            self.note(NoteKind::Ended, text);
        }
    }

    /// Notes the first arrival on the depth in play.
    pub(super) fn note_arrival(&mut self) {
        if self.depth > self.chronicle.deepest {
            self.chronicle.deepest = self.depth;
            let text = format!(
                "Arrived on depth {} ({}).",
                self.depth,
                self.level.key.config.kind()
            );
            self.note(NoteKind::Arrived, text);
        }
    }

    fn ended_noted(&self) -> bool {
        self.chronicle
            .notes
            .last()
            .is_some_and(|note| note.kind == NoteKind::Ended)
    }

    /// The chronicle of `loaded` as it replaces this run: the save's own, marked (and
    /// noted) a reload when this same run had ended or had fewer hit points than the save.
    pub(super) fn chronicle_of_loaded(&self, loaded: &RunState) -> Chronicle {
        let mut chronicle = loaded.chronicle.clone();
        let went_wrong = self.end().is_some() || self.fight.hp < loaded.fight.hp;
        let mark = self.rules.has_monsters() && self.same_run_as(loaded) && went_wrong;
        if mark {
            chronicle.reloaded = true;
        }
        if mark {
            // A plain load adds nothing: the run is the save, exactly.
            chronicle.notes.push(Note {
                turn: loaded.turns,
                depth: loaded.depth,
                kind: NoteKind::Loaded,
                text: format!(
                    "Loaded the save of turn {} again, after turn {} went wrong (a reloaded run).",
                    loaded.turns, self.turns
                ),
            });
        }
        chronicle
    }
}

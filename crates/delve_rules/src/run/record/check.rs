//! A recording's check of the state each step left ([`Check`]): the run's light
//! figures (turns, depth, position, items carried and, from format 12, hit points) on
//! every step, and the CRC-32 of its whole state — on every step up to format
//! [`CHECKS_EVERY_STATE`], and from format 12 only on the steps [`state_due`] names
//! (every [`KEYFRAME_EVERY`]-th, the first, a load, a save, a change of depth and the
//! run's end), as the whole state's CRC costs more than the step itself.

use serde::{Deserialize, Serialize};

use super::CHECKS_EVERY_STATE;
use super::digest::{BufferedCrc, crc_of_binary};
use super::seek::KEYFRAME_EVERY;
use crate::run::{PlayerAction, RunState};

use delve_levels::grid::Pos;

/// The state a step left, as a recording checks it.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Check {
    /// Turns taken.
    pub turns: u64,
    /// Depth.
    pub depth: u32,
    /// The player's position.
    pub position: Pos,
    /// Items carried.
    pub carried: usize,
    /// Hit points (from format 12; absent before, and not checked then).
    #[serde(default, skip_serializing_if = "Option::is_none", with = "bare")]
    pub hp: Option<u32>,
    /// CRC-32 of the whole state as a save holds it (levels, memories, inventory, …):
    /// on every step up to format [`CHECKS_EVERY_STATE`], of the save's RON text; from
    /// format 12 where [`state_due`] says (and wherever else a recording holds one), of
    /// its binary form ([`super::digest`]: the same on every platform, a quarter of the
    /// cost).
    #[serde(default, skip_serializing_if = "Option::is_none", with = "bare")]
    pub state: Option<u32>,
}

/// An optional number written bare (`state:123`, as format 11 and older write it) when
/// present, and left out when not.
mod bare {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(value: &Option<u32>, to: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(number) => number.serialize(to),
            None => to.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Option<u32>, D::Error> {
        u32::deserialize(from).map(Some)
    }
}

/// Whether the check of step `number` (1-based) of a recording of `format` holds the
/// whole state's CRC: every step's up to format [`CHECKS_EVERY_STATE`]; from format 12
/// the first step's, every [`KEYFRAME_EVERY`]-th (so a seek starts from a keyframe whose
/// whole state was checked), a load's (`action` is `None`), a save's (a continued run
/// matches its recording's end by it), a step that changed the depth (from
/// `depth_before`: a new level is made) and every step once the run has ended.
pub fn state_due(
    format: u32,
    number: usize,
    action: Option<&PlayerAction>,
    depth_before: u32,
    after: &RunState,
) -> bool {
    format <= CHECKS_EVERY_STATE
        || number <= 1
        || number.is_multiple_of(KEYFRAME_EVERY)
        || matches!(action, None | Some(PlayerAction::Save))
        || after.depth() != depth_before
        || after.end().is_some()
}

/// The CRC-32 of `value` written as RON in one line (`ron::to_string`'s text; 0, the
/// CRC of no text, if it cannot be written), computed as the text is written, a buffer
/// at a time, without holding the text.
fn crc_of_ron<T: Serialize>(value: &T) -> u32 {
    let mut writer = CrcWriter(BufferedCrc::new());
    if ron::ser::to_writer(&mut writer, value).is_err() {
        return crc32fast::hash(b"");
    }
    writer.0.finish()
}

/// A `fmt::Write` that feeds what is written to a CRC-32, through a buffer (RON writes
/// a string's characters one at a time).
struct CrcWriter(BufferedCrc);

impl std::fmt::Write for CrcWriter {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        self.0.bytes(text.as_bytes());
        Ok(())
    }
}

/// The CRC-32 of `run`'s whole state as a save holds it, as [`Check::state`] holds it
/// in a recording of `format`: of the save's RON text up to format
/// [`CHECKS_EVERY_STATE`], of its binary form after.
fn state_crc(format: u32, run: &RunState) -> u32 {
    let mut save = run.snapshot();
    // The chronicle follows from the actions and is no rule's input: left out, so
    // that recordings made before it existed check as they did.
    save.chronicle = None;
    // A run of generation 1 or 2 with the embedded table's first edition checks as
    // it did before there were editions: no table held.
    let first = delve_levels::loot::first_edition_loot_table().fingerprint();
    if run.generation.embedded_loot_table().fingerprint() == first
        && run.campaign.loot_table().fingerprint() == first
    {
        save.loot_table = None;
    }
    if format <= CHECKS_EVERY_STATE {
        crc_of_ron(&save)
    } else {
        crc_of_binary(&save)
    }
}

impl Check {
    /// The whole check of `run` as it is now, as this delve's recordings hold it: the
    /// light figures and the whole state's CRC.
    pub fn of(run: &RunState) -> Check {
        Check::whole(super::RECORDING_FORMAT, run)
    }

    /// The whole check of `run` as a recording of `format` holds it: the light figures
    /// (hit points from format 12) and the whole state's CRC ([`Check::state`]).
    pub fn whole(format: u32, run: &RunState) -> Check {
        Check {
            state: Some(state_crc(format, run)),
            hp: (format > CHECKS_EVERY_STATE).then(|| run.fight().hp),
            ..Check::light(run)
        }
    }

    /// The light check of `run` as it is now (format 12's on most steps): its figures,
    /// hit points included, without the whole state's CRC — nothing of it costs more
    /// than reading a field.
    pub fn light(run: &RunState) -> Check {
        Check {
            turns: run.turns,
            depth: run.depth,
            position: run.player,
            carried: run.inventory.len(),
            hp: Some(run.fight().hp),
            state: None,
        }
    }

    /// The check a recording of `format` holds for its step `number` (1-based), the
    /// step `action` (`None`: a load) taken from depth `depth_before`, leaving `run`:
    /// whole where [`state_due`] says, else light; up to format [`CHECKS_EVERY_STATE`]
    /// as those formats wrote it (no hit points).
    pub fn of_step(
        format: u32,
        number: usize,
        action: Option<&PlayerAction>,
        depth_before: u32,
        run: &RunState,
    ) -> Check {
        if state_due(format, number, action, depth_before, run) {
            Check::whole(format, run)
        } else {
            Check::light(run)
        }
    }

    /// Appends the check as `ron::to_string` writes it (fields in order, those absent
    /// left out), written directly: RON's serializer checks every field's name as an
    /// identifier each time.
    pub(crate) fn write_ron(&self, to: &mut String) {
        use std::fmt::Write;
        let Check {
            turns,
            depth,
            position,
            carried,
            hp,
            state,
        } = self;
        let _ = write!(
            to,
            "(turns:{turns},depth:{depth},position:(x:{},y:{}),carried:{carried}",
            position.x, position.y
        );
        if let Some(hp) = hp {
            let _ = write!(to, ",hp:{hp}");
        }
        if let Some(state) = state {
            let _ = write!(to, ",state:{state}");
        }
        to.push(')');
    }

    /// Whether the run that gave `now` (a whole check) agrees with this recorded check
    /// in everything it holds.
    pub fn agrees_with(&self, now: &Check) -> bool {
        self.differences(now).is_none()
    }

    /// Whether `now` (a check of the run replayed, whole where this one holds a state)
    /// agrees with this recorded check in everything it holds: hit points and the whole
    /// state only where recorded. What differs, in words, where it does not.
    pub(crate) fn differences(&self, now: &Check) -> Option<String> {
        let mut parts = Vec::new();
        if self.turns != now.turns {
            parts.push(format!("turns {} recorded, {} now", self.turns, now.turns));
        }
        if self.depth != now.depth {
            parts.push(format!("depth {} recorded, {} now", self.depth, now.depth));
        }
        if self.position != now.position {
            parts.push(format!(
                "position {} recorded, {} now",
                self.position, now.position
            ));
        }
        if self.carried != now.carried {
            parts.push(format!(
                "{} items carried recorded, {} now",
                self.carried, now.carried
            ));
        }
        if let (Some(recorded), Some(hp)) = (self.hp, now.hp)
            && recorded != hp
        {
            parts.push(format!("hit points {recorded} recorded, {hp} now"));
        }
        if parts.is_empty() && self.state.is_some() && self.state != now.state {
            parts.push("the levels, memories or items differ (state checksum)".into());
        }
        (!parts.is_empty()).then(|| parts.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::{Outcome, Rules};
    use delve_levels::config::CampaignConfig;

    /// The check's state CRC, computed as the RON is written, is the CRC of the whole
    /// text `ron::to_string` writes (so recordings' checks are as they were), here for
    /// a run some hundred steps in, past a depth, whose save's text is many buffers long.
    #[test]
    fn the_state_crc_is_that_of_the_saves_whole_ron_text() {
        let (mut run, _) =
            RunState::start(CampaignConfig::builtin(), None, Rules::Peaceful).unwrap();
        let mut went_down = false;
        for _ in 0..120 {
            run.apply(PlayerAction::Explore);
            if !went_down
                && run
                    .apply(PlayerAction::Descend)
                    .iter()
                    .any(|o| matches!(o, Outcome::Notice(t) if t.contains("You go down")))
            {
                went_down = true;
            }
        }
        let mut save = run.snapshot();
        save.chronicle = None;
        let text = ron::to_string(&save).unwrap();
        assert!(text.len() > BufferedCrc::BUFFER, "{} bytes", text.len());
        assert_eq!(crc_of_ron(&save), crc32fast::hash(text.as_bytes()));
        let whole = Check::whole(CHECKS_EVERY_STATE, &run);
        assert_eq!(whole.state, Some(crc32fast::hash(text.as_bytes())));
        assert_eq!(Check::of(&run).state, Some(crc_of_binary(&save)));
        assert_eq!(crc_of_ron(&"x".repeat(3 * BufferedCrc::BUFFER)), {
            crc32fast::hash(
                ron::to_string(&"x".repeat(3 * BufferedCrc::BUFFER))
                    .unwrap()
                    .as_bytes(),
            )
        });
    }

    /// A format-11 check reads and writes as format 11 wrote it (the state bare, no hit
    /// points); a format-12 light check leaves the state out, a whole one holds both.
    #[test]
    fn checks_read_and_write_as_their_format_writes_them() {
        let old = "(turns:1,depth:1,position:(x:5,y:5),carried:0,state:2147010361)";
        let check: Check = ron::from_str(old).unwrap();
        assert_eq!((check.hp, check.state), (None, Some(2147010361)));
        assert_eq!(ron::to_string(&check).unwrap(), old);
        let light = "(turns:2,depth:1,position:(x:6,y:5),carried:0,hp:20)";
        let check: Check = ron::from_str(light).unwrap();
        assert_eq!((check.hp, check.state), (Some(20), None));
        assert_eq!(ron::to_string(&check).unwrap(), light);
        let whole = "(turns:2,depth:1,position:(x:-6,y:5),carried:0,hp:20,state:7)";
        let check: Check = ron::from_str(whole).unwrap();
        assert_eq!(ron::to_string(&check).unwrap(), whole);
        for text in [old, light, whole] {
            let check: Check = ron::from_str(text).unwrap();
            let mut written = String::new();
            check.write_ron(&mut written);
            assert_eq!(written, text, "written directly as RON writes it");
        }
    }

    /// Format 12 checks the whole state on the steps that matter and every
    /// [`KEYFRAME_EVERY`]-th, format 11 on every step.
    #[test]
    fn the_whole_state_is_due_on_the_steps_that_matter() {
        let (run, _) = RunState::start(CampaignConfig::builtin(), None, Rules::Peaceful).unwrap();
        let wait = Some(&PlayerAction::Wait);
        let depth = run.depth();
        let due: Vec<usize> = (1..=200)
            .filter(|&n| state_due(12, n, wait, depth, &run))
            .collect();
        assert_eq!(due, [1, 64, 128, 192]);
        assert!((1..=200).all(|n| state_due(CHECKS_EVERY_STATE, n, wait, depth, &run)));
        assert!(state_due(12, 5, None, depth, &run), "a load");
        assert!(
            state_due(12, 5, Some(&PlayerAction::Save), depth, &run),
            "a save"
        );
        assert!(state_due(12, 5, wait, depth + 1, &run), "a change of depth");
        assert_eq!(Check::of_step(11, 5, wait, depth, &run).hp, None);
        assert_eq!(Check::of_step(12, 5, wait, depth, &run).state, None);
        assert_eq!(
            Check::of_step(12, 5, wait, depth, &run).hp,
            Some(run.fight().hp)
        );
    }
}

//! Recordings: a run's start and every step, each with a check of the state it left, so
//! that a later delve can play the run back and stop at the first turn that comes out
//! differently (as Brogue's recordings do). One line of RON per entry, so a recording
//! is written as the game goes and a crash loses at most the last step.

use std::fmt;

mod check;
mod digest;
mod playback;
mod seek;
pub use check::{Check, state_due};
pub use playback::{Playback, SPEEDS, STEPS_A_SECOND, WatchCommand};
pub use seek::{Frame, KEYFRAME_EVERY, StepSummary, Watched};

use serde::{Deserialize, Serialize};

use super::{GameSave, Outcome, PlayerAction, Rules, RunState};

use delve_levels::config::CampaignConfig;
use delve_levels::config::HeldTables;
use delve_levels::generator::Generation;
use delve_levels::key::LevelKey;

/// The recording format this delve writes. Format 1 (before monsters) is still read:
/// its runs play by the peaceful rules they were recorded under, which have not changed.
/// Format 2 (runs with monsters before the rules of a real run: letters that stay with
/// their items, the purse, two rings, each level's stairs sealed until its must-find item
/// is found, travel that goes on past monsters keeping away) is refused by name: those
/// runs would play differently now.
/// Format 3 runs with monsters (before monster abilities, sleeping monsters, the noise of
/// fights and the second edition of the monster table) are refused by name for the same
/// reason; its peaceful runs replay.
/// Format 4 runs with monsters (before the second edition of the loot table: throwing,
/// aiming, enchanting, malevolent items, identification without "two alike") are
/// refused by name too; its peaceful runs replay. A recording of generation 1 or 2 that
/// holds no loot table of its own replays with the first edition of the embedded table,
/// which it was made with.
/// Format 5 runs with monsters (before exploring that fetches every item but those put
/// down, threats that count only when they can hurt the player soon, and the rest of
/// "play that flows") are refused by name too; its peaceful runs replay.
/// Format 6 runs with monsters (before hunger and a pack of at most 26 kinds of things)
/// are refused by name too; its peaceful runs replay.
/// Format 7 runs replay by the rules that changed since ([`TELEPORTS_INTO_LOCKS`]):
/// their teleports may land behind a lock still shut; and by format 8's.
/// Format 8 runs replay by the rules of deep water that changed since
/// ([`WATER_KEEPS_WHAT_IT_TAKES`]): what the current tears away is gone, and shots hit a
/// swimmer as anyone.
/// Format 9 runs replay by the rules of play that flows that changed since
/// ([`SHOPS_PASS_UNNOTICED`], [`EXPLORES_WHILE_STARVING`],
/// [`USED_UP_LETTERS_ARE_FORGOTTEN`], [`EATS_WARES_UNPAID`],
/// [`WALKERS_STAND_WHEN_CUT_OFF`]): a shop coming into view is not told (so exploring
/// walks on past it), exploring goes on while starving, a stack used up forgets its
/// letter, a hungry player with a full pack eats a ware where it lies without paying, and
/// a walker cut off from a swimmer stands where it is.
/// Format 10 runs replay by the rule of barred doors that changed since
/// ([`TRAVEL_KEEPS_OFF_BARRED_DOORS`]): travel and exploring never open one; and by
/// the rules of play that flows that changed since
/// ([`AUTO_AIMS_THROUGH_WALLS`], [`ASKS_AT_EVERY_TRAP_CROSSING`],
/// [`TRAVELS_WHILE_STARVING`], [`STOPS_AT_PICK_UPS`]): a wand or throw aimed
/// at the nearest monster picks the nearest in view, whether its line of fire is clear
/// or not; a yes to travel over a found trap is forgotten after that travel; travel and
/// search go on while starving with food in the pack; exploring and travel stop after
/// every pick-up; and by the rules of items that changed since
/// ([`WEARABLES_STACK`], [`THROWN_POTIONS_ONLY_SHATTER`]): things worn, wielded or aimed
/// with charges stack in the pack as anything alike, and a potion thrown only shatters;
/// and by format 11's.
/// Format 11 runs replay by the rules of play that flows that changed since
/// ([`ONE_WAY_LINES_OF_FIRE`], [`CONFUSED_FOES_ARE_NO_THREAT`], [`ASKS_ATOP_A_TRAP`]): a
/// shot flies only along the line drawn from the shooter, a confused monster is no
/// threat to travel, and the found trap underfoot bars the way as one ahead does; and
/// they check the whole state on every step ([`CHECKS_EVERY_STATE`]), where later ones
/// check it on the steps that matter and every [`KEYFRAME_EVERY`]-th, and hit points on
/// every step ([`state_due`]).
/// Format 12 came with generation 6 (whose runs shuffle their disguises wholly): a
/// recording of an older format never holds a sixth-generation run.
pub const RECORDING_FORMAT: u32 = 12;

/// The last recording format whose teleports may land behind a lock still shut (in a
/// sealed vault); later ones land outside, and a replay of one of these keeps the old rule.
pub const TELEPORTS_INTO_LOCKS: u32 = 7;

/// The last recording format whose deep water keeps what it tears away (the item is
/// gone) and whose swimmers are shot at as anyone; later ones wash the item ashore and
/// let half the shots at a swimmer miss, and a replay of one of these keeps the old rules.
pub const WATER_KEEPS_WHAT_IT_TAKES: u32 = 8;

/// The last recording format whose shops come into view unremarked: exploring walks on
/// past them. Later ones tell the first sight of each shop (a notice, so exploring stops
/// there once), and a replay of one of these keeps the old rule.
pub const SHOPS_PASS_UNNOTICED: u32 = 9;

/// The last recording format whose exploring goes on while the player starves with food
/// in the pack; later ones refuse to start (eat first), and a replay of one of these
/// keeps the old rule.
pub const EXPLORES_WHILE_STARVING: u32 = 9;

/// The last recording format in which a stack used up forgets its letter (a new kind
/// could take it at once, so `a` named another item); later ones keep it in mind for
/// the kind's coming back as for a stack thrown, and a replay of one of these keeps the
/// old rule.
pub const USED_UP_LETTERS_ARE_FORGOTTEN: u32 = 9;

/// The last recording format whose hungry player with a full pack eats a shop's ware
/// where it lies (`g` on it) without paying; later ones refuse it as any ware not yet
/// bought, and a replay of one of these keeps the old rule.
pub const EATS_WARES_UNPAID: u32 = 9;

/// The last recording format whose walker hunting a swimmer out in deep water (no
/// ground beside them) stands where it is; later ones come to the shore nearest the
/// swimmer and wait there, and a replay of one of these keeps the old rule.
pub const WALKERS_STAND_WHEN_CUT_OFF: u32 = 9;

/// The last recording format whose travel and exploring keep off a barred door (a
/// cyclic dungeon's shortcut) as off a wall; later ones walk through it from its open
/// side (opening it as a walk into it does) and count what lies behind it as reachable,
/// and a replay of one of these keeps the old rule.
pub const TRAVEL_KEEPS_OFF_BARRED_DOORS: u32 = 10;
/// The last recording format whose wand or throw aimed at the nearest monster (`a` and
/// the letter without the cursor) picks the nearest in view even when a wall's corner
/// stands in the line of fire (the bolt into the wall spends a charge); later ones pick
/// the nearest that the shot reaches and, with none, say so and spend nothing. A replay
/// of one of these keeps the old rule.
pub const AUTO_AIMS_THROUGH_WALLS: u32 = 10;

/// The last recording format whose travel over a trap found (the player said yes)
/// forgets the yes: the next travel or explore that would cross it asks again. Later
/// ones cross that trap without asking from then on (and exploring's own yes is its
/// own action, [`crate::run::PlayerAction::ExploreOverTraps`]); a replay of one of these
/// keeps the old rule.
pub const ASKS_AT_EVERY_TRAP_CROSSING: u32 = 10;

/// The last recording format whose travel (`_`, `>`, `<`, a click) and search go on
/// while the player starves with food in the pack (exploring refused since format 10);
/// later ones refuse to start them as exploring (eat first), and a replay of one of
/// these keeps the old rule.
pub const TRAVELS_WHILE_STARVING: u32 = 10;

/// The last recording format whose exploring and travel stop after every pick-up on
/// the way; later ones pick up and go on (as Brogue's explore does) unless something
/// else happened, and a replay of one of these keeps the old rule.
pub const STOPS_AT_PICK_UPS: u32 = 10;

/// The last recording format whose weapons, armour, rings and wands stack in the pack
/// as anything alike ("3 rings of regeneration (one worn)" under one letter); later
/// ones give each its own entry and letter, and a replay of one of these (or a save of
/// such a run, whose stacks load as they were) keeps the old rule.
pub const WEARABLES_STACK: u32 = 10;

/// The last recording format whose thrown potion only shatters where it lands; later
/// ones splash a potion that works on others (confusion) over the creatures around
/// where it breaks, and a replay of one of these keeps the old rule.
pub const THROWN_POTIONS_ONLY_SHATTER: u32 = 10;

/// The last recording format whose every step holds the CRC-32 of the whole state
/// (written as a save's RON), which costs more than the step itself; later ones hold it
/// only where [`state_due`] says (the first step, every [`KEYFRAME_EVERY`]-th, a load, a
/// save, a change of depth, the run's end) and the cheap figures with the hit points on
/// every step. A replay of one of these checks every step's state, as it always did.
pub const CHECKS_EVERY_STATE: u32 = 11;

/// The last recording format whose shots (a monster's arrow or breath, the player's
/// bolt or throw) fly only along the line drawn from the shooter, so where that line
/// rounds into a wall's corner and the line drawn back does not, one of two could
/// shoot the other and not be shot back. Later ones take either line
/// ([`delve_levels::line::clear_line`]), and a replay of one of these keeps the old rule.
pub const ONE_WAY_LINES_OF_FIRE: u32 = 11;

/// The last recording format whose confused monster is no threat (it staggers about):
/// travel, exploring and rest start and go on beside one. Later ones count it as what it
/// would be doing unconfused, its confusion's turns added to the turns it needs to
/// reach the player, and a replay of one of these keeps the old rule.
pub const CONFUSED_FOES_ARE_NO_THREAT: u32 = 11;

/// The last recording format whose travel and exploring took the found trap the player
/// stands on for one on the way (so exploring from atop a trap asked about crossing
/// "the only known way on" in an open room). Later ones walk off it freely (stepping
/// off a trap springs nothing), and a replay of one of these keeps the old rule.
pub const ASKS_ATOP_A_TRAP: u32 = 11;

/// The recording formats this delve plays back (formats 3 to 6 only for peaceful runs).
pub(crate) const REPLAYED_FORMATS: [u32; 11] = [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, RECORDING_FORMAT];

/// The first recording format that recorded levels of `generation`: generation 3
/// came with format 5, generation 4 in format 7 (and the teleports of format 8 soon
/// after), generation 5 in format 10, generation 6 (whose ledges and disguises no older
/// rule knew) in format 12; a recording of an older format claiming a newer generation
/// was never made.
fn first_format_of(generation: Generation) -> u32 {
    match generation {
        Generation::First | Generation::Second => 1,
        Generation::Third => 5,
        Generation::Fourth => 7,
        Generation::Fifth => 10,
        Generation::Sixth => 12,
    }
}

/// What this delve replays, as a refusal says it.
const REPLAYS: &str =
    "this delve replays formats 1, 7, 8, 9, 10, 11 and 12, and peaceful runs of formats 3 to 6";

impl RunState {
    /// Whether the run's teleports may land behind a lock still shut: the rule of
    /// recordings of format [`TELEPORTS_INTO_LOCKS`] and older, kept while one replays.
    pub(crate) fn teleports_into_locks(&self) -> bool {
        self.rules_of_format <= TELEPORTS_INTO_LOCKS
    }

    /// Whether deep water keeps what it tears away and shots hit a swimmer as anyone:
    /// the rules of recordings of format [`WATER_KEEPS_WHAT_IT_TAKES`] and older, kept
    /// while one replays.
    pub(crate) fn water_keeps_what_it_takes(&self) -> bool {
        self.rules_of_format <= WATER_KEEPS_WHAT_IT_TAKES
    }

    /// Whether a shop coming into view goes untold: the rule of recordings of format
    /// [`SHOPS_PASS_UNNOTICED`] and older, kept while one replays.
    pub(crate) fn shops_pass_unnoticed(&self) -> bool {
        self.rules_of_format <= SHOPS_PASS_UNNOTICED
    }

    /// Whether exploring goes on while the player starves with food in the pack: the
    /// rule of recordings of format [`EXPLORES_WHILE_STARVING`] and older, kept while
    /// one replays.
    pub(crate) fn explores_while_starving(&self) -> bool {
        self.rules_of_format <= EXPLORES_WHILE_STARVING
    }

    /// Whether a stack used up forgets its letter: the rule of recordings of format
    /// [`USED_UP_LETTERS_ARE_FORGOTTEN`] and older, kept while one replays.
    pub(crate) fn used_up_letters_are_forgotten(&self) -> bool {
        self.rules_of_format <= USED_UP_LETTERS_ARE_FORGOTTEN
    }

    /// Whether a hungry player with a full pack eats a ware for sale where it lies
    /// without paying: the rule of recordings of format [`EATS_WARES_UNPAID`] and older,
    /// kept while one replays.
    pub(crate) fn eats_wares_unpaid(&self) -> bool {
        self.rules_of_format <= EATS_WARES_UNPAID
    }

    /// Whether a walker hunting a swimmer out in deep water stands where it is: the
    /// rule of recordings of format [`WALKERS_STAND_WHEN_CUT_OFF`] and older, kept while
    /// one replays.
    pub(crate) fn walkers_stand_when_cut_off(&self) -> bool {
        self.rules_of_format <= WALKERS_STAND_WHEN_CUT_OFF
    }

    /// Whether travel and exploring keep off a barred door as off a wall: the rule of
    /// recordings of format [`TRAVEL_KEEPS_OFF_BARRED_DOORS`] and older, kept while one
    /// replays.
    pub(crate) fn travel_keeps_off_barred_doors(&self) -> bool {
        self.rules_of_format <= TRAVEL_KEEPS_OFF_BARRED_DOORS
    }

    /// Whether a shot aimed at the nearest monster picks the nearest in view, its line
    /// of fire clear or not: the rule of recordings of format [`AUTO_AIMS_THROUGH_WALLS`]
    /// and older, kept while one replays.
    pub(crate) fn auto_aims_through_walls(&self) -> bool {
        self.rules_of_format <= AUTO_AIMS_THROUGH_WALLS
    }

    /// Whether travel over a found trap forgets the player's yes: the rule of
    /// recordings of format [`ASKS_AT_EVERY_TRAP_CROSSING`] and older, kept while one
    /// replays.
    pub(crate) fn asks_at_every_trap_crossing(&self) -> bool {
        self.rules_of_format <= ASKS_AT_EVERY_TRAP_CROSSING
    }

    /// Whether travel and search go on while the player starves with food in the pack:
    /// the rule of recordings of format [`TRAVELS_WHILE_STARVING`] and older, kept while
    /// one replays.
    pub(crate) fn travels_while_starving(&self) -> bool {
        self.rules_of_format <= TRAVELS_WHILE_STARVING
    }

    /// Whether exploring and travel stop after every pick-up on the way: the rule of
    /// recordings of format [`STOPS_AT_PICK_UPS`] and older, kept while one replays.
    pub(crate) fn stops_at_pick_ups(&self) -> bool {
        self.rules_of_format <= STOPS_AT_PICK_UPS
    }

    /// Whether weapons, armour, rings and wands stack in the pack as anything alike:
    /// the rule of recordings of format [`WEARABLES_STACK`] and older, kept while one
    /// replays.
    pub(crate) fn wearables_stack(&self) -> bool {
        self.rules_of_format <= WEARABLES_STACK
    }

    /// Whether a thrown potion only shatters: the rule of recordings of format
    /// [`THROWN_POTIONS_ONLY_SHATTER`] and older, kept while one replays.
    pub(crate) fn thrown_potions_only_shatter(&self) -> bool {
        self.rules_of_format <= THROWN_POTIONS_ONLY_SHATTER
    }

    /// Whether shots fly only along the line drawn from the shooter: the rule of
    /// recordings of format [`ONE_WAY_LINES_OF_FIRE`] and older, kept while one replays.
    pub(crate) fn one_way_lines_of_fire(&self) -> bool {
        self.rules_of_format <= ONE_WAY_LINES_OF_FIRE
    }

    /// Whether a confused monster is no threat: the rule of recordings of format
    /// [`CONFUSED_FOES_ARE_NO_THREAT`] and older, kept while one replays.
    pub(crate) fn confused_foes_are_no_threat(&self) -> bool {
        self.rules_of_format <= CONFUSED_FOES_ARE_NO_THREAT
    }

    /// Whether the found trap the player stands on bars travel's and exploring's way
    /// as one ahead would: the rule of recordings of format [`ASKS_ATOP_A_TRAP`] and
    /// older, kept while one replays.
    pub(crate) fn asks_atop_a_trap(&self) -> bool {
        self.rules_of_format <= ASKS_ATOP_A_TRAP
    }
}

/// How a recorded run started (the first line of a recording).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RecordingStart {
    /// [`RECORDING_FORMAT`].
    pub format: u32,
    /// The generation new levels were made in ([`Generation::number`]).
    pub generation: u64,
    /// The campaign, with its master seed.
    pub campaign: CampaignConfig,
    /// The level key the run started on, if not the campaign's first depth.
    pub start: Option<String>,
    /// The rules the run was played by (absent in format 1: peaceful).
    #[serde(default = "format_1_rules")]
    pub rules: Rules,
    /// The campaign's own loot table as RON, when it is not the embedded one (a
    /// campaign's `loot` file or `--loot`), so the recording replays without the file —
    /// as a save holds it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loot_table: Option<String>,
    /// The campaign's own monster table as RON, when it names one (absent for the
    /// embedded table, and in every recording made before campaigns could name one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub monster_table: Option<String>,
    /// The campaign's own vault set as a vault file's RON, when it names one (absent
    /// for the embedded set, and in every recording made before vaults existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vault_set: Option<String>,
}

/// The rules of a format-1 recording, made before monsters existed.
fn format_1_rules() -> Rules {
    Rules::Peaceful
}

/// One step of a recording.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// An action was applied.
    Act(PlayerAction, Check),
    /// A save was loaded (F9): the run became this one.
    Loaded(Box<GameSave>, Check),
}

/// A whole recording.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recording {
    /// How the run started.
    pub start: RecordingStart,
    /// Every step, in order.
    pub steps: Vec<Step>,
}

/// Why a recording could not be read or played back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordingError {
    /// A line is not what a recording holds there (1-based line, what is wrong).
    Broken {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        problem: String,
    },
    /// The recording was made by a delve this one cannot play back.
    Unsupported(String),
    /// The run does not come out as recorded.
    OutOfSync {
        /// The turn count the recording had at the step that differs.
        turn: u64,
        /// The 1-based step where the difference was seen.
        step: usize,
        /// What differs.
        what: String,
        /// The last step whose whole state was checked equal (0: the start): the
        /// difference came of a step after it, at `step` at the latest (from format 12
        /// most steps check only their light figures).
        good: usize,
    },
}

impl fmt::Display for RecordingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordingError::Broken { line, problem } => write!(f, "line {line}: {problem}"),
            RecordingError::Unsupported(why) => f.write_str(why),
            RecordingError::OutOfSync {
                turn,
                step,
                what,
                good,
            } => {
                write!(f, "out of sync at turn {turn} (step {step}): {what}")?;
                if *good + 1 < *step {
                    write!(
                        f,
                        " — it came of a step after step {good}, the last whose whole state was checked as recorded"
                    )?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for RecordingError {}

impl RecordingStart {
    /// The start of a recording of a run of `campaign` (starting on `start`, if given).
    pub fn new(
        campaign: &CampaignConfig,
        start: Option<&LevelKey>,
        rules: Rules,
    ) -> RecordingStart {
        RecordingStart::in_generation(Generation::CURRENT, campaign, start, rules)
    }

    /// [`RecordingStart::new`] for a run whose new levels are made in `generation`.
    pub fn in_generation(
        generation: Generation,
        campaign: &CampaignConfig,
        start: Option<&LevelKey>,
        rules: Rules,
    ) -> RecordingStart {
        let held = campaign.held_tables();
        RecordingStart {
            format: RECORDING_FORMAT,
            generation: generation.number(),
            campaign: campaign.clone(),
            start: start.map(LevelKey::encode),
            rules,
            loot_table: held.loot,
            monster_table: held.monsters,
            vault_set: held.vaults,
        }
    }

    /// The first line of the recording file (with its newline).
    pub fn line(&self) -> String {
        format!("{}\n", ron::to_string(self).unwrap_or_default())
    }
}

impl Step {
    /// The step of loading `run` (a save loaded, a run continued) in a recording of
    /// `format`: the run as it is now, so a replay needs no save file — without its
    /// chronicle, which no rule reads (as the checks leave it out), so recordings read
    /// as they did before it existed — with the whole check.
    pub fn loaded(format: u32, run: &RunState) -> Step {
        let mut save = run.snapshot();
        save.chronicle = None;
        let check = Check::of_step(format, 1, None, run.depth(), run);
        Step::Loaded(Box::new(save), check)
    }

    /// The step's line in the recording file (with its newline): the text
    /// `ron::to_string` writes for it, an action's check written directly (RON's
    /// serializer took a microsecond for it, most of recording a step's cost).
    pub fn line(&self) -> String {
        match self {
            Step::Act(action, check) => {
                let mut line = String::with_capacity(96);
                line.push_str("Act(");
                // Into the line itself: no text of its own to allocate.
                let _ = ron::ser::to_writer(&mut line, action);
                line.push(',');
                check.write_ron(&mut line);
                line.push_str(")\n");
                line
            }
            Step::Loaded(..) => format!("{}\n", ron::to_string(self).unwrap_or_default()),
        }
    }

    /// The check of the state the step left.
    pub fn check(&self) -> &Check {
        match self {
            Step::Act(_, check) | Step::Loaded(_, check) => check,
        }
    }
}

impl Recording {
    /// Reads a recording's text.
    pub fn parse(text: &str) -> Result<Recording, RecordingError> {
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty());
        let broken = |line: usize, problem: String| RecordingError::Broken {
            line: line + 1,
            problem,
        };
        let (first, head) = lines
            .next()
            .ok_or_else(|| broken(0, "empty: a recording starts with its start line".into()))?;
        let mut start: RecordingStart = ron::from_str(head)
            .map_err(|e| broken(first, format!("not a recording's start line: {}", e.code)))?;
        if start.format == 2 {
            return Err(RecordingError::Unsupported(format!(
                "recording format 2 was made under the rules of an earlier delve (before each level's stairs were sealed until its must-find item is found, the purse and the inventory letters that stay); {REPLAYS}"
            )));
        }
        let before = match start.format {
            3 => Some(
                "monster abilities, sleeping monsters, the noise of fights and the second edition of the monster table",
            ),
            4 => Some(
                "throwing and aiming, enchanting, malevolent items and the second edition of the loot table",
            ),
            5 => Some(
                "exploring that fetches every item, threats that count only when they can hurt you soon, and the other rules of play that flows",
            ),
            6 => Some("hunger, and a pack of at most 26 kinds of things"),
            _ => None,
        };
        if let Some(before) = before
            && start.rules.has_monsters()
        {
            return Err(RecordingError::Unsupported(format!(
                "recording format {} with monsters was made under the rules of an earlier delve (before {before}); {REPLAYS}",
                start.format
            )));
        }
        if !REPLAYED_FORMATS.contains(&start.format) {
            return Err(RecordingError::Unsupported(format!(
                "recording format {} is not known to this delve (it reads formats 1 and 3 to {RECORDING_FORMAT})",
                start.format
            )));
        }
        let Some(generation) = Generation::from_number(start.generation) else {
            return Err(RecordingError::Unsupported(format!(
                "the recording's levels are of generation {}, which this delve does not know",
                start.generation
            )));
        };
        let first_format = first_format_of(generation);
        if start.format < first_format {
            return Err(broken(
                first,
                format!(
                    "format {} with levels of generation {}: that generation was first recorded in format {first_format}",
                    start.format, start.generation
                ),
            ));
        }
        if start.campaign.depths.is_empty() {
            return Err(broken(first, "the campaign lists no levels".into()));
        }
        if let Some((index, e)) = start
            .campaign
            .depths
            .iter()
            .enumerate()
            .find_map(|(i, c)| c.validate().err().map(|e| (i, e)))
        {
            return Err(broken(
                first,
                format!("the campaign's depth {}: {e}", index + 1),
            ));
        }
        // A recording of generation 1 or 2 with the embedded table plays its first
        // edition.
        let first_edition = Generation::from_number(start.generation).is_some_and(|g| {
            g.embedded_loot_table().fingerprint()
                != delve_levels::loot::default_loot_table().fingerprint()
        });
        let loot = start.loot_table.clone().or_else(|| {
            (first_edition && start.campaign.loot.is_none())
                .then(|| delve_levels::loot::FIRST_EDITION_LOOT_RON.to_owned())
        });
        let held = HeldTables {
            loot,
            monsters: start.monster_table.clone(),
            vaults: start.vault_set.clone(),
        };
        start.campaign = start
            .campaign
            .clone()
            .with_held_tables(&held, "recording")
            .map_err(|e| broken(first, e))?;
        let steps = lines
            .map(|(n, line)| {
                let step = ron::from_str::<Step>(line)
                    .map_err(|e| broken(n, format!("not a step: {}", e.code)))?;
                if let Step::Act(action, _) = &step
                    && let Some(why) = action.why_no_key_gives_it()
                {
                    return Err(broken(n, format!("not an action a key gives: {why}")));
                }
                Ok(step)
            })
            .collect::<Result<_, _>>()?;
        Ok(Recording { start, steps })
    }

    /// The recording as its file holds it.
    pub fn text(&self) -> String {
        let mut text = self.start.line();
        for step in &self.steps {
            text.push_str(&step.line());
        }
        text
    }

    /// Plays the recording back from its start, checking every step; the run as it
    /// ends, or the first step that came out differently.
    pub fn replay(&self) -> Result<RunState, RecordingError> {
        self.replay_with(|_| {})
    }

    /// [`Recording::replay`], handing every outcome to `seen` as it happens (the
    /// start's included).
    pub fn replay_with(&self, mut seen: impl FnMut(&Outcome)) -> Result<RunState, RecordingError> {
        self.replay_steps(|_, _, outcomes| outcomes.iter().for_each(&mut seen))
    }

    /// [`Recording::replay`], handing `each` the run after every step with what came
    /// of that step: step 0 is the start, step `i` the recording's `i`-th.
    pub fn replay_steps(
        &self,
        mut each: impl FnMut(usize, &RunState, &[Outcome]),
    ) -> Result<RunState, RecordingError> {
        let (mut run, outcomes) = self.start_run()?;
        each(0, &run, &outcomes);
        let mut good = 0;
        for number in 1..=self.steps.len() {
            let outcomes = self.play_step(&mut run, number, &mut good)?;
            each(number, &run, &outcomes);
        }
        Ok(run)
    }

    /// The run as the recording starts it, and what the player is told.
    pub(crate) fn start_run(&self) -> Result<(RunState, Vec<Outcome>), RecordingError> {
        let start = match &self.start.start {
            Some(text) => Some(LevelKey::decode(text).map_err(|e| RecordingError::Broken {
                line: 1,
                problem: e.to_string(),
            })?),
            None => None,
        };
        let generation = Generation::from_number(self.start.generation).ok_or_else(|| {
            RecordingError::Unsupported(format!(
                "the recording's levels are of generation {}, which this delve does not know",
                self.start.generation
            ))
        })?;
        // The run goes on in the generation it was recorded in, whatever this delve's
        // newest is.
        let (mut run, outcomes) = RunState::start_in(
            generation,
            self.start.campaign.clone(),
            start,
            self.start.rules,
        )
        .map_err(|e| RecordingError::Broken {
            line: 1,
            problem: e.to_string(),
        })?;
        run.rules_of_format = self.start.format;
        Ok((run, outcomes))
    }

    /// Plays the recording's step `number` (1-based) on `run`, checked against what the
    /// recording says came of it (`good`: the last step whose whole state was checked,
    /// moved on to this one when its whole state is): what it told. A step of format 12
    /// or later whose whole state is due ([`state_due`]) and not recorded is refused.
    pub(crate) fn play_step(
        &self,
        run: &mut RunState,
        number: usize,
        good: &mut usize,
    ) -> Result<Vec<Outcome>, RecordingError> {
        let step = &self.steps[number - 1];
        let depth_before = run.depth();
        let outcomes = match step {
            // Saving and loading have no effect on the run itself: a load is recorded
            // as the run it loaded.
            Step::Act(action, _) => run.apply(*action),
            Step::Loaded(save, _) => {
                *run = RunState::restore((**save).clone()).map_err(|problem| {
                    RecordingError::Broken {
                        line: number + 1,
                        problem,
                    }
                })?;
                run.rules_of_format = self.start.format;
                Vec::new()
            }
        };
        let recorded = step.check();
        let now = match recorded.state {
            Some(_) => Check::whole(self.start.format, run),
            None => Check::light(run),
        };
        if let Some(what) = recorded.differences(&now) {
            return Err(RecordingError::OutOfSync {
                turn: recorded.turns,
                step: number,
                what,
                good: *good,
            });
        }
        let action = match step {
            Step::Act(action, _) => Some(action),
            Step::Loaded(..) => None,
        };
        match recorded.state {
            Some(_) => *good = number,
            None if state_due(self.start.format, number, action, depth_before, run) => {
                return Err(RecordingError::Broken {
                    line: number + 1,
                    problem: format!(
                        "step {number}'s check holds no state checksum, which format {} holds there",
                        self.start.format
                    ),
                });
            }
            None => {}
        }
        Ok(outcomes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A recording plays by the rules of its own format: a format-7 one teleports into
    /// locks and keeps what the water takes, a format-8 one only the latter, a format-9
    /// one passes shops unremarked, explores while starving, forgets the letter of a
    /// stack used up, eats wares unpaid and leaves a walker cut off from a swimmer where
    /// it stands, a format-10 one aims at the nearest monster through a wall's corner and forgets a
    /// yes to crossing a trap, travels and searches while starving and stops at
    /// every pick-up,
    /// today's does none of these — and a run in play is today's.
    #[test]
    fn a_recording_replays_by_the_rules_of_its_format() {
        let campaign = CampaignConfig::builtin();
        let (fresh, _) = RunState::start(campaign.clone(), None, Rules::Monsters).unwrap();
        assert_eq!(fresh.rules_of_format, RECORDING_FORMAT);
        let rules = |format: u32| {
            let mut start = RecordingStart::new(&campaign, None, Rules::Monsters);
            start.format = format;
            let recording = Recording {
                start,
                steps: Vec::new(),
            };
            let (run, _) = recording.start_run().expect("it starts");
            [
                run.teleports_into_locks(),
                run.water_keeps_what_it_takes(),
                run.shops_pass_unnoticed(),
                run.explores_while_starving(),
                run.used_up_letters_are_forgotten(),
                run.eats_wares_unpaid(),
                run.walkers_stand_when_cut_off(),
                run.auto_aims_through_walls(),
                run.asks_at_every_trap_crossing(),
                run.travels_while_starving(),
                run.stops_at_pick_ups(),
                run.wearables_stack(),
                run.thrown_potions_only_shatter(),
            ]
        };
        assert_eq!(
            rules(7),
            [
                true, true, true, true, true, true, true, true, true, true, true, true, true
            ]
        );
        assert_eq!(
            rules(8),
            [
                false, true, true, true, true, true, true, true, true, true, true, true, true
            ]
        );
        assert_eq!(
            rules(9),
            [
                false, false, true, true, true, true, true, true, true, true, true, true, true
            ]
        );
        assert_eq!(
            rules(10),
            [
                false, false, false, false, false, false, false, true, true, true, true, true, true
            ]
        );
        assert_eq!(
            rules(RECORDING_FORMAT),
            [
                false, false, false, false, false, false, false, false, false, false, false, false,
                false
            ]
        );
    }
}

//! The fuzz targets' bodies: plain functions of the fuzzer's bytes that panic when delve
//! breaks a promise. `fuzz/fuzz_targets/*.rs` hand libFuzzer's input to them; the normal
//! test suite (`tests/core/fuzz_corpora.rs`) includes this file and runs every seed and
//! every regression input through them on stable Rust, so they always compile and what
//! a campaign once found stays fixed.
//!
//! Each target states its promise: bad input is an error value, never a panic or a hang;
//! what is accepted round-trips; a run's state is always one the rules can reach (the
//! checks `RunState::restore` makes of a save), and a restored run goes on as the
//! original does.

use delve_levels::config::CampaignConfig;
use delve_levels::generator::GeneratorKind;
use delve_levels::key::LevelKey;
use delve_levels::loot::LootTable;
use delve_levels::monsters::MonsterTable;
use delve_rules::run::record::Recording;
use delve_rules::run::{GameSave, PlayerAction, Rules, RunState};

/// The largest level (in tiles) a target generates: bigger ones are valid but slow, and
/// size limits have their own tests.
pub const MOST_TILES: u64 = 160 * 160;

/// Steps a fuzzed run or replay takes at most.
pub const MOST_STEPS: usize = 160;

fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

fn small_enough(key: &LevelKey) -> bool {
    let (w, h) = key.config.size();
    u64::from(w) * u64::from(h) <= MOST_TILES
}

/// A campaign file: parsed and validated or refused; an accepted campaign's first
/// depth (when small) generates, and its key reads back to the same level.
pub fn campaign_config(data: &[u8]) {
    let Some(text) = text(data) else { return };
    // The origin has no folder, so a `loot` file it names is looked for nowhere real.
    let Ok(campaign) = CampaignConfig::parse(text, "/nonexistent/fuzz.ron") else {
        return;
    };
    let key =
        LevelKey::new(campaign.config_at(1).clone(), 1, campaign.seed).under(campaign.loot_table());
    if small_enough(&key) {
        let table = campaign.loot_table();
        let level = key.generate_with(table);
        let again = LevelKey::decode(&key.encode()).expect("a printed key reads back");
        assert_eq!(again, key, "the key of {text:?}");
        if let Ok(level) = level {
            let regenerated = again.generate_with(table);
            assert_eq!(regenerated.ok().as_ref(), Some(&level), "same level");
        }
    }
}

/// A loot table: refused, or accepted and written back to an equal table.
pub fn loot_table(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(table) = LootTable::from_ron_str(text, "fuzz") else {
        return;
    };
    let again = LootTable::from_ron_str(&table.to_ron(), "fuzz again")
        .expect("a table delve wrote reads back");
    assert_eq!(again, table);
    assert_eq!(again.fingerprint(), table.fingerprint());
}

/// A vault file: refused, or accepted with every vault written back reading to an equal
/// vault; each accepted vault placed alone into a small level of every kind keeps every
/// guarantee the checker proves.
pub fn vault_file(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(vaults) = delve_levels::vaults::read_vaults(text, "fuzz") else {
        return;
    };
    let file = delve_levels::vaults::VaultFile {
        vaults: vaults.iter().map(|v| v.text().clone()).collect(),
    };
    let written = file.to_ron();
    let again = delve_levels::vaults::read_vaults(&written, "fuzz again")
        .expect("a vault file delve wrote reads back");
    assert_eq!(
        again.iter().map(|v| v.text()).collect::<Vec<_>>(),
        vaults.iter().map(|v| v.text()).collect::<Vec<_>>()
    );
    for vault in vaults.into_iter().take(4) {
        let depth = vault.depths.0;
        let set = delve_levels::vaults::VaultSet::of(vec![vault]);
        for kind in GeneratorKind::ALL {
            let mut config = kind.default_config();
            config.set_vaults(1);
            let content = delve_levels::generator::Content {
                vaults: &set,
                ..delve_levels::generator::Content::embedded(depth, 7)
            };
            let generation = delve_levels::generator::Generation::CURRENT;
            if let Ok(level) =
                delve_levels::generator::generate_level_from(generation, &config, content, 7)
            {
                let clearance = config.stair_clearance();
                if let Err(broken) =
                    delve_levels::generator::guarantees::check_level(&level, clearance, false)
                {
                    panic!("{kind} level with a fuzzed vault breaks a guarantee: {broken}");
                }
            }
        }
    }
}

/// A monster table: refused or accepted, never a panic.
pub fn monster_table(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let _ = MonsterTable::from_ron_str(text, "fuzz");
}

/// A level key: refused, or read to a key that prints as a key reading back to itself;
/// a small one generates (or says why not) the same level twice.
pub fn level_key(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(key) = LevelKey::decode(text) else {
        return;
    };
    let printed = key.encode();
    assert_eq!(
        LevelKey::decode(&printed).as_ref(),
        Ok(&key),
        "{text:?} printed as {printed:?}"
    );
    // Every level has one key: a key read is the bytes delve prints for its level.
    assert_eq!(
        delve_levels::key::text::read(text),
        delve_levels::key::text::read(&printed),
        "{text:?} is another spelling of {printed:?}"
    );
    if small_enough(&key) {
        let first = key.generate();
        assert_eq!(first.is_ok(), key.generate().is_ok());
        if let (Ok(a), Ok(b)) = (first, key.generate()) {
            assert_eq!(a, b, "the level of {printed}");
        }
    }
}

/// A restored run: its state must be one the rules reach, so saving it again and
/// restoring gives the same save; and it must go on as the original would.
fn check_restores_to_itself(run: &RunState, context: &str) {
    if let Some(broken) = run.broken_rule() {
        panic!("{context}: a rule is broken: {broken}");
    }
    let save = run.snapshot();
    let back = RunState::restore(save.clone())
        .unwrap_or_else(|e| panic!("{context}: a state the rules reached is refused: {e}"));
    assert_eq!(back.snapshot(), save, "{context}: save -> restore -> save");
}

/// A save file's bytes: refused, or a run that restores to itself.
pub fn save_file(data: &[u8]) {
    let Ok(save) = delve_levels::save::decode_save::<GameSave>(data) else {
        return;
    };
    if let Ok(run) = RunState::restore(save) {
        check_restores_to_itself(&run, "a loaded save");
    }
}

/// A fuzzed payload inside a well-formed envelope (the first 8 bytes pick the save key):
/// the payload's RON is refused, or restores to a run that restores to itself.
pub fn save_payload(data: &[u8]) {
    let (key, payload) = data.split_at(data.len().min(8));
    let mut key_bytes = [0u8; 8];
    key_bytes[..key.len()].copy_from_slice(key);
    let bytes = delve_levels::save::encode_save_bytes(payload, u64::from_le_bytes(key_bytes));
    save_file(&bytes);
}

/// A recording: refused, or played back (at most [`MOST_STEPS`] steps) to its end or to
/// the first step that comes out differently — never a panic.
pub fn recording(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(mut recording) = Recording::parse(text) else {
        return;
    };
    if recording
        .start
        .campaign
        .depths
        .iter()
        .any(|c| u64::from(c.size().0) * u64::from(c.size().1) > MOST_TILES)
    {
        return;
    }
    recording.steps.truncate(MOST_STEPS);
    if let Ok(run) = recording.replay() {
        check_restores_to_itself(&run, "a replayed run");
    }
}

/// What one fuzzed byte does in [`run`]: the player's actions, and saving and loading
/// in memory as F5 and F9 do. Aimed actions aim at the nearest monster in view of `run`,
/// else at a tile three to the right.
fn action_of(byte: u8, run: &RunState) -> PlayerAction {
    use PlayerAction::*;
    let target = run
        .targets()
        .first()
        .copied()
        .unwrap_or(run.player().offset(3, 0));
    const MOVES: [(i32, i32); 8] = [
        (-1, 0),
        (1, 0),
        (0, -1),
        (0, 1),
        (-1, -1),
        (1, -1),
        (-1, 1),
        (1, 1),
    ];
    match byte {
        // Moves most often, as a player makes them.
        0..=119 => {
            let (dx, dy) = MOVES[usize::from(byte % 8)];
            Move(dx, dy)
        }
        120..=129 => Wait,
        130..=139 => Descend,
        140..=144 => Ascend,
        145..=159 => PickUp,
        // Item letters 0 to 5 (`a` to `f`): the letters a short run has.
        160..=169 => Use((byte - 160) % 6),
        170..=173 => UseAt((byte - 170) % 6, target),
        174..=177 => UseOn((byte - 174) % 6, (byte - 173) % 6),
        178..=185 => Throw((byte - 178) % 6, target),
        186..=195 => Drop((byte - 186) % 6),
        196..=205 => Explore,
        206..=211 => Rest,
        212..=219 => Save,
        220..=227 => Load,
        228..=231 => Regenerate,
        232..=237 => {
            let kinds = GeneratorKind::ALL;
            SwitchKind(kinds[usize::from(byte - 232) % kinds.len()])
        }
        // + and - change the walls by one (any other amount is no key's: refused).
        238..=241 => AdjustWalls(if byte.is_multiple_of(2) { 1 } else { -1 }),
        242..=245 => StepAutomaton,
        246..=249 => StopWatching,
        _ => ShowKey,
    }
}

/// Steps between two save-and-restore checks of a fuzzed run: restoring makes the level
/// again, which costs more than the rest of a step, so every step checks the rules
/// ([`RunState::broken_rule`]) and every few the full round trip and twin.
pub const ROUND_TRIP_EVERY: usize = 8;

/// The run itself: the first byte picks the run seed, the second the rules (and, one
/// time in four, a start carrying one of every item kind but the vault key, for the
/// item actions to work on), the rest are actions ([`action_of`]; at most
/// [`MOST_STEPS`]). After every step no rule of a
/// reachable state is broken; every [`ROUND_TRIP_EVERY`] steps, at every save and at
/// the end, the state restores to itself and the restored twin takes the next step as
/// the run does.
pub fn run(data: &[u8]) {
    let (head, actions) = data.split_at(data.len().min(2));
    let mut campaign = CampaignConfig::builtin();
    campaign.seed = u64::from(head.first().copied().unwrap_or(0));
    let rules = match head.get(1) {
        Some(b) if b % 4 == 0 => Rules::Peaceful,
        _ => Rules::Monsters,
    };
    let (mut run, _) =
        RunState::start(campaign, None, rules).expect("the built-in campaign starts");
    if head.get(1).is_some_and(|b| b % 4 == 1) {
        let table = run.campaign().shared_loot_table();
        let kinds = (0..table.items().len()).filter(|&k| {
            let item = &table.items()[k];
            // Gold goes to the purse and the must-find item opens the stairs; a vault
            // key is carried only once taken from its level's floor.
            let effect = item.effect;
            !item.must_find
                && effect != delve_levels::loot::Effect::Gold
                && effect != delve_levels::loot::Effect::Key
        });
        run.stage().carry(kinds.collect());
    }
    let mut saved: Option<GameSave> = None;
    let actions = &actions[..actions.len().min(MOST_STEPS)];
    for (step, &byte) in actions.iter().enumerate() {
        let action = action_of(byte, &run);
        let context = format!("step {step} ({action:?})");
        let round_trip = step % ROUND_TRIP_EVERY == 0 || step + 1 == actions.len();
        match action {
            PlayerAction::Save => {
                check_restores_to_itself(&run, &context);
                saved = Some(run.snapshot());
            }
            PlayerAction::Load => {
                if let Some(save) = &saved {
                    run = RunState::restore(save.clone())
                        .unwrap_or_else(|e| panic!("{context}: its own save is refused: {e}"));
                }
            }
            // Watching a cave's automaton is a view the designer keys open and a save
            // does not keep (a loaded run is not watching): no twin to compare.
            _ if run.watch().is_some() || !round_trip => {
                run.apply(action);
            }
            _ => {
                // The state restores to itself (its save, restored and saved again, is
                // the same save), and the restored twin takes the step as the run does.
                // One restore does both: restoring is the dearest part of a step.
                let save = run.snapshot();
                let mut twin = RunState::restore(save.clone())
                    .unwrap_or_else(|e| panic!("{context}: the state before is refused: {e}"));
                assert_eq!(twin.snapshot(), save, "{context}: save -> restore -> save");
                run.apply(action);
                twin.apply(action);
                // The whole state as a save holds it (no RON written: it costs more).
                assert!(
                    twin.snapshot() == run.snapshot(),
                    "{context}: the twin differs"
                );
            }
        }
        if let Some(broken) = run.broken_rule() {
            panic!("{context}: the run broke a rule: {broken}");
        }
    }
    // The state the last step left restores to itself too.
    if run.watch().is_none() {
        check_restores_to_itself(&run, "the end");
    }
}

/// A fuzz target's body.
pub type Target = fn(&[u8]);

/// Every target by name, as `fuzz/fuzz_targets/` and the folders under `fuzz/seeds/`
/// name them.
pub const TARGETS: [(&str, Target); 9] = [
    ("campaign_config", campaign_config),
    ("loot_table", loot_table),
    ("monster_table", monster_table),
    ("level_key", level_key),
    ("save_file", save_file),
    ("save_payload", save_payload),
    ("recording", recording),
    ("run", run),
    ("vault_file", vault_file),
];

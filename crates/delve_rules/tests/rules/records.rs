//! What a finished run leaves behind, through the pure records: the chronicle the rules
//! keep (kills by kind, milestones, the deepest depth), the morgue file's sections and
//! that they are true to the run, keeping the record (morgue, final state, history line,
//! the run's save taken out of the slot and no other), the reload mark, and the daily
//! seed of a fixed date.

use delve_levels::config::CampaignConfig;
use delve_rules::records::daily::{daily_seed, parse_day};
use delve_rules::records::history::{Board, History};
use delve_rules::records::morgue::morgue_text;
use delve_rules::records::slot::SaveSlot;
use delve_rules::records::{DataDir, keep_record};
use delve_rules::run::{NoteKind, Outcome, PlayerAction, Rules, RunEnd, RunOrigin, RunState};

use crate::temp_dir::TempDir;

/// A run seed on which the bot below dies (killed by a spitting cobra on depth 4, turn
/// 1,877; seed 3 was it until the built-in campaign laid vaults, 2026-12-03: its bot now
/// lives 20,000 actions). The bot leaves allies and captives alone: before it did, it
/// traded places with its first ally for ever and never died.
const DYING_SEED: u64 = 18;

/// A plain bot's run of the built-in campaign on `seed`: it fights the foes it sees,
/// explores, then takes the stairs, until it dies or wins (or 20,000 actions: it can
/// stand stuck where a level asks more of it: it never walks over a trap it found, so a
/// shrine whose doorway is trapped holds it).
fn played_to_the_end(seed: u64) -> RunState {
    let mut campaign = CampaignConfig::builtin();
    campaign.seed = seed;
    let (mut run, _) = RunState::start(campaign, None, Rules::Monsters).unwrap();
    run.set_origin(RunOrigin {
        started: Some("2026-12-02T10:00:00Z".into()),
        ..RunOrigin::default()
    });
    for _ in 0..20_000 {
        if run.end().is_some() {
            break;
        }
        let tiles = &run.level().level.tiles;
        let target = run
            .level()
            .monsters
            .iter()
            .filter(|m| run.level().visible[tiles.index_of(m.pos)])
            // An ally or a captive is no foe: walking into one trades places or frees it.
            .filter(|m| m.mind.is_hostile())
            .map(|m| m.pos)
            .min_by_key(|p| p.chebyshev(run.player()));
        if let Some(target) = target {
            let before = (run.player(), run.turns());
            let at = run.player();
            run.apply(PlayerAction::Move(
                (target.x - at.x).signum(),
                (target.y - at.y).signum(),
            ));
            if (run.player(), run.turns()) == before {
                run.apply(PlayerAction::Wait);
            }
            continue;
        }
        let outcomes = run.apply(PlayerAction::Explore);
        let explored = outcomes
            .iter()
            .any(|o| matches!(o, Outcome::Notice(t) if t.contains("Explored")));
        if explored || outcomes.is_empty() {
            let before = (run.depth(), run.turns());
            run.apply(PlayerAction::Descend);
            if (run.depth(), run.turns()) == before {
                run.apply(PlayerAction::Rest);
                run.apply(PlayerAction::Wait);
            }
        }
    }
    run
}

fn messages_of(run: &RunState) -> Vec<delve_rules::run::messages::Message> {
    (0..30)
        .map(|i| delve_rules::run::messages::Message {
            first_turn: i,
            turn: i,
            text: format!("message {i} of seed {}", run.campaign().seed),
            count: 1,
        })
        .collect()
}

#[test]
fn the_chronicle_counts_every_kill_by_kind_and_notes_each_first_arrival() {
    for seed in [1, 3, 5] {
        let run = played_to_the_end(seed);
        let chronicle = run.chronicle();
        let counted: u32 = chronicle.kills.values().sum();
        assert_eq!(counted, run.fight().kills, "seed {seed}: kills by kind");
        let table = run.campaign().monster_table();
        for kind in chronicle.kills.keys() {
            assert!(
                table.index_of(kind).is_some(),
                "seed {seed}: {kind} is a monster kind"
            );
        }
        let arrivals: Vec<u32> = chronicle
            .notes
            .iter()
            .filter(|n| n.kind == NoteKind::Arrived)
            .map(|n| n.depth)
            .collect();
        let deepest = run.keys().keys().copied().max().unwrap();
        assert_eq!(arrivals, (1..=deepest).collect::<Vec<_>>(), "seed {seed}");
        assert_eq!(chronicle.deepest, deepest);
        let levels = chronicle
            .notes
            .iter()
            .filter(|n| n.kind == NoteKind::LevelUp)
            .count();
        assert_eq!(
            levels as u32,
            run.fight().level - 1,
            "seed {seed}: a note per level-up"
        );
        assert!(
            chronicle.notes.windows(2).all(|w| w[0].turn <= w[1].turn),
            "seed {seed}: notes in turn order"
        );
        if run.end().is_some() {
            assert_eq!(chronicle.notes.last().unwrap().kind, NoteKind::Ended);
        }
    }
}

#[test]
fn a_morgue_file_holds_every_section_and_they_are_true_to_the_run() {
    let run = played_to_the_end(DYING_SEED);
    let Some(RunEnd::Died { cause }) = run.end().cloned() else {
        panic!("the bot dies on seed {DYING_SEED}");
    };
    let messages = messages_of(&run);
    let text = morgue_text(&run, &messages, "2026-12-02T12:00:00Z");
    for heading in [
        "Character",
        "Equipment and inventory (true names)",
        "Identified",
        "Kills",
        "Levels visited",
        "Notes",
        "Last messages",
        "The map around the player",
    ] {
        assert!(
            text.contains(&format!("\n{heading}")),
            "{heading} missing:\n{text}"
        );
    }
    assert!(text.contains(&format!("master seed {}", run.campaign().seed)));
    assert!(
        text.contains(&format!("Died on turn {}: {cause}.", run.turns())),
        "{text}"
    );
    assert!(text.contains(&format!("generation {}", run.generation().number())));
    for key in run.keys().values() {
        assert!(text.contains(&key.encode()), "key {} missing", key.encode());
    }
    for (kind, count) in &run.chronicle().kills {
        assert!(
            text.contains(&format!("{count:>4} {kind}\n")),
            "{count} {kind}:\n{text}"
        );
    }
    assert!(text.contains(&format!("{:>4} in all", run.fight().kills)));
    // The newest 20 messages, and none older.
    let message = |i: u32| format!("message {i} of seed {DYING_SEED}");
    assert!(text.contains(&message(29)) && text.contains(&message(10)));
    assert!(!text.contains(&format!("{}\n", message(9))));
    // Every item under its true name.
    let table = run.campaign().loot_table();
    for stack in run.lettered_inventory() {
        assert!(
            text.contains(&table.true_name(stack.kind)),
            "{}",
            table.true_name(stack.kind)
        );
    }
    let map = text.split("The map around the player").nth(1).unwrap();
    // Past the rest of the heading and its underline.
    let map: String = map.lines().skip(2).collect::<Vec<_>>().join("\n");
    assert_eq!(
        map.matches('@').count(),
        1,
        "the player is on the map once:\n{map}"
    );
}

#[test]
fn keeping_the_record_writes_the_morgue_and_history_and_takes_the_runs_save_away() {
    let dir = TempDir::new("records");
    let data = DataDir::at(dir.path());
    let run = played_to_the_end(DYING_SEED);
    let slot_file = data.save_slot();
    let slot = SaveSlot::file(&slot_file);
    // The run saved earlier in the slot (its origin is the same run's).
    let mut earlier = CampaignConfig::builtin();
    earlier.seed = DYING_SEED;
    let (mut saved, _) = RunState::start(earlier, None, Rules::Monsters).unwrap();
    saved.set_origin(run.chronicle().origin.clone());
    std::fs::create_dir_all(dir.path()).unwrap();
    slot.save(&saved.snapshot()).unwrap();
    slot.save(&saved.snapshot()).unwrap(); // and its backup

    let kept = keep_record(&data.storage(), &run, &messages_of(&run), &slot).unwrap();
    assert!(kept.save_removed);
    assert!(!slot_file.exists(), "the finished run's save is gone");
    assert!(
        !delve_levels::save::backup_path(&slot_file).exists(),
        "and its backup"
    );
    let morgue = std::fs::read_to_string(&kept.morgue).unwrap();
    assert!(morgue.contains("Died on turn"));
    let (final_state, _, _) = SaveSlot::file(&kept.final_state).load().unwrap();
    assert_eq!(
        final_state.end(),
        run.end(),
        "the final state beside the morgue"
    );
    let history = History::read(&data.history_file()).unwrap();
    assert_eq!(history.records(), std::slice::from_ref(&kept.record));
    let record = &history.records()[0];
    assert_eq!(record.board, Board::Main);
    assert_eq!(
        (record.seed, record.turns, record.kills),
        (DYING_SEED, run.turns(), run.fight().kills)
    );
    assert!(!record.won);

    // Another run's save in the slot stays.
    let mut other = CampaignConfig::builtin();
    other.seed = 4;
    let (other, _) = RunState::start(other, None, Rules::Monsters).unwrap();
    slot.save(&other.snapshot()).unwrap();
    let kept = keep_record(&data.storage(), &run, &[], &slot).unwrap();
    assert!(!kept.save_removed);
    assert!(
        slot_file.exists(),
        "another run's save is not this run's to remove"
    );
    assert_eq!(
        History::read(&data.history_file()).unwrap().records().len(),
        2
    );
}

#[test]
fn loading_a_save_after_losing_hit_points_marks_the_run_reloaded() {
    let mut campaign = CampaignConfig::builtin();
    campaign.seed = 5;
    let (mut run, _) = RunState::start(campaign, None, Rules::Monsters).unwrap();
    let save = RunState::restore(run.snapshot()).unwrap();
    // A load with nothing lost is a plain load.
    run.replace_with(save.clone());
    assert!(!run.chronicle().reloaded);
    assert_eq!(run, save, "a plain load is the save, exactly");
    // Hurt, then back to the save: marked, and its record goes on the other board.
    let hp = run.fight().hp;
    run.stage().set_hit_points(hp - 5);
    run.replace_with(save.clone());
    assert!(run.chronicle().reloaded);
    assert_eq!(run.chronicle().notes.last().unwrap().kind, NoteKind::Loaded);
    let record = delve_rules::records::record_of(&run, "2026-12-02T12:00:00Z", "");
    assert_eq!(record.board, Board::Other);
    assert!(record.marks.iter().any(|m| m == "reloaded"));
    // A save of another run is no reload of this one.
    let mut other = CampaignConfig::builtin();
    other.seed = 6;
    let (other, _) = RunState::start(other, None, Rules::Monsters).unwrap();
    let (mut fresh, _) = RunState::start(CampaignConfig::builtin(), None, Rules::Monsters).unwrap();
    fresh.stage().set_hit_points(1);
    fresh.replace_with(other);
    assert!(!fresh.chronicle().reloaded);
}

#[test]
fn the_daily_seed_of_a_fixed_date_is_the_same_on_every_machine() {
    // Pinned: changing these changes every day's dungeon for everyone.
    assert_eq!(
        daily_seed(parse_day("2026-12-02").unwrap()),
        DAILY_2026_12_02
    );
    assert_eq!(
        daily_seed(parse_day("2000-01-01").unwrap()),
        DAILY_2000_01_01
    );
}

const DAILY_2026_12_02: u64 = 3_091_328_979;
const DAILY_2000_01_01: u64 = 330_790_237;

#[test]
fn a_chronicle_survives_a_save_and_older_saves_without_one_still_load() {
    let run = played_to_the_end(DYING_SEED);
    let restored = RunState::restore(run.snapshot()).unwrap();
    assert_eq!(restored.chronicle(), run.chronicle());
    let mut older = run.snapshot();
    older.chronicle = None;
    let restored = RunState::restore(older).unwrap();
    assert!(restored.chronicle().notes.is_empty());
    assert_eq!(
        restored.chronicle().deepest,
        run.keys().keys().copied().max().unwrap()
    );
}

#[test]
fn a_save_of_a_run_the_history_holds_as_over_is_known_for_one() {
    let dir = TempDir::new("records-over");
    let data = DataDir::at(dir.path());
    let run = played_to_the_end(DYING_SEED);
    let mut earlier = CampaignConfig::builtin();
    earlier.seed = DYING_SEED;
    let (mut saved, _) = RunState::start(earlier, None, Rules::Monsters).unwrap();
    saved.set_origin(run.chronicle().origin.clone());
    assert!(
        !delve_rules::records::has_ended_before(&data.storage(), &saved),
        "no history yet"
    );
    keep_record(
        &data.storage(),
        &run,
        &[],
        &SaveSlot::file(data.save_slot()),
    )
    .unwrap();
    assert!(
        delve_rules::records::has_ended_before(&data.storage(), &saved),
        "a copy of its old save"
    );
    saved.mark_reloaded("test");
    assert!(saved.chronicle().reloaded);
    // Another start of the same seed is another run.
    let mut same_seed = CampaignConfig::builtin();
    same_seed.seed = DYING_SEED;
    let (mut other, _) = RunState::start(same_seed, None, Rules::Monsters).unwrap();
    other.set_origin(RunOrigin {
        started: Some("2026-12-03T09:00:00Z".into()),
        ..RunOrigin::default()
    });
    assert!(!delve_rules::records::has_ended_before(
        &data.storage(),
        &other
    ));
}

//! One storage interface under the save slot and the records: the same save bytes load
//! from a folder and from any other storage (a save moves between the desktop and the
//! browser), and a full storage refuses a write whole — the previous save, history and
//! morgue stay as they were, the run in memory goes on, and the error says the storage
//! is full. Runs of one seed ending in the same second, in any number of writers, each
//! keep their own morgue file and history line.

use std::sync::Arc;

use delve_rules::records::history::History;
use delve_rules::records::slot::SaveSlot;
use delve_rules::records::storage::{Folder, MemoryStorage, Storage};
use delve_rules::records::{HISTORY, SAVE_SLOT, keep_record};
use delve_rules::run::{PlayerAction, RunState};

use delve_levels::save::LoadedFrom;

use crate::support::with_monsters;
use crate::temp_dir::TempDir;

/// A run of `seed` after `waits` turns of waiting.
fn run_of(seed: u64, waits: u32) -> RunState {
    let mut run = with_monsters(seed);
    for _ in 0..waits {
        run.apply(PlayerAction::Wait);
    }
    run
}

/// A slot in a fresh memory storage that holds at most `quota` bytes.
fn slot_in_memory(quota: usize) -> (Arc<MemoryStorage>, SaveSlot) {
    let storage = Arc::new(MemoryStorage::with_quota(quota));
    let slot = SaveSlot::new(storage.clone(), SAVE_SLOT);
    (storage, slot)
}

#[test]
fn a_save_written_to_a_folder_loads_byte_for_byte_from_another_storage_and_back() {
    let dir = TempDir::new("storage-move");
    let run = run_of(21, 5);
    let on_disk = SaveSlot::file(dir.file("delve.sav"));
    on_disk.save(&run.snapshot()).unwrap();
    let bytes = std::fs::read(dir.file("delve.sav")).unwrap();
    assert_eq!(on_disk.bytes().unwrap().as_deref(), Some(bytes.as_slice()));

    let (_, in_memory) = slot_in_memory(usize::MAX);
    in_memory.put_file(&bytes).unwrap();
    assert_eq!(
        in_memory.bytes().unwrap().unwrap(),
        bytes,
        "stored unchanged"
    );
    let (loaded, _, _) = in_memory.load().unwrap();
    assert_eq!(loaded.snapshot(), run.snapshot());

    let back = SaveSlot::file(dir.file("moved.sav"));
    back.put_file(&in_memory.bytes().unwrap().unwrap()).unwrap();
    assert_eq!(std::fs::read(dir.file("moved.sav")).unwrap(), bytes);
}

#[test]
fn a_file_that_is_not_a_save_is_refused_and_the_slot_keeps_its_save() {
    let (_, slot) = slot_in_memory(usize::MAX);
    let run = run_of(22, 2);
    slot.save(&run.snapshot()).unwrap();
    let before = slot.bytes().unwrap();
    let error = slot.put_file(b"a picture of a cat").unwrap_err();
    assert!(error.to_string().contains("DELVESAV"), "{error}");
    let mut damaged = before.clone().unwrap();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    assert!(slot.put_file(&damaged).is_err());
    assert_eq!(slot.bytes().unwrap(), before);
}

#[test]
fn a_full_storage_refuses_the_save_whole_and_the_previous_save_still_loads() {
    let first = run_of(23, 1);
    let size = SaveSlot::encode(&first.snapshot()).unwrap().len();
    // Room for one save and not for a second beside it as the backup.
    let (storage, slot) = slot_in_memory(size + size / 2);
    slot.save(&first.snapshot()).unwrap();
    let later = run_of(23, 40);
    let error = slot.save(&later.snapshot()).unwrap_err();
    let text = error.to_string();
    assert!(text.contains("the storage is full"), "{text}");
    assert!(text.contains("memory/delve.sav"), "names the entry: {text}");
    assert_eq!(storage.names(), [SAVE_SLOT], "nothing half-written");
    let (loaded, _, _) = slot.load().unwrap();
    assert_eq!(loaded.turns(), first.turns(), "the previous save");
    assert!(later.turns() > first.turns(), "the run in memory goes on");
}

#[test]
fn keeping_a_record_in_a_full_storage_fails_saying_so_and_changes_no_entry() {
    let run = run_of(24, 3);
    let (storage, slot) = slot_in_memory(100);
    storage.write(HISTORY, b"").unwrap();
    let error = keep_record(&*storage, &run, &[], &slot).unwrap_err();
    assert!(error.contains("the storage is full"), "{error}");
    assert_eq!(storage.names(), [HISTORY]);
    assert!(
        History::read_from(&*storage, HISTORY)
            .unwrap()
            .records()
            .is_empty()
    );

    let roomy = MemoryStorage::new();
    let kept = keep_record(&roomy, &run, &[], &slot).unwrap();
    assert_eq!(
        roomy.list("morgue").unwrap().len(),
        2,
        "morgue text and final state"
    );
    assert_eq!(
        History::read_from(&roomy, HISTORY).unwrap().records(),
        std::slice::from_ref(&kept.record)
    );
}

#[test]
fn games_racing_to_one_save_file_always_leave_a_loadable_save_and_backup() {
    let dir = TempDir::new("storage-race");
    let path = dir.file("delve.sav");
    let saves: Vec<_> = (0..8).map(|waits| run_of(25, waits).snapshot()).collect();
    let turns: Vec<u64> = saves.iter().map(|save| save.turns).collect();
    for round in 0..6 {
        let handles: Vec<_> = saves
            .iter()
            .cloned()
            .map(|save| {
                let slot = SaveSlot::file(&path);
                std::thread::spawn(move || slot.save(&save))
            })
            .collect();
        for handle in handles {
            handle
                .join()
                .unwrap()
                .unwrap_or_else(|e| panic!("round {round}: a writer failed: {e}"));
        }
        let (saved, _, from) = SaveSlot::file(&path).load().unwrap();
        assert_eq!(from, LoadedFrom::Main, "round {round}");
        assert!(
            turns.contains(&saved.turns()),
            "round {round}: {}",
            saved.turns()
        );
        let backup = SaveSlot::file(dir.file("delve.sav.bak")).load();
        assert!(backup.is_ok(), "round {round}: the backup is damaged");
        assert!(
            !dir.file("delve.sav.tmp").exists(),
            "round {round}: a temporary save left"
        );
    }
}

#[test]
fn runs_of_one_seed_ending_together_each_keep_their_own_morgue_and_history_line() {
    let dir = TempDir::new("records-race");
    let runs: Vec<RunState> = (0..8).map(|waits| run_of(31, waits)).collect();
    let rounds = 3;
    for round in 0..rounds {
        let handles: Vec<_> = runs
            .iter()
            .cloned()
            .map(|run| {
                let records = Folder::at(dir.path());
                let slot = SaveSlot::file(dir.file("delve.sav"));
                std::thread::spawn(move || keep_record(&records, &run, &[], &slot))
            })
            .collect();
        for handle in handles {
            handle
                .join()
                .unwrap()
                .unwrap_or_else(|e| panic!("round {round}: a record was not kept: {e}"));
        }
    }
    let records = Folder::at(dir.path());
    let history = History::read_from(&records, HISTORY).unwrap();
    let lines = history.records();
    assert_eq!(lines.len(), runs.len() * rounds, "a line for every run");
    let mut morgues: Vec<&str> = lines.iter().map(|r| r.morgue.as_str()).collect();
    morgues.sort_unstable();
    morgues.dedup();
    assert_eq!(
        morgues.len(),
        lines.len(),
        "a morgue file of its own for every line"
    );
    for morgue in morgues {
        let text = dir.path().join("morgue").join(morgue);
        assert!(text.is_file(), "{morgue} written");
        assert!(
            text.with_extension("sav").is_file(),
            "{morgue}'s final state written"
        );
    }
}

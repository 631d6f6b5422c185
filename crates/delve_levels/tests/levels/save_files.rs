//! Save files on disk: crash-safe writing (a temporary file, then a rename) with the
//! previous save kept as a backup, and loading that falls back to it.

use std::fs;
use std::path::PathBuf;

use delve_levels::save::{
    LoadedFrom, SaveError, SaveHooks, backup_path, encode_save, load_from_path, load_with_backup,
    save_to_path, save_to_path_with_hooks, temp_path,
};

use super::save::{SaveData, sample_state};
use super::temp_dir::TempDir;

#[test]
fn save_and_load_through_a_file() {
    let dir = TempDir::new("roundtrip");
    let path = dir.file("game.sav");
    save_to_path(&path, &sample_state(1), 99).unwrap();
    assert_eq!(load_from_path::<SaveData>(&path).unwrap(), sample_state(1));
    assert!(!temp_path(&path).exists());
    assert!(
        !backup_path(&path).exists(),
        "the first save has nothing to back up"
    );
    save_to_path(&path, &sample_state(2), 99).unwrap();
    assert_eq!(load_from_path::<SaveData>(&path).unwrap(), sample_state(2));
    assert_eq!(
        load_from_path::<SaveData>(backup_path(&path)).unwrap(),
        sample_state(1)
    );
}

#[test]
fn an_interrupted_save_leaves_the_previous_save_loadable() {
    let dir = TempDir::new("interrupted");
    let path = dir.file("game.sav");
    save_to_path(&path, &sample_state(1), 5).unwrap();
    let err = save_to_path_with_hooks(
        &path,
        &sample_state(2),
        5,
        SaveHooks {
            fail_after_tmp: true,
        },
    )
    .unwrap_err();
    assert!(matches!(err, SaveError::Interrupted { .. }), "{err:?}");
    assert!(
        temp_path(&path).exists(),
        "the temporary file is left as a crash would leave it"
    );
    assert_eq!(load_from_path::<SaveData>(&path).unwrap(), sample_state(1));
    // The next save simply overwrites the leftover temporary file.
    save_to_path(&path, &sample_state(3), 5).unwrap();
    assert_eq!(load_from_path::<SaveData>(&path).unwrap(), sample_state(3));
}

#[test]
fn a_damaged_save_falls_back_to_the_backup() {
    let dir = TempDir::new("backup");
    let path = dir.file("game.sav");
    save_to_path(&path, &sample_state(1), 5).unwrap();
    save_to_path(&path, &sample_state(2), 5).unwrap();
    let (state, from) = load_with_backup::<SaveData>(&path).unwrap();
    assert_eq!((state, from), (sample_state(2), LoadedFrom::Main));

    let mut bytes = fs::read(&path).unwrap();
    bytes[100] ^= 0x10;
    fs::write(&path, &bytes).unwrap();
    let err = load_from_path::<SaveData>(&path).unwrap_err();
    assert!(
        err.to_string().contains("game.sav") && err.to_string().contains("checksum"),
        "{err}"
    );
    let (state, from) = load_with_backup::<SaveData>(&path).unwrap();
    assert_eq!(state, sample_state(1));
    assert!(
        matches!(
            from,
            LoadedFrom::Backup {
                main_error: SaveError::InFile { .. }
            }
        ),
        "{from:?}"
    );
    // The player is told which file was loaded, and why the save was not.
    let notice = from.notice(&path);
    assert!(
        notice.contains("game.sav.bak") && notice.contains("checksum"),
        "{notice}"
    );

    // Saving over a damaged save keeps the good backup rather than backing up the damage.
    save_to_path(&path, &sample_state(3), 5).unwrap();
    assert_eq!(
        load_from_path::<SaveData>(backup_path(&path)).unwrap(),
        sample_state(1)
    );

    fs::write(&path, b"junk").unwrap();
    fs::write(backup_path(&path), b"more junk").unwrap();
    let both = load_with_backup::<SaveData>(&path).unwrap_err();
    assert!(matches!(both, SaveError::BothUnloadable { .. }), "{both:?}");
    assert!(
        both.to_string().contains("game.sav") && both.to_string().contains("its backup"),
        "both problems named: {both}"
    );
    // Without a backup, the save's own error is all there is to say.
    fs::remove_file(backup_path(&path)).unwrap();
    let alone = load_with_backup::<SaveData>(&path).unwrap_err();
    assert!(!alone.to_string().contains("its backup"), "{alone}");
}

#[test]
fn a_missing_save_is_an_io_error_naming_the_path() {
    let dir = TempDir::new("missing");
    let path = dir.file("nothing.sav");
    let err = load_from_path::<SaveData>(&path).unwrap_err();
    assert!(matches!(err, SaveError::Io { .. }));
    assert!(err.to_string().contains("nothing.sav"), "{err}");
    fs::write(
        backup_path(&path),
        encode_save(&sample_state(4), 1).unwrap(),
    )
    .unwrap();
    let (state, from) = load_with_backup::<SaveData>(&path).unwrap();
    assert_eq!(state, sample_state(4));
    assert!(matches!(from, LoadedFrom::Backup { .. }));
}

#[test]
fn a_save_path_without_a_file_name_is_refused_before_anything_is_written() {
    let dir = TempDir::new("no-file-name");
    for path in [PathBuf::new(), dir.path().to_path_buf()] {
        let error = save_to_path(&path, &sample_state(1), 7).unwrap_err();
        assert!(matches!(error, SaveError::Io { .. }), "{error}");
        assert!(error.to_string().contains("file name"), "{error}");
        assert!(
            !temp_path(&path).exists(),
            "{} left",
            temp_path(&path).display()
        );
    }
}

#[test]
fn a_complete_temporary_save_is_loaded_only_when_the_save_and_its_backup_are_not() {
    let dir = TempDir::new("temp-fallback");
    let path = dir.file("game.sav");
    save_to_path(&path, &sample_state(1), 5).unwrap();
    save_to_path(&path, &sample_state(2), 5).unwrap();
    // A crash after the temporary file was written: a complete save 3 waits in .tmp.
    let hooks = SaveHooks {
        fail_after_tmp: true,
    };
    assert!(save_to_path_with_hooks(&path, &sample_state(3), 5, hooks).is_err());
    assert!(temp_path(&path).is_file());
    // A good save wins over the temporary file.
    let (state, from) = load_with_backup::<SaveData>(&path).unwrap();
    assert_eq!((state, from), (sample_state(2), LoadedFrom::Main));
    // So does a good backup.
    fs::write(&path, b"junk").unwrap();
    let (state, from) = load_with_backup::<SaveData>(&path).unwrap();
    assert_eq!(state, sample_state(1));
    assert!(matches!(from, LoadedFrom::Backup { .. }), "{from:?}");
    // With both unusable, the temporary save is loaded, and the notice says so.
    fs::write(backup_path(&path), b"more junk").unwrap();
    let (state, from) = load_with_backup::<SaveData>(&path).unwrap();
    assert_eq!(state, sample_state(3));
    assert!(matches!(from, LoadedFrom::Temp { .. }), "{from:?}");
    let notice = from.notice(&path);
    assert!(
        notice.contains("game.sav.tmp") && notice.contains("interrupted"),
        "{notice}"
    );
    // A damaged temporary file is no way out: both problems are named.
    fs::write(temp_path(&path), b"junk too").unwrap();
    assert!(matches!(
        load_with_backup::<SaveData>(&path),
        Err(SaveError::BothUnloadable { .. })
    ));
}

#[test]
fn writers_racing_to_one_save_always_leave_a_loadable_save_and_backup() {
    let dir = TempDir::new("race");
    let path = dir.file("delve.sav");
    let writers = 8u64;
    for round in 0..25u64 {
        let handles: Vec<_> = (0..writers)
            .map(|writer| {
                let path = path.clone();
                std::thread::spawn(move || {
                    let turns = round * 100 + writer;
                    save_to_path(&path, &sample_state(turns), turns ^ 0x5eed)
                })
            })
            .collect();
        for handle in handles {
            handle
                .join()
                .unwrap()
                .unwrap_or_else(|e| panic!("round {round}: a writer failed: {e}"));
        }
        // The save is one writer's whole save of this round, and not the backup's doing.
        let (saved, from): (SaveData, LoadedFrom) = load_with_backup(&path).unwrap();
        assert_eq!(from, LoadedFrom::Main, "round {round}");
        assert!(
            (round * 100..round * 100 + writers).contains(&saved.turns),
            "round {round}: {}",
            saved.turns
        );
        let backup: SaveData = load_from_path(backup_path(&path))
            .unwrap_or_else(|e| panic!("round {round}: the backup is damaged: {e}"));
        assert!(backup.turns <= saved.turns + writers, "round {round}");
        assert!(
            !temp_path(&path).exists(),
            "round {round}: a temporary save left"
        );
    }
}

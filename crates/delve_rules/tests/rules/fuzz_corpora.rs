//! The fuzz targets (`fuzz/src/targets.rs`, included here so that they build and run on
//! stable Rust) over their committed seed corpora (`fuzz/seeds/TARGET/`) and every input
//! a fuzzing campaign found (`fuzz/regressions/TARGET/`): each keeps its promise —
//! no panic, round trips that hold, a run that restores to itself at every step.

#[path = "../../../../fuzz/src/targets.rs"]
mod targets;

use std::path::PathBuf;

fn inputs(folder: &str, target: &str) -> Vec<PathBuf> {
    let dir = crate::workspace_root()
        .join("fuzz")
        .join(folder)
        .join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    files.sort();
    files
}

fn run_all(folder: &str) -> usize {
    let mut count = 0;
    for (name, target) in targets::TARGETS {
        for file in inputs(folder, name) {
            let data = std::fs::read(&file).unwrap();
            let outcome = std::panic::catch_unwind(|| target(&data));
            assert!(
                outcome.is_ok(),
                "{name} broke its promise on {}",
                file.display()
            );
            count += 1;
        }
    }
    count
}

#[test]
fn every_target_keeps_its_promise_on_its_seed_corpus() {
    for (name, _) in targets::TARGETS {
        assert!(
            !inputs("seeds", name).is_empty(),
            "fuzz/seeds/{name}/ holds the target's seeds"
        );
    }
    assert!(run_all("seeds") >= targets::TARGETS.len());
}

#[test]
fn every_input_a_fuzzing_campaign_found_stays_fixed() {
    run_all("regressions");
}

#[test]
fn the_run_target_keeps_its_promise_on_random_play_with_every_item() {
    use delve_levels::rng::{Stream, StreamRng};
    let mut rng = StreamRng::new(27, Stream::Cosmetic);
    for case in 0..64u64 {
        // A start carrying one of everything (the second byte 1 mod 4), then actions
        // weighted toward the item bytes (160 to 195) among moves and waits.
        let mut data = vec![case as u8, 1];
        for _ in 0..targets::MOST_STEPS {
            let byte = match rng.below(3) {
                0 => 160 + rng.below(36) as u8,
                1 => rng.below(120) as u8,
                _ => rng.below(256) as u8,
            };
            data.push(byte);
        }
        let outcome = std::panic::catch_unwind(|| targets::run(&data));
        assert!(outcome.is_ok(), "case {case}: {data:?}");
    }
}

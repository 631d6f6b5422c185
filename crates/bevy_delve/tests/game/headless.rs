//! Headless runs: the same seed and actions give the same final state, from
//! `run_headless` and from a test app alike; the final state says how the run ended.

use super::*;
use bevy_delve::game::headless::{final_state, run_headless};
use delve_rules::run::RunEnd;

#[test]
fn a_replay_gives_the_same_final_state_twice() {
    let actions = actions("lllljjjj > hhhh R kkk 2 jj 3 K");
    let a = run_headless(settings(21), &actions, None).unwrap();
    let b = run_headless(settings(21), &actions, None).unwrap();
    assert_eq!(a, b);
    let mut t = TestContext::new(21);
    t.act(&actions);
    assert_eq!(final_state(&mut t.app).unwrap(), a);
}

#[test]
fn the_final_state_says_how_the_run_ended() {
    let mut t = TestContext::new(3);
    let state = final_state(&mut t.app).unwrap();
    assert_eq!((state.outcome.as_str(), state.hp), ("peaceful", None));

    let mut t = TestContext::with_settings(fighting(3));
    let state = final_state(&mut t.app).unwrap();
    assert_eq!(state.outcome, "playing");
    assert_eq!((state.hp, state.max_hp), (Some(30), Some(30)));
    t.change_run(|run| {
        run.stage().end_run(RunEnd::Died {
            cause: "killed by a troll on depth 1".into(),
        });
    });
    let state = final_state(&mut t.app).unwrap();
    assert_eq!(state.outcome, "dead: killed by a troll on depth 1");
    assert_eq!((state.hp, state.max_hp), (Some(0), Some(30)));
    t.change_run(|run| {
        run.stage().set_final_depth(1).end_run(RunEnd::Won);
    });
    assert_eq!(final_state(&mut t.app).unwrap().outcome, "won");
}

#[test]
fn the_final_state_lists_the_pack_by_letter_and_says_hunger() {
    let mut t = TestContext::with_settings(fighting(5));
    let state = final_state(&mut t.app).unwrap();
    assert_eq!(state.hunger, None, "fed: not said");
    t.change_run(|run| {
        let dagger = run.campaign().loot_table().index_of("dagger").unwrap();
        run.stage().carry(vec![dagger, dagger]).set_food(100);
        run.apply(delve_rules::run::PlayerAction::Use(0));
    });
    let state = final_state(&mut t.app).unwrap();
    assert_eq!(state.hunger.as_deref(), Some("Weak with hunger"));
    assert!(
        state
            .inventory
            .iter()
            .any(|line| line.starts_with("a) ") && line.ends_with("dagger (wielded)")),
        "{:?}",
        state.inventory
    );
    // Two daggers are two entries (weapons never stack), each under its own letter.
    assert!(
        (state.inventory.iter()).any(|line| line.starts_with("b) ") && line.ends_with(") dagger")),
        "{:?}",
        state.inventory
    );
}

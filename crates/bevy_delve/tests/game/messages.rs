//! Messages in and out: `PlayerIntent` messages reach the run, one action a frame and in
//! order; entering a level is told as `LevelEntered` with its depth and key; and over
//! random play, the run in the game is the run the same actions give without it, with
//! each outcome told as its message and the world mirroring it after every action.

use super::*;
use bevy_delve::game::PlayerIntent;
use bevy_delve::game::actions::ActionQueue;
use delve_rules::run::Outcome;

#[test]
fn player_intents_reach_the_run_one_action_a_frame_in_order() {
    let mut t = TestContext::new(6);
    let start = t.player();
    let sent = [
        PlayerAction::Move(1, 0),
        PlayerAction::Move(0, 1),
        PlayerAction::Wait,
    ];
    for action in sent {
        t.app.world_mut().write_message(PlayerIntent(action));
    }
    let mut applied = Vec::new();
    for (frame, at) in [start.offset(1, 0), start.offset(1, 1), start.offset(1, 1)]
        .into_iter()
        .enumerate()
    {
        t.app.update();
        assert_eq!(t.run().turns(), frame as u64 + 1, "one action a frame");
        assert_eq!(t.player(), at, "and the frame shows what it left");
        assert_eq!(
            t.app.world().resource::<ActionQueue>().0.len(),
            sent.len() - frame - 1
        );
        applied.extend(t.heard::<ActionApplied>().into_iter().map(|a| a.0));
    }
    assert_eq!(applied, sent, "applied as sent");
}

#[test]
fn entering_a_level_is_told_with_its_depth_and_key() {
    let mut t = TestContext::new(7);
    let entered = |t: &mut TestContext| -> Vec<(u32, String)> {
        t.heard::<LevelEntered>()
            .into_iter()
            .map(|e| (e.depth, e.key))
            .collect()
    };
    let first = t.run().level().key.encode();
    assert_eq!(entered(&mut t), [(1, first.clone())], "the start");
    t.act(&[PlayerAction::Ascend]);
    assert_eq!(entered(&mut t), [], "no way up from depth 1");
    let down = t.run().level().level.down;
    t.walk_to(down);
    t.act(&[PlayerAction::Descend]);
    let second = t.run().level().key.encode();
    assert_ne!(second, first);
    assert_eq!(entered(&mut t), [(2, second)], "down the stairs");
    t.act(&[PlayerAction::Ascend]);
    assert_eq!(entered(&mut t), [(1, first)], "and back up");
    t.act(&[PlayerAction::Regenerate]);
    let regenerated = t.run().level().key.encode();
    assert_eq!(entered(&mut t), [(1, regenerated)], "a level made anew");
}

/// What the game should tell of `outcomes`: the notices, the levels entered, and how
/// many times the player was disturbed.
fn told(outcomes: &[Outcome]) -> (Vec<String>, Vec<LevelEntered>, usize) {
    let mut told = (Vec::new(), Vec::new(), 0);
    for outcome in outcomes {
        match outcome {
            Outcome::Notice(text) => told.0.push(text.clone()),
            Outcome::LevelEntered { depth, key } => told.1.push(LevelEntered {
                depth: *depth,
                key: key.encode(),
            }),
            Outcome::Disturbed => told.2 += 1,
            _ => {}
        }
    }
    told
}

#[test]
fn random_play_is_the_runs_own_told_as_messages_and_mirrored_after_every_action() {
    let mut rng = delve_levels::rng::StreamRng::new(77, delve_levels::rng::Stream::Cosmetic);
    // Moves and waits most, then the stairs, pick-up, explore, rest, and the designer's
    // regenerate, switch and walls (saves and loads have their own tests).
    let letters: Vec<char> = "hjklyubnhjklyubn....g><xZR12+-".chars().collect();
    let (mut entered, mut disturbed) = (0, 0);
    for seed in 0..4 {
        let mut t = TestContext::with_settings(fighting(100 + seed));
        t.heard::<Notice>();
        t.heard::<LevelEntered>();
        t.heard::<Disturbed>();
        t.heard::<ActionApplied>();
        for _ in 0..60 {
            let letter = letters[rng.below(letters.len() as u32) as usize];
            let action = actions(&letter.to_string())[0];
            let mut twin = t.run().clone();
            let expected = told(&twin.apply(action));
            let log_before = t.log().len();
            t.act(&[action]);
            assert!(
                t.run() == &twin,
                "seed {seed}, {action:?}: the run is the twin's"
            );
            assert_eq!(t.heard::<ActionApplied>(), [ActionApplied(action)]);
            let notices: Vec<String> = t.heard::<Notice>().into_iter().map(|n| n.0).collect();
            assert_eq!(notices, expected.0, "seed {seed}, {action:?}: the notices");
            assert_eq!(
                t.log()[log_before..],
                expected.0[..],
                "seed {seed}, {action:?}: and they are in the log"
            );
            assert_eq!(
                t.heard::<LevelEntered>(),
                expected.1,
                "seed {seed}, {action:?}"
            );
            assert_eq!(
                t.heard::<Disturbed>().len(),
                expected.2,
                "seed {seed}, {action:?}"
            );
            t.assert_mirrors_the_run();
            entered += expected.1.len();
            disturbed += expected.2;
        }
    }
    assert!(
        entered > 0 && disturbed > 0,
        "{entered} levels entered, {disturbed} disturbances"
    );
}

//! Replays: the same seed and actions give the same final state, in a run and in a test
//! app.

use super::*;

#[test]
fn a_replay_gives_the_same_final_state_twice() {
    let actions = delve::game::parse_actions("lllljjjj > hhhh R kkk 2 jj 3 K").unwrap();
    let a = run_headless(settings(21, None), &actions, None).unwrap();
    let b = run_headless(settings(21, None), &actions, None).unwrap();
    assert_eq!(a, b);
    let mut t = TestContext::new(21);
    t.act(&actions);
    assert_eq!(final_state(&mut t.app).unwrap(), a);
}

//! `cargo bench -p delve_rules --bench recordings`: what recording every run costs and
//! what watching one takes — bytes of a recording per 1,000 turns, opening a
//! 20,000-turn recording for watching ([`Watched::open`]: one checked play-through,
//! keyframes kept), a seek to any step ([`Watched::frame_at`]: the worst case is the
//! step before a keyframe), and recording's cost per step in play (the check and the
//! line written, beside the step itself). Plain timings (a seek is one number, not a
//! distribution), printed as the figures docs/src/performance.md quotes.

use std::hint::black_box;
use std::time::{Duration, Instant};

use delve_levels::config::CampaignConfig;
use delve_levels::rng::{Stream, StreamRng};
use delve_rules::run::record::{
    Check, KEYFRAME_EVERY, RECORDING_FORMAT, Recording, RecordingStart, Step, Watched,
};
use delve_rules::run::{PlayerAction, Rules, RunState};

/// The turns the long recording reaches.
const TURNS: u64 = 20_000;

/// A step a simple player drawn from `rng` takes (exploring, walking, waiting, resting,
/// searching, taking the stairs).
fn next_action(rng: &mut StreamRng) -> PlayerAction {
    match rng.below(10) {
        0..4 => PlayerAction::Explore,
        4 => PlayerAction::Descend,
        5 => PlayerAction::Rest,
        6 => PlayerAction::Search,
        7 => PlayerAction::Wait,
        _ => {
            let (dx, dy) =
                [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)][rng.below(6) as usize];
            PlayerAction::Move(dx, dy)
        }
    }
}

/// A run of `seed` by `rules` played until `turns` turns (or its end), recorded; with
/// the time its steps took alone and with recording (check and line) added.
fn played(seed: u64, rules: Rules, turns: u64) -> (Recording, Duration, Duration) {
    let mut campaign = CampaignConfig::builtin();
    campaign.seed = seed;
    let start = RecordingStart::new(&campaign, None, rules);
    let (mut run, _) =
        RunState::start(campaign, None, rules).expect("the built-in campaign starts");
    let mut rng = StreamRng::new(seed, Stream::Combat);
    let (mut playing, mut recording) = (Duration::ZERO, Duration::ZERO);
    let mut steps = Vec::new();
    while run.turns() < turns && run.end().is_none() && steps.len() < 20 * turns as usize {
        let action = next_action(&mut rng);
        let depth_before = run.depth();
        let began = Instant::now();
        black_box(run.apply(action));
        let applied = Instant::now();
        // As the game records a step: the whole state's CRC only where it is due.
        let number = steps.len() + 1;
        let check = Check::of_step(RECORDING_FORMAT, number, Some(&action), depth_before, &run);
        let step = Step::Act(action, check);
        black_box(step.line());
        playing += applied - began;
        recording += applied.elapsed();
        steps.push(step);
    }
    (Recording { start, steps }, playing, recording)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    // Runs with monsters, as players play them: bytes per 1,000 turns, and recording's
    // cost beside the steps.
    let (mut bytes, mut turns, mut playing, mut recording, mut steps) =
        (0, 0, Duration::ZERO, Duration::ZERO, 0);
    for seed in 1..=20 {
        let (rec, p, r) = played(seed, Rules::Monsters, TURNS);
        bytes += rec.text().len();
        turns += rec.steps.last().map_or(0, |s| s.check().turns);
        steps += rec.steps.len();
        playing += p;
        recording += r;
    }
    println!(
        "runs with monsters (20 seeds, {steps} steps, {turns} turns): {} bytes per 1,000 turns; a step {:.3} ms, recording it {:.3} ms ({:.1} % of the step)",
        bytes as u64 * 1000 / turns.max(1),
        ms(playing) / steps as f64,
        ms(recording) / steps as f64,
        100.0 * recording.as_secs_f64() / playing.as_secs_f64()
    );

    let (long, _, _) = played(7, Rules::Peaceful, TURNS);
    let turns = long.steps.last().map_or(0, |s| s.check().turns);
    println!(
        "a peaceful run of {turns} turns, {} steps: {} bytes ({} per 1,000 turns)",
        long.steps.len(),
        long.text().len(),
        long.text().len() as u64 * 1000 / turns.max(1)
    );
    let began = Instant::now();
    let text = long.text();
    let parsed = Recording::parse(&text).expect("it reads back");
    let read = began.elapsed();
    let began = Instant::now();
    let watched = Watched::open(parsed).expect("it replays");
    let opened = began.elapsed();
    println!(
        "opening it: reading {:.0} ms, the checked play-through with keyframes {:.0} ms",
        ms(read),
        ms(opened)
    );
    let last = watched.last_step();
    // The worst seeks: the step just before each of 20 keyframes spread over the run.
    let mut worst = Duration::ZERO;
    let mut total = Duration::ZERO;
    let tries = 20;
    for i in 0..tries {
        let key = (last / KEYFRAME_EVERY) * i / tries;
        let step = (key * KEYFRAME_EVERY + KEYFRAME_EVERY - 1).min(last);
        let began = Instant::now();
        black_box(watched.frame_at(step).expect("the seek replays"));
        let took = began.elapsed();
        worst = worst.max(took);
        total += took;
    }
    println!(
        "a seek to any step (the step before a keyframe, {tries} over the run): {:.1} ms on average, {:.1} ms at worst",
        ms(total) / tries as f64,
        ms(worst)
    );
}

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

/// Times each part of a step is timed, the least kept.
const TIMINGS: usize = 3;

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

/// A recorded run and what its recording cost.
struct Played {
    recording: Recording,
    /// The time its steps took alone.
    playing: Duration,
    /// The time recording them took (the checks and the lines).
    recording_took: Duration,
    /// Of that, the checks that held the whole state's CRC, and how many.
    whole: Duration,
    wholes: usize,
}

impl Played {
    /// Recording's cost per step and against the step, and the whole checks' share.
    fn cost(&self) -> String {
        let steps = self.recording.steps.len().max(1) as f64;
        format!(
            "a step {:.4} ms, recording it {:.4} ms ({:.1} % of the step; {} whole checks, one step in {:.0}, {:.4} ms a step of it, the light checks and lines {:.4} ms a step)",
            ms(self.playing) / steps,
            ms(self.recording_took) / steps,
            100.0 * self.recording_took.as_secs_f64() / self.playing.as_secs_f64(),
            self.wholes,
            steps / self.wholes.max(1) as f64,
            ms(self.whole) / steps,
            ms(self.recording_took - self.whole) / steps,
        )
    }
}

/// A run of `seed` by `rules` played until `turns` turns (or its end), recorded as the
/// game records it, timed.
fn played(seed: u64, rules: Rules, turns: u64) -> Played {
    let mut campaign = CampaignConfig::builtin();
    campaign.seed = seed;
    let start = RecordingStart::new(&campaign, None, rules);
    let (mut run, _) =
        RunState::start(campaign, None, rules).expect("the built-in campaign starts");
    let mut rng = StreamRng::new(seed, Stream::Combat);
    let (mut playing, mut recording) = (Duration::ZERO, Duration::ZERO);
    let (mut whole, mut wholes) = (Duration::ZERO, 0);
    let mut steps = Vec::new();
    while run.turns() < turns && run.end().is_none() && steps.len() < 20 * turns as usize {
        let action = next_action(&mut rng);
        let depth_before = run.depth();
        // Each part timed three times (the step on copies of the run), the least kept:
        // on a shared machine a time slice lost to another job lands in whichever part
        // was being timed, and would count as its cost.
        let (mut step_took, mut after) = (Duration::MAX, None);
        for _ in 0..TIMINGS {
            let mut copy = run.clone();
            let began = Instant::now();
            black_box(copy.apply(action));
            step_took = step_took.min(began.elapsed());
            after = Some(copy);
        }
        run = after.expect("played");
        // As the game records a step: the whole state's CRC only where it is due.
        let number = steps.len() + 1;
        let (mut recording_took, mut step) = (Duration::MAX, None);
        for _ in 0..TIMINGS {
            let began = Instant::now();
            let check = Check::of_step(RECORDING_FORMAT, number, Some(&action), depth_before, &run);
            let recorded = Step::Act(action, check);
            black_box(recorded.line());
            recording_took = recording_took.min(began.elapsed());
            step = Some(recorded);
        }
        let step = step.expect("recorded");
        if step.check().state.is_some() {
            whole += recording_took;
            wholes += 1;
        }
        playing += step_took;
        recording += recording_took;
        steps.push(step);
    }
    Played {
        recording: Recording { start, steps },
        playing,
        recording_took: recording,
        whole,
        wholes,
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    // Runs with monsters, as players play them: bytes per 1,000 turns, and recording's
    // cost beside the steps.
    let (mut bytes, mut turns) = (0, 0);
    let mut all = Played {
        recording: Recording {
            start: RecordingStart::new(&CampaignConfig::builtin(), None, Rules::Monsters),
            steps: Vec::new(),
        },
        playing: Duration::ZERO,
        recording_took: Duration::ZERO,
        whole: Duration::ZERO,
        wholes: 0,
    };
    for seed in 1..=20 {
        let one = played(seed, Rules::Monsters, TURNS);
        bytes += one.recording.text().len();
        turns += one.recording.steps.last().map_or(0, |s| s.check().turns);
        all.recording.steps.extend(one.recording.steps);
        all.playing += one.playing;
        all.recording_took += one.recording_took;
        all.whole += one.whole;
        all.wholes += one.wholes;
    }
    println!(
        "runs with monsters (20 seeds, {} steps, {turns} turns): {} bytes per 1,000 turns; {}",
        all.recording.steps.len(),
        bytes as u64 * 1000 / turns.max(1),
        all.cost()
    );

    let played_long = played(7, Rules::Peaceful, TURNS);
    let long = &played_long.recording;
    let turns = long.steps.last().map_or(0, |s| s.check().turns);
    println!(
        "a peaceful run of {turns} turns, {} steps: {} bytes ({} per 1,000 turns); {}",
        long.steps.len(),
        long.text().len(),
        long.text().len() as u64 * 1000 / turns.max(1),
        played_long.cost()
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

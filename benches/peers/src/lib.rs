//! The side-by-side harness: delve and a peer crate timed in alternating samples of the
//! same run, medians, the ratio `peer / delve`, and the markdown table the bench prints.
//!
//! Absolute times on a shared machine are noise; a ratio taken from interleaved samples
//! of one run holds much better, which is why every row is a ratio.

pub mod accretion;
pub mod breakdown;
pub mod caves;
pub mod mazes;
pub mod numbers;
pub mod peak;
pub mod rooms;
pub mod scale;

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Each sample repeats the workload until it lasts about this long.
const SAMPLE_TARGET: Duration = Duration::from_millis(10);
/// Time one side may spend in its samples of one job (both sides together: twice this).
const SIDE_BUDGET: Duration = Duration::from_millis(1500);
/// Fewest and most samples per side (odd, so the median is a sample).
const MIN_SAMPLES: usize = 5;
const MAX_SAMPLES: usize = 15;
/// Jobs whose single call takes longer than this get only three samples.
const SLOW_CALL: Duration = Duration::from_secs(1);

/// What a row has to reach.
#[derive(Clone, Copy, Debug)]
pub enum Target {
    /// `peer / delve` at least `min`, with an optional stretch goal.
    Ratio { min: f64, stretch: Option<f64> },
    /// delve's throughput at least `gbps` (10⁹ bytes/s) and `peer / delve` at least `ratio`
    /// (the peer being memcpy of the same buffer).
    Throughput { bytes: usize, gbps: f64, ratio: f64 },
    /// Reported for context; no goal.
    Info,
}

impl Target {
    /// `≥ min×` with no stretch goal.
    pub const fn at_least(min: f64) -> Target {
        Target::Ratio { min, stretch: None }
    }

    fn describe(&self) -> String {
        match *self {
            Target::Ratio { min, stretch: None } => format!("≥ {min}×"),
            Target::Ratio {
                min,
                stretch: Some(s),
            } => format!("≥ {min}× (stretch {s}×)"),
            Target::Throughput { gbps, ratio, .. } if ratio > 0.0 => {
                format!("≥ {gbps} GB/s, ≥ {ratio}× memcpy")
            }
            Target::Throughput { gbps, .. } => format!("≥ {gbps} GB/s"),
            Target::Info => "—".to_string(),
        }
    }

    fn verdict(&self, delve: Duration, ratio: f64) -> String {
        match *self {
            Target::Ratio { min, stretch } => match (ratio >= min, stretch) {
                (false, _) => "**no**".to_string(),
                (true, Some(s)) if ratio >= s => "yes (stretch too)".to_string(),
                (true, Some(_)) => "yes (not stretch)".to_string(),
                (true, None) => "yes".to_string(),
            },
            Target::Throughput {
                bytes,
                gbps,
                ratio: min_ratio,
            } => {
                let fast = gbps_of(bytes, delve) >= gbps;
                let near_memcpy = ratio >= min_ratio;
                match (fast, near_memcpy) {
                    (true, true) => "yes".to_string(),
                    (false, true) => "**no** (GB/s)".to_string(),
                    (true, false) => "**no** (memcpy ratio)".to_string(),
                    (false, false) => "**no** (both)".to_string(),
                }
            }
            Target::Info => "—".to_string(),
        }
    }
}

/// One measured row of the table.
#[derive(Clone, Debug)]
pub struct Row {
    /// What is compared.
    pub job: String,
    /// Who the peer is and how its figure was taken.
    pub peer_name: String,
    /// Median time of one delve call.
    pub delve: Duration,
    /// Median time of one peer call, already divided by the peer's divisor.
    pub peer: Duration,
    /// Samples per side.
    pub samples: usize,
    /// Bytes processed per call, for a GB/s figure.
    pub bytes: Option<usize>,
    /// The goal.
    pub target: Target,
}

impl Row {
    /// `peer / delve`: how many times faster delve is.
    pub fn ratio(&self) -> f64 {
        self.peer.as_secs_f64() / self.delve.as_secs_f64()
    }
}

/// A result of checking that the two sides are comparable (or that a property holds).
#[derive(Clone, Debug)]
pub struct Check {
    /// What was checked.
    pub what: String,
    /// Whether it held, and the numbers behind it.
    pub outcome: Result<String, String>,
}

/// Everything the run found: the rows, the checks, and free-form notes.
#[derive(Default)]
pub struct Report {
    /// Only jobs whose name contains one of these run (all when empty).
    pub filters: Vec<String>,
    /// Timed rows, in run order.
    pub rows: Vec<Row>,
    /// Comparability and property checks.
    pub checks: Vec<Check>,
    /// Other measurements (peak memory, sub-step timings).
    pub notes: Vec<String>,
}

impl Report {
    /// Whether a job (by a group name such as `"pass"`) is selected by the filters.
    pub fn wants(&self, group: &str) -> bool {
        self.filters.is_empty() || self.filters.iter().any(|f| group.contains(f.as_str()))
    }

    /// Records a check.
    pub fn check(&mut self, what: impl Into<String>, outcome: Result<String, String>) {
        let check = Check {
            what: what.into(),
            outcome,
        };
        eprintln!("  check: {} — {}", check.what, show_outcome(&check.outcome));
        self.checks.push(check);
    }

    /// Records a note.
    pub fn note(&mut self, note: impl Into<String>) {
        let note = note.into();
        eprintln!("  note: {note}");
        self.notes.push(note);
    }

    /// Times `delve` and `peer` in alternating samples and records the medians. The
    /// peer's time per call is divided by `peer_divisor` (e.g. 15 passes per call).
    #[allow(clippy::too_many_arguments)]
    pub fn compare<D: FnMut() -> R1, P: FnMut() -> R2, R1, R2>(
        &mut self,
        job: &str,
        peer_name: &str,
        peer_divisor: u32,
        bytes: Option<usize>,
        target: Target,
        delve: D,
        peer: P,
    ) {
        let (delve, peer, samples) = interleaved_medians(delve, peer);
        let row = Row {
            job: job.to_string(),
            peer_name: peer_name.to_string(),
            delve,
            peer: peer / peer_divisor,
            samples,
            bytes,
            target,
        };
        eprintln!(
            "  {}: delve {} | {} {} | {:.1}× ({} samples)",
            row.job,
            show_time(row.delve),
            row.peer_name,
            show_time(row.peer),
            row.ratio(),
            samples
        );
        self.rows.push(row);
    }

    /// The markdown table: job | delve | peer | ratio | target | met?
    pub fn table(&self) -> String {
        let mut out = String::new();
        out.push_str("| job | delve | peer | ratio (peer / delve) | target | met? |\n");
        out.push_str("|---|---:|---|---:|---|---|\n");
        for row in &self.rows {
            let with_rate = |t: Duration| match row.bytes {
                Some(b) => format!("{} ({:.2} GB/s)", show_time(t), gbps_of(b, t)),
                None => show_time(t),
            };
            let _ = writeln!(
                out,
                "| {} | {} | {}: {} | {} | {} | {} |",
                row.job,
                with_rate(row.delve),
                row.peer_name,
                with_rate(row.peer),
                show_ratio(row.ratio()),
                row.target.describe(),
                row.target.verdict(row.delve, row.ratio()),
            );
        }
        out
    }
}

/// Runs `f` once and then as often as needed for one sample to last [`SAMPLE_TARGET`];
/// returns the repetitions per sample and the time of one call.
fn calibrate<R>(f: &mut impl FnMut() -> R) -> (u32, Duration) {
    let start = Instant::now();
    black_box(f());
    let once = start.elapsed().max(Duration::from_nanos(1));
    if once >= SAMPLE_TARGET {
        return (1, once);
    }
    // A second, longer estimate: the first call pays for cold caches.
    let trial = (SAMPLE_TARGET.as_nanos() / 10 / once.as_nanos()).clamp(1, 1_000_000) as u32;
    let per_call = time_sample(f, trial);
    let reps = (SAMPLE_TARGET.as_nanos() / per_call.as_nanos().max(1)).clamp(1, 10_000_000) as u32;
    (reps, per_call)
}

/// Time of one call, averaged over `reps` back-to-back calls.
fn time_sample<R>(f: &mut impl FnMut() -> R, reps: u32) -> Duration {
    let start = Instant::now();
    for _ in 0..reps {
        black_box(f());
    }
    start.elapsed() / reps
}

/// Calibrates both sides, then takes the same odd number of samples of each, alternating
/// which side goes first, and returns both medians and the sample count.
fn interleaved_medians<R1, R2>(
    mut delve: impl FnMut() -> R1,
    mut peer: impl FnMut() -> R2,
) -> (Duration, Duration, usize) {
    let (delve_reps, delve_call) = calibrate(&mut delve);
    let (peer_reps, peer_call) = calibrate(&mut peer);
    let longest_sample = (delve_call * delve_reps).max(peer_call * peer_reps);
    let slowest_call = delve_call.max(peer_call);
    let fewest = if slowest_call > SLOW_CALL {
        3
    } else {
        MIN_SAMPLES
    };
    let wanted = (SIDE_BUDGET.as_nanos() / longest_sample.as_nanos().max(1)) as usize;
    let samples = wanted.clamp(fewest, MAX_SAMPLES) | 1;
    let mut delve_times = Vec::with_capacity(samples);
    let mut peer_times = Vec::with_capacity(samples);
    for i in 0..samples {
        if i % 2 == 0 {
            delve_times.push(time_sample(&mut delve, delve_reps));
            peer_times.push(time_sample(&mut peer, peer_reps));
        } else {
            peer_times.push(time_sample(&mut peer, peer_reps));
            delve_times.push(time_sample(&mut delve, delve_reps));
        }
    }
    (median(delve_times), median(peer_times), samples)
}

/// Median of timed samples (taken from an odd count, so it is one of them).
pub fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// The median time of one call of `f` over `samples` samples (for sub-step breakdowns).
pub fn time_median<R>(samples: usize, mut f: impl FnMut() -> R) -> Duration {
    let (reps, _) = calibrate(&mut f);
    median(
        (0..samples.max(1) | 1)
            .map(|_| time_sample(&mut f, reps))
            .collect(),
    )
}

/// 10⁹ bytes per second.
pub fn gbps_of(bytes: usize, time: Duration) -> f64 {
    bytes as f64 / time.as_secs_f64() / 1e9
}

/// A duration with three significant digits and a fitting unit.
pub fn show_time(t: Duration) -> String {
    let ns = t.as_secs_f64() * 1e9;
    let (value, unit) = if ns < 1e3 {
        (ns, "ns")
    } else if ns < 1e6 {
        (ns / 1e3, "µs")
    } else if ns < 1e9 {
        (ns / 1e6, "ms")
    } else {
        (ns / 1e9, "s")
    };
    let digits = if value < 10.0 {
        2
    } else if value < 100.0 {
        1
    } else {
        0
    };
    format!("{value:.digits$} {unit}")
}

fn show_ratio(r: f64) -> String {
    if r >= 100.0 {
        format!("**{r:.0}×**")
    } else if r >= 10.0 {
        format!("**{r:.1}×**")
    } else {
        format!("**{r:.2}×**")
    }
}

/// A check's outcome as one line.
pub fn show_outcome(outcome: &Result<String, String>) -> String {
    match outcome {
        Ok(detail) => format!("ok: {detail}"),
        Err(detail) => format!("FAILED: {detail}"),
    }
}

/// Bytes with a binary unit.
pub fn show_bytes(bytes: usize) -> String {
    let b = bytes as f64;
    if b >= (1 << 30) as f64 {
        format!("{:.2} GiB", b / (1u64 << 30) as f64)
    } else if b >= (1 << 20) as f64 {
        format!("{:.2} MiB", b / (1 << 20) as f64)
    } else if b >= 1024.0 {
        format!("{:.1} KiB", b / 1024.0)
    } else {
        format!("{bytes} B")
    }
}

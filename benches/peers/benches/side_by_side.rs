//! delve next to its peers in one run: prints the machine, the comparability checks, and a
//! markdown table of `peer / delve` ratios against the targets.
//!
//!     cargo bench --manifest-path benches/peers/Cargo.toml
//!     cargo bench --manifest-path benches/peers/Cargo.toml -- pass maze   # only some jobs
//!
//! Job groups: `pass`, `cave level`, `connectivity`, `maze`, `rooms`, `accretion`, `1000² level`,
//! `co-primes`, `scrambling`. Progress goes to stderr, the report to stdout.

use std::process::Command;
use std::time::Instant;

use delve_peers::{Report, accretion, caves, mazes, numbers, rooms, scale, show_outcome};

#[global_allocator]
static ALLOCATOR: delve_peers::peak::Counting = delve_peers::peak::Counting;

fn main() {
    // `cargo bench` passes `--bench`; anything not starting with `-` selects job groups.
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let mut report = Report {
        filters,
        ..Report::default()
    };
    let machine = machine_line();
    let load_before = load_average();
    let started = Instant::now();
    caves::run(&mut report);
    mazes::run(&mut report);
    rooms::run(&mut report);
    accretion::run(&mut report);
    scale::run(&mut report);
    numbers::run(&mut report);
    let load_after = load_average();

    println!("# delve vs peers, one run");
    println!();
    println!("Machine: {machine}");
    println!(
        "Load average (1 min) before / after: {load_before} / {load_after}; run took {:.0} s",
        started.elapsed().as_secs_f64()
    );
    println!(
        "Each row: delve and the peer timed in alternating samples; medians; ratio = peer time / \
         delve time (how many times faster delve is)."
    );
    println!();
    print!("{}", report.table());
    println!();
    println!("## Comparability checks");
    println!();
    for check in &report.checks {
        println!("- {}: {}", check.what, show_outcome(&check.outcome));
    }
    if !report.notes.is_empty() {
        println!();
        println!("## Notes");
        println!();
        for note in &report.notes {
            println!("- {note}");
        }
    }
}

/// `nproc`, the CPU model and the compiler, on one line.
fn machine_line() -> String {
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".to_string());
    let rustc = Command::new("rustc")
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|v| v.trim().to_string())
        .unwrap_or_else(|| "rustc ?".to_string());
    format!(
        "nproc {cpus}, {model}, {rustc}, {} {}",
        std::env::consts::OS,
        std::env::consts::ARCH
    )
}

/// The one-minute load average, as the kernel prints it.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".to_string())
}

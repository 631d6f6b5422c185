//! Times one game turn in a crowded cave (80×50 with 20 monsters, 200×200 with 200:
//! [`RunState::crowded_cave`], the benchmark's own) and entering a level (starting a run
//! on a 200×200 cave), with the same code natively and in the browser build's wasm —
//! the figure of how much slower the rules run in a browser.
//!
//! Natively: `cargo run --release -p delve_rules --example turn_timing`. In wasm
//! (under Node): `web/turn-timing` builds it with the browser build's toolchain and runs
//! it.

use delve_levels::config::CampaignConfig;
use delve_levels::generator::{CaveConfig, GeneratorConfig};
use delve_levels::key::LevelKey;
use delve_rules::run::{PlayerAction, Rules, RunState};

/// Milliseconds on a monotonic clock (`performance.now()` in wasm, where `Instant` is
/// missing).
fn now_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        let performance = js_sys::Reflect::get(&js_sys::global(), &"performance".into())
            .expect("this JavaScript has performance.now()");
        let now: js_sys::Function = js_sys::Reflect::get(&performance, &"now".into())
            .expect("performance.now")
            .into();
        now.call0(&performance)
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(0.0)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::OnceLock;
        use std::time::Instant;
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
    }
}

fn say(line: &str) {
    #[cfg(target_arch = "wasm32")]
    web_sys::console::log_1(&line.into());
    #[cfg(not(target_arch = "wasm32"))]
    println!("{line}");
}

/// The median of `rounds` timings of `step` on a fresh copy of `setup()` each (the
/// copying not timed), in milliseconds.
fn median_ms<S, T>(rounds: usize, setup: impl Fn() -> S, step: impl Fn(S) -> T) -> f64 {
    let mut times: Vec<f64> = (0..rounds)
        .map(|_| {
            let input = setup();
            let start = now_ms();
            std::hint::black_box(step(input));
            now_ms() - start
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[rounds / 2]
}

fn main() {
    let target = if cfg!(target_arch = "wasm32") {
        "wasm32"
    } else {
        "native"
    };
    for (width, height, monsters, rounds) in [(80, 50, 20, 400), (200, 200, 200, 60)] {
        let run = RunState::crowded_cave(width, height, monsters, None);
        let ms = median_ms(
            rounds,
            || run.clone(),
            |mut run| run.apply(PlayerAction::Wait),
        );
        say(&format!(
            "{target}: one turn, {width}x{height} with {monsters} monsters: {ms:.3} ms (median of {rounds})"
        ));
    }
    let config = GeneratorConfig::Cave(CaveConfig {
        width: 200,
        height: 200,
        ..CaveConfig::default()
    });
    let key = LevelKey::new(config, 1, 1);
    let ms = median_ms(
        15,
        || key.clone(),
        |key| RunState::start(CampaignConfig::builtin(), Some(key), Rules::Monsters),
    );
    say(&format!(
        "{target}: entering a level, a 200x200 cave: {ms:.1} ms (median of 15)"
    ));
}

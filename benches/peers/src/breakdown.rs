//! Where delve's time goes inside a whole level: the layout, the stairs and the loot
//! timed one by one through the public API, in the order `generate_level` runs them,
//! plus how often a level needs a second layout.

use delve_levels::analysis::distances::walking_distances;
use delve_levels::analysis::regions::Regions;
use delve_levels::analysis::wall_bits::WallBits;
use delve_levels::grid::{Grid, Pos, Tile};
use delve_levels::rng::{Stream, StreamRng};
use delve_levels::generator::place_loot;
use delve_levels::generator::stairs::place_stairs;
use delve_levels::generator::{GeneratorConfig, GeneratorKind, generate_layout, generate_level};

use crate::caves::random_fill;
use crate::{Report, show_time, time_median};

/// Layouts prepared ahead, so that timed calls only do the step being timed.
const PREPARED: usize = 64;
/// Samples per sub-step median.
const SAMPLES: usize = 9;

/// Times the steps of `generate_level(config, seed)` and adds a note.
pub fn level_split(report: &mut Report, name: &str, config: &GeneratorConfig) {
    let (width, height) = config.size();
    let clearance = config.stair_clearance();
    let carve = config.kind() != GeneratorKind::Cave;
    let retries: Vec<u32> = (1..=200u64)
        .map(|seed| generate_level(config, seed).map_or(99, |level| level.report.retries))
        .collect();
    let retried = retries.iter().filter(|&&r| r > 0).count();
    let mean_attempts = 1.0 + retries.iter().map(|&r| r as f64).sum::<f64>() / retries.len() as f64;

    let layouts: Vec<Grid<Tile>> = (0..PREPARED as u64)
        .map(|seed| generate_layout(config, &mut StreamRng::new(seed, Stream::Layout)).tiles)
        .collect();
    let with_stairs: Vec<(Grid<Tile>, Pos)> = layouts
        .iter()
        .filter_map(|tiles| {
            let mut tiles = tiles.clone();
            let stairs = place_stairs(
                &mut tiles,
                clearance,
                true,
                &mut StreamRng::new(1, Stream::Layout),
            )
            .ok()?;
            Some((tiles, stairs.up))
        })
        .collect();

    let mut seed = 0u64;
    let whole = time_median(SAMPLES, || {
        seed += 1;
        generate_level(config, seed)
    });
    let layout = time_median(SAMPLES, || {
        seed += 1;
        generate_layout(config, &mut StreamRng::new(seed, Stream::Layout))
    });
    let mut i = 0;
    let clone = time_median(SAMPLES, || {
        i += 1;
        layouts[i % PREPARED].clone()
    });
    let stairs = time_median(SAMPLES, || {
        i += 1;
        let mut tiles = layouts[i % PREPARED].clone();
        place_stairs(
            &mut tiles,
            clearance,
            carve,
            &mut StreamRng::new(i as u64, Stream::Layout),
        )
    });
    let loot = time_median(SAMPLES, || {
        i += 1;
        let (tiles, up) = &with_stairs[i % with_stairs.len()];
        place_loot(
            tiles,
            *up,
            config.loot_count(),
            clearance,
            &mut StreamRng::new(i as u64, Stream::Loot),
        )
    });
    let regions = time_median(SAMPLES, || {
        i += 1;
        Regions::of(&layouts[i % PREPARED])
    });
    let bfs = time_median(SAMPLES, || {
        i += 1;
        let (tiles, up) = &with_stairs[i % with_stairs.len()];
        walking_distances(tiles, *up)
    });
    let mut line = format!(
        "{name} {width}×{height} split (medians): whole level {}; layout {}; stairs {} (after a \
         {} tile clone); loot {}; for scale, one Regions::of {} and one walking_distances {}; \
         {retried}/200 seeds needed more than one layout (mean {mean_attempts:.2} layouts per level)",
        show_time(whole),
        show_time(layout),
        show_time(stairs.saturating_sub(clone)),
        show_time(clone),
        show_time(loot),
        show_time(regions),
        show_time(bfs),
    );
    if config.kind() == GeneratorKind::Cave {
        let passes = match config {
            GeneratorConfig::Cave(c) => c.passes,
            _ => 0,
        };
        let fill = random_fill(width as usize, height as usize, 5);
        let pack = time_median(SAMPLES, || WallBits::from_grid(&fill));
        let bits = WallBits::from_grid(&fill);
        let step = time_median(SAMPLES, || bits.clone().steps(passes));
        let unpack = time_median(SAMPLES, || bits.to_grid());
        let mut rng = StreamRng::new(3, Stream::Layout);
        let draws = time_median(SAMPLES, || {
            (0..width * height)
                .filter(|_| rng.chance_percent(40))
                .count()
        });
        line.push_str(&format!(
            "; inside the layout: {} random draws {}, pack {}, {passes} passes {}, unpack {}",
            width * height,
            show_time(draws),
            show_time(pack),
            show_time(step),
            show_time(unpack)
        ));
    }
    report.note(line);
}

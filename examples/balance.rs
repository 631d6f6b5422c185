//! Is delve winnable? A balance report, not a check: a plain bot plays the built-in
//! campaign with monsters over many run seeds — drinks a healing potion below 40 % of
//! its hit points, fights whatever is in view, explores, then takes the stairs — and
//! the report says how many runs it won and how deep each got.
//!
//! ```sh
//! cargo run --example balance          # run seeds 0..30
//! cargo run --example balance -- 100   # run seeds 0..100
//! ```

use delve::base::grid::Pos;
use delve::levels::config::CampaignConfig;
use delve::run::{Outcome, PlayerAction, Rules, RunEnd, RunState};

fn main() {
    let seeds: u64 = match std::env::args().nth(1) {
        None => 30,
        Some(count) => count.parse().unwrap_or_else(|_| {
            eprintln!("usage: cargo run --example balance [-- SEEDS]; {count:?} is not a count");
            std::process::exit(2)
        }),
    };
    let results: Vec<(u32, bool, u64)> = (0..seeds).map(bot_run).collect();
    let wins = results.iter().filter(|r| r.1).count();
    let mut depths: Vec<u32> = results.iter().map(|r| r.0).collect();
    depths.sort();
    println!(
        "bot: {wins} wins of {}; depths reached {depths:?}",
        results.len()
    );
}

/// A plain bot: drinks a potion when low, fights what it sees, explores, then takes the
/// stairs. Returns (depth reached, won, turns).
fn bot_run(seed: u64) -> (u32, bool, u64) {
    let mut campaign = CampaignConfig::builtin();
    campaign.seed = seed;
    let (mut run, _) = RunState::start(campaign, None, Rules::Monsters).expect("the run starts");
    let table = run.campaign().loot_table();
    let potions: Vec<usize> = ["potion of healing", "potion of extra healing"]
        .iter()
        .filter_map(|n| table.index_of(n))
        .collect();
    for _ in 0..20_000 {
        if run.end().is_some() {
            break;
        }
        let fight = run.fight();
        let potion = run
            .lettered_inventory()
            .into_iter()
            .find(|l| potions.contains(&l.kind));
        if fight.hp * 5 < fight.max_hp * 2
            && let Some(potion) = potion
        {
            run.apply(PlayerAction::Use(potion.letter as u8 - b'a'));
            continue;
        }
        let tiles = &run.level().level.tiles;
        let seen: Vec<Pos> = run
            .level()
            .monsters
            .iter()
            .filter(|m| run.level().visible[tiles.index_of(m.pos)])
            .map(|m| m.pos)
            .collect();
        if let Some(&target) = seen.iter().min_by_key(|p| p.chebyshev(run.player())) {
            let step = (
                (target.x - run.player().x).signum(),
                (target.y - run.player().y).signum(),
            );
            let before = (run.player(), run.turns());
            run.apply(PlayerAction::Move(step.0, step.1));
            if (run.player(), run.turns()) == before {
                run.apply(PlayerAction::Wait);
            }
            continue;
        }
        let outcomes = run.apply(PlayerAction::Explore);
        let explored = outcomes
            .iter()
            .any(|o| matches!(o, Outcome::Notice(t) if t.contains("Explored")));
        if explored {
            let depth = run.depth();
            for _ in 0..20 {
                run.apply(PlayerAction::Descend);
                if run.depth() != depth || run.end().is_some() || run.monster_in_view() {
                    break;
                }
            }
        }
    }
    (run.depth(), run.end() == Some(&RunEnd::Won), run.turns())
}

//! A cyclic dungeon's one-way drop in play: a ledge is stepped onto from its high side,
//! and dropped down from to its low side; from below a step onto it is refused and takes
//! no turn; walking monsters keep off it, fliers cross it; travel and exploring never
//! climb it.

use delve_levels::config::CampaignConfig;
use delve_levels::generator::cyclic::layout::OneWayDrop;
use delve_levels::generator::{CyclicConfig, GeneratorConfig};
use delve_levels::grid::{Pos, Tile};
use delve_levels::monsters::Mind;
use delve_rules::run::{PlayerAction, Rules, RunState};

use super::support::{alone_with, monster, notices, said};

/// Runs whose first depth is a cyclic dungeon holding a ledge, alone on it, with the
/// drop (of seeds from 0, the first `count`).
fn dropping_runs(count: usize) -> Vec<(RunState, OneWayDrop)> {
    (0..300)
        .filter_map(|seed| {
            let mut campaign = CampaignConfig::builtin();
            campaign.seed = seed;
            campaign.depths = vec![GeneratorConfig::Cyclic(CyclicConfig::default())];
            let run = RunState::start(campaign, None, Rules::Monsters).ok()?.0;
            let drop = *run.level().level.plan.as_ref()?.drops().first()?;
            Some((alone_with(run, None), drop))
        })
        .take(count)
        .collect()
}

/// The step from `from` into `to`.
fn toward(from: Pos, to: Pos) -> PlayerAction {
    PlayerAction::Move(to.x - from.x, to.y - from.y)
}

#[test]
fn a_ledge_refuses_a_climb_without_a_turn_and_drops_the_player_from_above() {
    let runs = dropping_runs(5);
    assert!(runs.len() >= 5, "{} runs with a ledge", runs.len());
    for (mut run, drop) in runs {
        // From below: refused, no turn.
        run.stage().put_player(drop.low_side);
        let turns = run.turns();
        let outcomes = run.apply(toward(drop.low_side, drop.at));
        assert!(
            said(&outcomes, "The ledge is too high to climb from below"),
            "{:?}",
            notices(&outcomes)
        );
        assert_eq!((run.player(), run.turns()), (drop.low_side, turns));

        // From above: onto the lip (a turn), then down (told), and no way back up.
        run.stage().put_player(drop.high_side);
        let turns = run.turns();
        run.apply(toward(drop.high_side, drop.at));
        assert_eq!(run.player(), drop.at, "the player steps onto the lip");
        assert!(run.turns() > turns, "the step takes a turn");
        let outcomes = run.apply(toward(drop.at, drop.low_side));
        assert!(
            said(
                &outcomes,
                "You drop down the ledge: there is no climbing back."
            ),
            "{:?}",
            notices(&outcomes)
        );
        assert_eq!(run.player(), drop.low_side);
        run.apply(toward(drop.low_side, drop.at));
        assert_eq!(run.player(), drop.low_side, "no climbing back");
        assert_eq!(run.level().tile_at(drop.at), Some(Tile::Ledge));
    }
}

#[test]
fn a_walking_monster_never_climbs_a_ledge_and_a_flier_crosses_it() {
    let mut watched = 0;
    for (mut run, drop) in dropping_runs(5) {
        // The player above, a kobold hunting from below: it never sets foot on the lip.
        run.stage().put_player(drop.high_side);
        let mut kobold = monster("kobold", drop.low_side);
        kobold.id = 1;
        run.stage().add_monster(kobold);
        run.stage().set_mind(0, Mind::Hunting(drop.high_side));
        for _ in 0..30 {
            run.apply(PlayerAction::Wait);
            assert!(run.level().monsters.iter().all(|m| m.pos != drop.at));
            if run.end().is_some() {
                break;
            }
        }
        watched += 1;
    }
    assert_eq!(watched, 5);
    // A bat below a ledge, hunting the player above it, flies up over it.
    let (run, drop) = dropping_runs(1).remove(0);
    let mut run = alone_with(run, None);
    run.stage().put_player(drop.high_side);
    let mut bat = monster("cave bat", drop.low_side);
    bat.id = 1;
    run.stage().add_monster(bat);
    run.stage().set_mind(0, Mind::Hunting(drop.high_side));
    let mut crossed = false;
    for _ in 0..20 {
        run.apply(PlayerAction::Wait);
        crossed |= run.level().monsters.iter().any(|m| m.pos == drop.at);
        if crossed || run.end().is_some() {
            break;
        }
    }
    assert!(crossed, "the bat flies over the ledge");
}

#[test]
fn travel_drops_down_a_ledge_from_above_and_goes_round_it_from_below() {
    for (mut run, drop) in dropping_runs(5) {
        run.stage().remember_everything();
        // From below: the long way round, never onto the ledge.
        run.stage().put_player(drop.low_side);
        let round = run.route_to(drop.high_side).expect("the way round");
        assert!(!round.steps.contains(&drop.at), "{drop:?}");
        assert!(round.steps.len() > 2);
        // From above: over it.
        run.stage().put_player(drop.high_side);
        let down = run.route_to(drop.low_side).expect("the way down");
        assert_eq!(down.steps, vec![drop.at, drop.low_side]);
        run.apply(PlayerAction::TravelTo(drop.low_side));
        assert_eq!(run.player(), drop.low_side);
    }
}

#[test]
fn exploring_never_climbs_a_ledge() {
    for (mut run, drop) in dropping_runs(5) {
        // All seen but the tile above the ledge: reached the long way round.
        run.stage()
            .clear_items()
            .remember_everything()
            .forget(drop.high_side);
        run.stage().put_player(drop.low_side);
        for _ in 0..40 {
            run.stage().clear_monsters();
            let outcomes = run.apply(PlayerAction::Explore);
            assert!(
                !said(&outcomes, "too high to climb"),
                "{:?}",
                notices(&outcomes)
            );
            assert_ne!(run.player(), drop.at);
            if said(&outcomes, "Explored") {
                break;
            }
        }
        let tiles = &run.level().level.tiles;
        assert!(run.level().seen[tiles.index_of(drop.high_side)], "{drop:?}");
    }
}

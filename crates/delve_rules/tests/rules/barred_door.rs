//! A cyclic dungeon's barred shortcut in play: from its barred side a walk into it is
//! refused and takes no turn; from its open side it opens, for good; monsters treat it
//! as wall while it is barred; travel and exploring go through it from its open side
//! (from recording format 11) and round it from its barred side.

use delve_levels::config::CampaignConfig;
use delve_levels::generator::cyclic::layout::BarredDoor;
use delve_levels::generator::{CyclicConfig, GeneratorConfig};
use delve_levels::grid::{Pos, Tile};
use delve_levels::monsters::Mind;
use delve_rules::run::{PlayerAction, Rules, RunState};

use super::support::{alone_with, monster, notices, said};

/// Runs whose first depth is a cyclic dungeon holding a barred door, alone on it, with
/// the door (of seeds from 0, the first `count`).
fn barred_runs(count: usize) -> Vec<(RunState, BarredDoor)> {
    (0..200)
        .filter_map(|seed| {
            let mut campaign = CampaignConfig::builtin();
            campaign.seed = seed;
            campaign.depths = vec![GeneratorConfig::Cyclic(CyclicConfig::default())];
            let run = RunState::start(campaign, None, Rules::Monsters).ok()?.0;
            let door = run
                .level()
                .level
                .plan
                .as_ref()?
                .barred_doors()
                .first()
                .copied()?;
            Some((alone_with(run, None), door))
        })
        .take(count)
        .collect()
}

/// The step from `from` into `to`.
fn toward(from: Pos, to: Pos) -> PlayerAction {
    PlayerAction::Move(to.x - from.x, to.y - from.y)
}

#[test]
fn a_barred_door_refuses_its_barred_side_without_a_turn_and_opens_from_the_other_for_good() {
    let runs = barred_runs(5);
    assert!(runs.len() >= 5, "{} runs with a barred door", runs.len());
    for (mut run, door) in runs {
        run.stage().put_player(door.barred_side);
        let turns = run.turns();
        let outcomes = run.apply(toward(door.barred_side, door.at));
        assert!(
            said(&outcomes, "The door is barred from the other side."),
            "{:?}",
            notices(&outcomes)
        );
        assert_eq!((run.player(), run.turns()), (door.barred_side, turns));
        assert_eq!(run.level().tile_at(door.at), Some(Tile::BarredDoor));

        run.stage().put_player(door.open_side);
        let turns = run.turns();
        run.apply(toward(door.open_side, door.at));
        assert_eq!(run.player(), door.at, "it opens and the player steps in");
        assert!(run.turns() > turns, "opening it takes a turn");
        assert_eq!(run.level().tile_at(door.at), Some(Tile::Door));
        // Open for good: from the barred side now too, and a save remembers it.
        run.apply(toward(door.at, door.barred_side));
        assert_eq!(run.player(), door.barred_side);
        run.apply(toward(door.barred_side, door.at));
        assert_eq!(run.player(), door.at);
        let again = RunState::restore(run.snapshot()).unwrap();
        assert_eq!(again.level().tile_at(door.at), Some(Tile::Door));
    }
}

#[test]
fn a_monster_never_passes_a_barred_door() {
    let mut watched = 0;
    for (mut run, door) in barred_runs(5) {
        run.stage().put_player(door.barred_side);
        let mut kobold = monster("kobold", door.open_side);
        kobold.id = 1;
        run.stage().add_monster(kobold);
        run.stage().set_mind(0, Mind::Hunting(door.barred_side));
        for _ in 0..30 {
            run.apply(PlayerAction::Wait);
            assert!(run.level().monsters.iter().all(|m| m.pos != door.at));
            assert_eq!(run.level().tile_at(door.at), Some(Tile::BarredDoor));
            if run.end().is_some() {
                break;
            }
        }
        watched += 1;
    }
    assert_eq!(watched, 5);
}

#[test]
fn travel_walks_through_a_barred_door_from_its_open_side_and_round_it_from_its_barred_side() {
    for (mut run, door) in barred_runs(5) {
        run.stage().remember_everything();
        // From the barred side: the long way round, never onto the door.
        run.stage().put_player(door.barred_side);
        let round = run.route_to(door.open_side).expect("the long way round");
        assert!(!round.steps.contains(&door.at), "{:?}", door);
        assert!(round.steps.len() > 2);
        let outcomes = run.apply(PlayerAction::TravelTo(door.open_side));
        assert!(!said(&outcomes, "barred"), "{:?}", notices(&outcomes));
        assert_eq!(run.level().tile_at(door.at), Some(Tile::BarredDoor));
        // (An unfound trap on the way may have stopped it.)
        run.stage().put_player(door.open_side);
        // From the open side: through it, lifting the bar (told, so travel stops on it).
        let through = run.route_to(door.barred_side).expect("the way through");
        assert_eq!(through.steps, vec![door.at, door.barred_side]);
        let outcomes = run.apply(PlayerAction::TravelTo(door.barred_side));
        assert!(
            said(&outcomes, "You lift the bar"),
            "{:?}",
            notices(&outcomes)
        );
        assert_eq!(run.level().tile_at(door.at), Some(Tile::Door));
        run.apply(PlayerAction::TravelTo(door.barred_side));
        assert_eq!(run.player(), door.barred_side);
    }
}

#[test]
fn exploring_opens_a_barred_door_from_its_open_side_to_what_lies_behind_it() {
    for (mut run, door) in barred_runs(5) {
        // All seen but the tile behind the door: its open side's way to it is the door.
        run.stage()
            .clear_items()
            .remember_everything()
            .forget(door.barred_side);
        run.stage().put_player(door.open_side);
        let outcomes = run.apply(PlayerAction::Explore);
        assert!(
            said(&outcomes, "You lift the bar"),
            "{:?}",
            notices(&outcomes)
        );
        assert_eq!(
            (run.player(), run.level().tile_at(door.at)),
            (door.at, Some(Tile::Door))
        );
    }
}

#[test]
fn exploring_never_walks_into_a_barred_door_from_its_barred_side() {
    for (mut run, door) in barred_runs(5) {
        // All seen but the tile before the door: reached the long way round.
        run.stage()
            .clear_items()
            .remember_everything()
            .forget(door.open_side);
        run.stage().put_player(door.barred_side);
        for _ in 0..40 {
            // Alone (a monster arriving stops it; a trap stepped on stops it once).
            run.stage().clear_monsters();
            let outcomes = run.apply(PlayerAction::Explore);
            assert!(
                !said(&outcomes, "barred from the other side"),
                "{:?}",
                notices(&outcomes)
            );
            assert_eq!(run.level().tile_at(door.at), Some(Tile::BarredDoor));
            assert_ne!(run.player(), door.at);
            if said(&outcomes, "Explored") {
                break;
            }
        }
        let tiles = &run.level().level.tiles;
        assert!(run.level().seen[tiles.index_of(door.open_side)], "{door:?}");
    }
}

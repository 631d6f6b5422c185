//! Deep water as a place to go: walkers cannot follow a swimmer (they stop at the
//! water's edge, or come to the shore nearest a swimmer out in the water), shots at a swimmer miss half the time, and what the current tears away
//! is not lost but washes up on the shore of the same water, to be picked up again.

use delve_levels::grid::{KING, Pos, Tile};
use delve_levels::monsters::Mind;
use delve_rules::run::{PlayerAction, RunState};
use delve_rules::view::describe;

use super::support::{arena, first_runs, hunter, notices, said};

/// How far the pond reaches from the player (Chebyshev): every tile within it is deep
/// water, the player's own too.
const POND: i32 = 2;

/// A run of `seed` with the player swimming in the middle of a pond on open ground (every
/// tile within 5 of the player was floor), nothing carried, no monsters (and none
/// arriving), and hit points to spare; `None` when the first level has no such ground.
fn pond(seed: u64) -> Option<RunState> {
    let mut run = dry(seed)?;
    let here = run.player();
    for dy in -POND..=POND {
        for dx in -POND..=POND {
            run.stage().lay(here.offset(dx, dy), Tile::DeepWater);
        }
    }
    Some(run)
}

/// [`pond`] without the pond: the player on the open ground, nothing carried.
fn dry(seed: u64) -> Option<RunState> {
    let mut run = arena(seed)?;
    run.stage().carry(Vec::new());
    Some(run)
}

/// Ponds of the first seeds that have open ground: at least `want` of them.
fn ponds(want: usize) -> Vec<RunState> {
    first_runs(want, pond)
}

/// The loot table's first potion kind.
fn a_potion(run: &RunState) -> usize {
    let table = run.campaign().loot_table();
    (0..table.items().len())
        .find(|&k| table.items()[k].glyph == '!')
        .expect("a potion")
}

#[test]
fn a_walker_hunting_a_swimmer_never_follows_it_into_deep_water() {
    for mut run in ponds(4) {
        let here = run.player();
        let kobold = hunter(&run, "kobold", (POND + 2, 0), 0);
        let jackal = hunter(&run, "jackal", (0, -(POND + 2)), 1);
        run.stage().set_monsters(vec![kobold, jackal]);
        let hp = run.fight().hp;
        for _ in 0..12 {
            run.apply(PlayerAction::Wait);
            for m in &run.level().monsters {
                assert_ne!(run.level().tile_at(m.pos), Some(Tile::DeepWater));
                assert!(m.pos.chebyshev(here) > POND, "{} swam in", m.id);
                assert!(matches!(m.mind, Mind::Hunting(_)), "{} gave up", m.id);
            }
        }
        assert_eq!(run.fight().hp, hp, "no blow reaches the middle of the pond");
        // A swimmer beside the shore is in reach: the kobold comes to the edge.
        run.apply(PlayerAction::Move(1, 0));
        run.apply(PlayerAction::Move(1, 0));
        for _ in 0..6 {
            run.apply(PlayerAction::Wait);
        }
        let kobold = run.level().monsters.iter().find(|m| m.id == 0).unwrap();
        assert_eq!(kobold.pos.chebyshev(run.player()), 1, "at the water's edge");
        assert_ne!(run.level().tile_at(kobold.pos), Some(Tile::DeepWater));
    }
}

#[test]
fn a_walker_cut_off_from_a_swimmer_comes_to_the_nearest_shore_and_waits_there() {
    for mut run in ponds(4) {
        let here = run.player();
        // Far from the pond and off its axis: the nearest shore is 3 from the swimmer.
        let kobold = hunter(&run, "kobold", (POND + 3, 1), 0);
        let start = kobold.pos;
        run.stage().set_monsters(vec![kobold]);
        for _ in 0..8 {
            run.apply(PlayerAction::Wait);
        }
        let kobold = &run.level().monsters[0];
        assert_ne!(kobold.pos, start, "it does not stand where it was");
        assert_eq!(kobold.pos.chebyshev(here), POND + 1, "on the shore nearest");
        assert!(matches!(kobold.mind, Mind::Hunting(_)), "still hunting");
        let waiting = kobold.pos;
        for _ in 0..4 {
            run.apply(PlayerAction::Wait);
        }
        assert_eq!(run.level().monsters[0].pos, waiting, "and it waits there");
    }
}

#[test]
fn a_shot_at_a_swimmer_misses_about_half_the_time() {
    let (mut on_ground, mut swimming, mut splashed) = (0, 0, 0);
    let seeds: Vec<u64> = (0..60).filter(|&s| pond(s).is_some()).take(4).collect();
    assert_eq!(seeds.len(), 4);
    for seed in seeds {
        for wet in [false, true] {
            let mut run = if wet { pond(seed) } else { dry(seed) }.unwrap();
            let archer = hunter(&run, "goblin archer", (POND + 2, 0), 0);
            run.stage().set_monsters(vec![archer]);
            for _ in 0..60 {
                let outcomes = run.apply(PlayerAction::Wait);
                assert!(
                    said(&outcomes, "shoots an arrow"),
                    "{:?}",
                    notices(&outcomes)
                );
                let hit = usize::from(said(&outcomes, "it hits you"));
                if wet {
                    swimming += hit;
                    splashed += usize::from(said(&outcomes, "splashes into the water"));
                } else {
                    on_ground += hit;
                    assert!(!said(&outcomes, "splashes"));
                }
            }
        }
    }
    assert!(splashed > 0);
    // Half the shots at the swimmer never come to a roll: about half the hits.
    assert!(
        swimming * 10 < on_ground * 7 && swimming * 10 > on_ground * 3,
        "{swimming} hits on the swimmer, {on_ground} on the ground"
    );
}

#[test]
fn what_the_current_tears_away_washes_up_on_the_shore_and_can_be_picked_up_again() {
    for mut run in ponds(3) {
        let here = run.player();
        let potion = a_potion(&run);
        run.stage().carry(vec![potion; 4]);
        let mut turns = 0;
        while run.inventory().len() == 4 {
            // Each stroke into deep water may lose something to the current.
            let stroke = if turns % 2 == 0 { 1 } else { -1 };
            let outcomes = run.apply(PlayerAction::Move(stroke, 0));
            turns += 1;
            assert!(turns < 40, "the current never took anything");
            if run.inventory().len() < 4 {
                assert!(
                    said(&outcomes, "it will wash up on the shore"),
                    "{:?}",
                    notices(&outcomes)
                );
            }
        }
        assert_eq!(run.broken_rule(), None);
        // It lies beside the pond, on ground where an item can lie.
        let washed: Vec<Pos> = run
            .level()
            .items
            .iter()
            .filter(|i| i.item == potion && i.pos.chebyshev(here) == POND + 1)
            .map(|i| i.pos)
            .collect();
        assert_eq!(washed.len(), 1, "one potion on the shore");
        let at = washed[0];
        assert_eq!(run.level().tile_at(at), Some(Tile::Floor));
        // Stepping onto it picks it up, as anything not put down by the player.
        let (dx, dy) = KING
            .iter()
            .copied()
            .find(|&(dx, dy)| {
                let from = at.offset(-dx, -dy);
                from.chebyshev(here) > POND + 1 && run.level().tile_at(from) == Some(Tile::Floor)
            })
            .expect("dry ground beyond the shore");
        run.stage().put_player(at.offset(-dx, -dy));
        run.apply(PlayerAction::Move(dx, dy));
        assert_eq!(run.player(), at);
        assert_eq!(run.inventory().len(), 4, "the potion is back");
        assert!(!run.level().items.iter().any(|i| i.pos == at));
    }
}

#[test]
fn looking_at_deep_water_and_the_question_before_a_swim_say_what_it_does() {
    let mut run = ponds(1).remove(0);
    let water = run.player().offset(1, 0);
    let words = describe(&run, water);
    for what in ["walkers cannot follow", "shots", "ashore"] {
        assert!(words.contains(what), "{words}");
    }
    // Out of the pond, carrying something: a stroke back in asks first, saying so.
    let shore = run.player().offset(POND + 1, 0);
    let potion = a_potion(&run);
    run.stage().put_player(shore).carry(vec![potion]);
    let question = run.risk_of_step(-1, 0).expect("it asks").question();
    assert!(question.contains("ashore"), "{question}");
}

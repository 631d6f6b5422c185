//! Auto-explore (`x`) and travel to known stairs (`>` / `<` away from them): they walk
//! the known map, stop at once when a monster comes into view or anything happens, and
//! explore every reachable tile in the end.

use delve_levels::grid::Tile;
use delve_levels::monsters::{Mind, Monster, default_monster_table};
use delve_rules::run::PlayerAction;

use super::support::{peaceful, said, with_monsters_staying};

#[test]
fn exploring_again_and_again_sees_every_walkable_tile() {
    for seed in 0..12 {
        let mut run = with_monsters_staying(seed);
        run.stage().clear_monsters();
        let mut presses = 0;
        loop {
            let outcomes = run.apply(PlayerAction::Explore);
            presses += 1;
            if said(&outcomes, "Explored") {
                break;
            }
            assert!(presses < 300, "seed {seed}: exploring never ends");
        }
        let tiles = &run.level().level.tiles;
        for p in tiles.positions().filter(|&p| tiles.is_walkable(p)) {
            assert!(
                run.level().seen[tiles.index_of(p)],
                "seed {seed}: {p} unseen"
            );
        }
        assert!(
            run.level().items.is_empty(),
            "seed {seed}: every item picked up on the way"
        );
        assert!(run.turns() > 20);
    }
}

#[test]
fn exploring_stops_as_soon_as_a_monster_comes_into_view() {
    let mut tested = 0;
    for seed in 0..20 {
        let mut run = with_monsters_staying(seed);
        // One sleeping slug somewhere the player has not seen.
        let tiles = run.level().level.tiles.clone();
        let Some(at) = tiles.positions().find(|&p| {
            tiles[p] == Tile::Floor
                && !run.level().seen[tiles.index_of(p)]
                && p.chebyshev(run.player()) > 15
        }) else {
            continue;
        };
        let slug = default_monster_table().index_of("giant slug").unwrap();
        run.stage().set_monsters(vec![Monster {
            id: 0,
            kind: slug,
            pos: at,
            hp: 1,
            mind: Mind::Wandering(0),
            ..Default::default()
        }]);
        let mut saw = false;
        for _ in 0..300 {
            let outcomes = run.apply(PlayerAction::Explore);
            saw |= said(&outcomes, "You see a giant slug");
            if run.monster_in_view() || said(&outcomes, "Explored") {
                break;
            }
        }
        if run.monster_in_view() && run.nearest_threat().is_none() {
            assert!(
                saw,
                "seed {seed}: exploring stopped saying what came into view"
            );
            // A slug wandering at a distance does not keep exploring from going on.
            let turns = run.turns();
            let outcomes = run.apply(PlayerAction::Explore);
            assert!(!said(&outcomes, "Not with"), "seed {seed}: {outcomes:?}");
            assert!(
                run.turns() > turns || said(&outcomes, "Explored"),
                "seed {seed}: {outcomes:?}"
            );
            tested += 1;
        }
    }
    assert!(tested >= 10, "only {tested} explorations met the slug");
}

#[test]
fn stairs_keys_away_from_the_stairs_walk_to_the_stairs_seen() {
    let mut run = with_monsters_staying(3);
    run.stage().clear_monsters();
    let outcomes = run.apply(PlayerAction::Descend);
    if !run.level().seen[run.level().level.tiles.index_of(run.level().level.down)] {
        assert!(said(&outcomes, "not found the stairs down"));
    }
    run.stage().remember_everything();
    let down = run.level().level.down;
    for _ in 0..10 {
        if run.player() == down {
            break;
        }
        run.apply(PlayerAction::Descend); // interrupted by pick-ups on the way
    }
    assert_eq!(run.player(), down);
    assert_eq!(run.depth(), 1, "walking there does not take the stairs");
    run.stage().mark_found(1);
    run.apply(PlayerAction::Descend);
    assert_eq!(run.depth(), 2);
}

#[test]
fn the_hint_after_exploring_names_the_stairs_key_only_where_it_walks_there() {
    for (mut run, hinted) in [(with_monsters_staying(3), true), (peaceful(3), false)] {
        run.stage().clear_monsters();
        let explored = (0..300)
            .map(|_| run.apply(PlayerAction::Explore))
            .find(|outcomes| said(outcomes, "Explored"))
            .expect("exploring ends");
        assert_eq!(
            said(&explored, "(> walks to the stairs down.)"),
            hinted,
            "{explored:?}"
        );
        // And `>` does what the hint says (or, in a peaceful run, says there are none).
        let outcomes = run.apply(PlayerAction::Descend);
        assert_eq!(
            said(&outcomes, "There are no stairs down here."),
            !hinted,
            "{outcomes:?}"
        );
    }
}

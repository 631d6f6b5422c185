//! Tests of map.rs: what the player sees at each tile.
use super::*;
use crate::run::{PlayerAction, Rules};
use crate::view::Marks;
use crate::view::{action_for_char, describe};
use delve_levels::config::CampaignConfig;
use delve_levels::grid::Tile;
use delve_levels::key::LevelKey;
use delve_levels::monsters::default_monster_table;
use delve_levels::monsters::{Mind, Monster};

/// The run on the default cave at seed 42 (80×50), nothing on it but the player, after
/// twelve steps east: some of it in view, some remembered, most never seen.
fn walked_run() -> RunState {
    let key = LevelKey::decode("100J-MA").unwrap();
    let mut run = RunState::start(CampaignConfig::builtin(), Some(key), Rules::Monsters)
        .unwrap()
        .0;
    run.stage().clear_monsters();
    run.stage().clear_items();
    for _ in 0..12 {
        run.apply(PlayerAction::Move(1, 0));
    }
    run
}

/// A floor tile that is not the player's, seen as `sight`.
fn floor_seen_as(run: &RunState, sight: Sight) -> Pos {
    let tiles = &run.level().level.tiles;
    tiles
        .positions()
        .find(|&p| {
            p != run.player()
                && tiles[p] == Tile::Floor
                && run.level().sight(tiles.index_of(p)) == sight
        })
        .unwrap_or_else(|| panic!("a floor tile {sight:?}"))
}

fn kobold_at(pos: Pos) -> Monster {
    Monster {
        id: 0,
        kind: default_monster_table().index_of("kobold").unwrap(),
        pos,
        hp: 9,
        mind: Mind::Hunting(pos),
        ..Default::default()
    }
}

fn potion(run: &RunState) -> usize {
    run.campaign()
        .loot_table()
        .index_of("potion of healing")
        .unwrap()
}

fn seen(run: &RunState, pos: Pos) -> Option<SeenTile> {
    tile_view(run, pos, &Marks::none())
        .expect("on the map")
        .seen
}

#[test]
fn a_monster_is_shown_in_view_and_not_out_of_sight() {
    let mut run = walked_run();
    let lit = floor_seen_as(&run, Sight::Visible);
    let remembered = floor_seen_as(&run, Sight::Remembered);
    let unseen = floor_seen_as(&run, Sight::Unseen);
    let kobolds = [lit, remembered, unseen].into_iter().enumerate();
    run.stage().set_monsters(
        kobolds
            .map(|(id, pos)| Monster {
                id: id as u32,
                ..kobold_at(pos)
            })
            .collect(),
    );
    let kobold = Some(Occupant::Monster {
        glyph: default_monster_table().glyph(run.level().monsters[0].kind),
        side: crate::view::Side::Hostile,
    });
    assert_eq!(seen(&run, lit).unwrap().occupant, kobold);
    let out_of_sight = seen(&run, remembered).unwrap();
    assert_eq!(out_of_sight.occupant, None, "not known to be there");
    assert_eq!(out_of_sight.light, Light::Remembered);
    assert_eq!(seen(&run, unseen), None, "never seen: nothing at all");
}

#[test]
fn a_remembered_item_is_drawn_remembered_with_its_own_glyph() {
    let mut run = walked_run();
    let remembered = floor_seen_as(&run, Sight::Remembered);
    let kind = potion(&run);
    run.stage().put_item(remembered, kind);
    assert_eq!(
        seen(&run, remembered),
        Some(SeenTile {
            terrain: Terrain::Floor,
            occupant: Some(Occupant::Item { glyph: '!' }),
            light: Light::Remembered,
        })
    );
}

#[test]
fn an_item_is_drawn_over_floor_and_a_monster_over_an_item() {
    let mut run = walked_run();
    let lit = floor_seen_as(&run, Sight::Visible);
    let kind = potion(&run);
    run.stage().put_item(lit, kind);
    let with_item = seen(&run, lit).unwrap();
    assert_eq!(with_item.terrain, Terrain::Floor);
    assert_eq!(with_item.occupant, Some(Occupant::Item { glyph: '!' }));
    assert_eq!(with_item.light, Light::Lit);
    run.stage().set_monsters(vec![kobold_at(lit)]);
    assert!(matches!(
        seen(&run, lit).unwrap().occupant,
        Some(Occupant::Monster { .. })
    ));
    assert!(
        describe(&run, lit).contains("potion"),
        "the look names what lies under it: {}",
        describe(&run, lit)
    );
}

#[test]
fn loot_is_floor_with_its_item_on_it() {
    let key = LevelKey::decode("100J-MA").unwrap();
    let run = RunState::start(CampaignConfig::builtin(), Some(key), Rules::Monsters)
        .unwrap()
        .0;
    let view = map_view(&run, &Marks::none());
    let tiles = &run.level().level.tiles;
    let mut checked = 0;
    for item in &run.level().items {
        assert_eq!(
            tiles[item.pos],
            Tile::Floor,
            "in play loot lies in the items"
        );
        if let Some(seen) = view[item.pos].seen {
            assert_eq!(seen.terrain, Terrain::Floor, "at {}", item.pos);
            let glyph = run.campaign().loot_table().glyph(item.item);
            assert_eq!(seen.occupant, Some(Occupant::Item { glyph }));
            checked += 1;
        }
    }
    let unseen = run.level().items.len() - checked;
    assert!(unseen > 0, "some loot lies out of sight");
}

#[test]
fn the_player_is_drawn_over_what_lies_under_them() {
    let mut run = walked_run();
    let at = run.player();
    let kind = potion(&run);
    run.stage().put_item(at, kind);
    let on_top = seen(&run, at).unwrap();
    assert_eq!(on_top.occupant, Some(Occupant::Player));
    assert_eq!(on_top.light, Light::Lit);
    assert_eq!(on_top.terrain, Terrain::of(run.level().level.tiles[at]));
}

#[test]
fn the_look_cursor_is_shown_on_its_tile_and_nowhere_else() {
    let run = walked_run();
    let unseen = floor_seen_as(&run, Sight::Unseen);
    for at in [run.player(), floor_seen_as(&run, Sight::Remembered), unseen] {
        let view = map_view(&run, &Marks::cursor(Some(at)));
        let cursors: Vec<Pos> = view.positions().filter(|&p| view[p].has_cursor()).collect();
        assert_eq!(cursors, vec![at]);
        assert_eq!(
            view[at].seen,
            map_view(&run, &Marks::none())[at].seen,
            "drawn as ever"
        );
    }
    let view = map_view(&run, &Marks::none());
    assert!(
        view.cells().iter().all(|t| !t.has_cursor()),
        "not looking: none"
    );
    let off_the_map = Pos::new(-1, -1);
    let view = map_view(&run, &Marks::cursor(Some(off_the_map)));
    assert!(view.cells().iter().all(|t| !t.has_cursor()));
}

#[test]
fn a_cave_watch_shows_only_the_automatons_stage() {
    let mut run = walked_run();
    let kind = potion(&run);
    let lit = floor_seen_as(&run, Sight::Visible);
    run.stage().put_item(lit, kind);
    run.stage().set_monsters(vec![kobold_at(lit)]);
    run.apply(PlayerAction::StepAutomaton);
    let watch = run.watch().expect("the level is a cave");
    let view = map_view(&run, &Marks::none());
    for (index, tile) in view.cells().iter().enumerate() {
        let seen = tile.seen.expect("all of it in view");
        assert_eq!(seen.light, Light::Lit);
        assert_eq!(seen.occupant, None, "nothing stands on a cave forming");
        let wall = watch.walls().cells()[index];
        let expected = if wall { Terrain::Wall } else { Terrain::Floor };
        assert_eq!(seen.terrain, expected);
    }
}

#[test]
fn the_whole_map_and_one_tile_give_the_same_answer() {
    let mut run = walked_run();
    let kind = potion(&run);
    let remembered = floor_seen_as(&run, Sight::Remembered);
    let lit = floor_seen_as(&run, Sight::Visible);
    run.stage()
        .put_item(remembered, kind)
        .set_monsters(vec![kobold_at(lit)]);
    let cursor = Some(floor_seen_as(&run, Sight::Visible));
    let view = map_view(&run, &Marks::cursor(cursor));
    for pos in view.positions() {
        assert_eq!(
            Some(view[pos]),
            tile_view(&run, pos, &Marks::cursor(cursor)),
            "at {pos}"
        );
    }
    assert_eq!(tile_view(&run, Pos::new(-1, 0), &Marks::none()), None);
}

/// Plays `seed` with monsters for a while (exploring and waiting), checking the map view
/// after every action.
fn check_views_while_playing(seed: u64, check: impl Fn(&RunState, &Grid<TileView>)) {
    let mut campaign = CampaignConfig::builtin();
    campaign.seed = seed;
    let mut run = RunState::start(campaign, None, Rules::Monsters).unwrap().0;
    let explore = action_for_char('x').expect("x explores");
    for step in 0..40 {
        let action = if step % 4 == 3 {
            PlayerAction::Wait
        } else {
            explore
        };
        run.apply(action);
        if run.end().is_some() {
            break;
        }
        check(&run, &map_view(&run, &Marks::none()));
    }
}

#[test]
fn monsters_are_only_ever_drawn_in_view_over_many_seeds() {
    let drawn_in_all = std::cell::Cell::new(0);
    for seed in 0..12 {
        check_views_while_playing(seed, |run, view| {
            let mut drawn = 0;
            for pos in view.positions() {
                if let Some(Occupant::Monster { .. }) = view[pos].seen.and_then(|s| s.occupant) {
                    assert!(
                        run.level().in_view(pos),
                        "seed {seed}: a monster out of view"
                    );
                    assert!(
                        run.level().monster_at(pos).is_some(),
                        "seed {seed}: none there"
                    );
                    drawn += 1;
                }
            }
            assert_eq!(
                drawn,
                run.seen_monsters().len(),
                "seed {seed}: each seen one"
            );
            drawn_in_all.set(drawn_in_all.get() + drawn);
        });
    }
    assert!(drawn_in_all.get() > 0, "the runs met monsters");
}

#[test]
fn only_seen_tiles_are_drawn_and_the_player_once_over_many_seeds() {
    for seed in 0..12 {
        check_views_while_playing(seed, |run, view| {
            let tiles = &run.level().level.tiles;
            for pos in view.positions() {
                let drawn = view[pos].seen.is_some();
                let seen = run.level().seen[tiles.index_of(pos)];
                assert_eq!(drawn, seen, "seed {seed} at {pos}");
            }
            let players: Vec<Pos> = view
                .positions()
                .filter(|&p| view[p].seen.and_then(|s| s.occupant) == Some(Occupant::Player))
                .collect();
            assert_eq!(players, vec![run.player()], "seed {seed}");
        });
    }
}

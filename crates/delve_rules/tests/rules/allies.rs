//! Allies, Brogue's captive: a shackled monster does nothing until the player walks into
//! it; then it is an ally that follows the player, fights the monsters next to it (and
//! they fight it back), trades places with the player, is spared by the player's sweeps
//! and aims, comes along down the stairs, and is kept by saves — which hold captives only
//! of the kinds their level shackled, and allies only of kinds the run's levels did.
//! Captives lie on about a third of the levels of generation 3 from depth 2 on, and on no
//! level of an older key.

use delve_levels::config::CampaignConfig;
use delve_levels::generator::Generation;
use delve_levels::grid::{Pos, Tile};
use delve_levels::loot::default_loot_table;
use delve_levels::monsters::{Mind, Monster};
use delve_rules::run::{
    ALLY_FOLLOWS_WITHIN, ALLY_KEEPS_WITHIN, CAPTIVE_FROM_DEPTH, Doing, Outcome, PlayerAction,
    Rules, RunState,
};

use super::support::{
    assert_same_run, monster, put_monster, put_on_open_ground, said, walk_to, with_monsters_staying,
};

/// A run of `seed` with nobody else on the level, the player on open ground (every tile
/// within 4 is floor) with hit points to spare.
fn arena(seed: u64) -> Option<RunState> {
    let mut run = with_monsters_staying(seed);
    run.stage().clear_monsters();
    if !put_on_open_ground(&mut run, 4) {
        return None;
    }
    run.stage().set_most_hit_points(500).set_hit_points(500);
    Some(run)
}

fn arenas(want: usize) -> Vec<RunState> {
    let runs: Vec<RunState> = (0..60).filter_map(arena).take(want).collect();
    assert_eq!(runs.len(), want, "seeds with open ground");
    runs
}

/// Puts a monster of kind `name` at (dx, dy) from the player, of `mind`; returns where.
fn put(run: &mut RunState, name: &str, (dx, dy): (i32, i32), mind: Mind) -> Pos {
    let at = run.player().offset(dx, dy);
    put_monster(run, name, at, mind)
}

fn at(run: &RunState, pos: Pos) -> Option<&Monster> {
    run.level()
        .monster_at(pos)
        .map(|i| &run.level().monsters[i])
}

fn allies(run: &RunState) -> Vec<Monster> {
    let monsters = &run.level().monsters;
    monsters
        .iter()
        .filter(|m| m.mind == Mind::Ally)
        .copied()
        .collect()
}

#[test]
fn a_captive_does_nothing_until_the_player_walks_into_it_and_then_joins_them() {
    for mut run in arenas(3) {
        let spot = put(&mut run, "wraith", (1, 0), Mind::Captive);
        let (hp, turns) = (run.fight().hp, run.turns());
        for _ in 0..20 {
            run.apply(PlayerAction::Wait);
        }
        assert_eq!(
            at(&run, spot).map(|m| m.mind),
            Some(Mind::Captive),
            "it stays"
        );
        assert_eq!(run.fight().hp, hp, "a captive never strikes");
        let index = run.level().monster_at(spot).unwrap();
        assert_eq!(run.doing(index), Doing::Shackled);
        assert!(run.targets().is_empty(), "nobody aims at a captive");
        let before = run.player();
        let out = run.apply(PlayerAction::Move(1, 0));
        assert!(said(&out, "You unshackle the wraith"), "{out:?}");
        assert_eq!(
            run.player(),
            before,
            "freeing it is done from where one stands"
        );
        assert_eq!(run.turns(), turns + 21, "and takes a turn");
        // Next to the player already, it stays where it stood.
        assert_eq!(at(&run, spot).map(|m| m.mind), Some(Mind::Ally));
        let index = run.level().monster_at(spot).unwrap();
        assert_eq!(run.doing(index), Doing::Following);
        assert_eq!(run.fight().kills, 0);
    }
}

#[test]
fn an_ally_follows_the_player_as_they_walk_away() {
    let mut followed = 0;
    for mut run in arenas(3) {
        put(&mut run, "wraith", (1, 0), Mind::Ally);
        // Away along the longest straight line of floor from the player.
        let tiles = run.level().level.tiles.clone();
        let (dx, dy) = [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .into_iter()
            .max_by_key(|&(dx, dy)| {
                (1..40)
                    .take_while(|&n| tiles.is_walkable(run.player().offset(dx * n, dy * n)))
                    .count()
            })
            .unwrap();
        let mut steps = 0;
        while steps < 15 && tiles.is_walkable(run.player().offset(dx, dy)) {
            run.apply(PlayerAction::Move(dx, dy));
            steps += 1;
        }
        for _ in 0..4 {
            run.apply(PlayerAction::Wait);
        }
        let ally = allies(&run)[0];
        let near = ally.pos.chebyshev(run.player());
        assert!(
            near <= ALLY_KEEPS_WITHIN,
            "{near} tiles away after {steps} steps"
        );
        followed += usize::from(steps >= 8);
    }
    assert!(followed >= 2, "most arenas gave a long walk");
}

#[test]
fn an_ally_fights_a_monster_next_to_it_and_the_monster_fights_back() {
    let (mut ally_killed, mut ally_hurt) = (false, false);
    for mut run in arenas(4) {
        put(&mut run, "wraith", (2, 0), Mind::Ally);
        let hunting = Mind::Hunting(run.player());
        let kobold = put(&mut run, "kobold", (3, 0), hunting);
        let mut lines = Vec::new();
        for _ in 0..30 {
            lines.extend(run.apply(PlayerAction::Wait));
            if run.level().monsters.len() == 1 {
                break;
            }
        }
        ally_killed |= said(&lines, "Your wraith kills the kobold");
        ally_hurt |= said(&lines, "The kobold hits your wraith");
        assert!(at(&run, kobold).is_none_or(|m| m.mind == Mind::Ally));
        assert_eq!(run.fight().kills, 0, "an ally's kill is not the player's");
        assert_eq!(
            run.fight().hp,
            500,
            "the kobold went for the ally in its way"
        );
    }
    assert!(ally_killed, "the ally killed a kobold");
    assert!(ally_hurt, "a kobold struck back");
}

#[test]
fn a_monster_kills_an_ally_left_alone_with_it() {
    let mut killed = false;
    for mut run in arenas(3) {
        put(&mut run, "rat", (3, 0), Mind::Ally);
        let hunting = Mind::Hunting(run.player());
        put(&mut run, "troll", (4, 0), hunting);
        let mut lines = Vec::new();
        for _ in 0..20 {
            lines.extend(run.apply(PlayerAction::Wait));
        }
        killed |= said(&lines, "The troll kills your rat!") && allies(&run).is_empty();
    }
    assert!(killed);
}

#[test]
fn walking_into_an_ally_trades_places_with_it() {
    for mut run in arenas(3) {
        let from = run.player();
        let to = put(&mut run, "wraith", (1, 0), Mind::Ally);
        let turns = run.turns();
        let out = run.apply(PlayerAction::Move(1, 0));
        assert!(out.contains(&Outcome::Moved { from, to }), "{out:?}");
        assert_eq!((run.player(), run.turns()), (to, turns + 1), "a step");
        let ally = allies(&run)[0];
        assert!(
            ally.pos.chebyshev(from) <= 1,
            "it took the player's tile (and may step on)"
        );
        assert_eq!(ally.hp, monster("wraith", from).hp, "unhurt");
    }
}

#[test]
fn a_sweep_spares_an_ally_and_a_bolt_passes_it_by_for_the_nearest_foe() {
    let axe = default_loot_table().index_of("axe").unwrap();
    for mut run in arenas(3) {
        run.stage().give(axe);
        run.apply(PlayerAction::Use(0));
        let ally = put(&mut run, "ogre", (0, 1), Mind::Ally);
        let hunting = Mind::Hunting(run.player());
        let foe = put(&mut run, "ogre", (1, 0), hunting);
        let full = at(&run, ally).unwrap().hp;
        for _ in 0..3 {
            run.apply(PlayerAction::Move(1, 0));
        }
        let spared = allies(&run);
        assert_eq!(spared.len(), 1);
        assert_eq!(
            spared[0].hp, full,
            "never swept (and the foe struck the player)"
        );
        if let Some(foe) = at(&run, foe).filter(|m| m.mind.is_hostile()) {
            assert_eq!(run.targets(), vec![foe.pos], "the foe, not the ally");
        }
        assert!(
            !run.targets().contains(&spared[0].pos),
            "an ally is no target"
        );
    }
}

#[test]
fn allies_near_the_player_come_down_the_stairs_and_the_rest_stay() {
    let mut checked = 0;
    for seed in 0..30 {
        let mut run = with_monsters_staying(seed);
        run.stage().clear_monsters();
        let down = run.level().level.down;
        run.stage().put_player(down);
        let tiles = run.level().level.tiles.clone();
        let near = tiles
            .positions()
            .find(|&p| tiles[p] == Tile::Floor && p.chebyshev(down) == 1 && run.level().in_view(p));
        let far = tiles
            .positions()
            .find(|&p| tiles[p] == Tile::Floor && p.chebyshev(down) > ALLY_FOLLOWS_WITHIN + 3);
        let (Some(near), Some(far)) = (near, far) else {
            continue;
        };
        let near_one = Monster {
            id: 0,
            mind: Mind::Ally,
            ..monster("wraith", near)
        };
        let far_one = Monster {
            id: 1,
            mind: Mind::Ally,
            ..monster("ogre", far)
        };
        run.stage().set_monsters(vec![near_one, far_one]);
        run.stage().mark_found(1);
        let out = run.apply(PlayerAction::Descend);
        assert_eq!(run.depth(), 2, "seed {seed}");
        assert!(said(&out, "Your wraith comes with you."), "{out:?}");
        let came = allies(&run);
        assert_eq!(came.len(), 1, "only the one near");
        assert!(came[0].pos.chebyshev(run.player()) <= ALLY_FOLLOWS_WITHIN + 2);
        assert!(
            run.level()
                .monsters
                .iter()
                .filter(|m| m.pos == came[0].pos)
                .count()
                == 1
        );
        assert_eq!(run.broken_rule(), None);
        // And back up: the one left behind waits there still.
        let up = run.level().level.up;
        run.stage().put_player(up);
        run.apply(PlayerAction::Ascend);
        assert_eq!(run.depth(), 1);
        let here = allies(&run);
        assert!(here.iter().any(|m| m.pos == far), "{here:?}");
        checked += 1;
        if checked == 3 {
            break;
        }
    }
    assert_eq!(checked, 3);
}

/// An arena (as [`arena`]) on `depth` of run seed `seed`, whose level shackled a
/// captive when made, and the name of the captive's kind: a save holds captives only of
/// the kinds their level shackled, and allies of the kinds the run's levels did.
fn arena_with_a_captive_kind(depth: u32, seed: u64) -> Option<(RunState, String)> {
    let mut campaign = CampaignConfig::builtin();
    campaign.seed = seed;
    campaign.arrivals = Some(0);
    let key = campaign.key_at(depth, seed);
    let mut run = RunState::start(campaign, Some(key), Rules::Monsters)
        .ok()?
        .0;
    let captive = run
        .level()
        .monsters
        .iter()
        .find(|m| m.mind == Mind::Captive)?;
    let table = run.campaign().monster_table();
    let name = table.kind(captive.kind)?.name.clone();
    run.stage().clear_monsters();
    if !put_on_open_ground(&mut run, 4) {
        return None;
    }
    run.stage().set_most_hit_points(500).set_hit_points(500);
    Some((run, name))
}

#[test]
fn a_save_keeps_allies_and_captives_as_they_were() {
    let arenas: Vec<(RunState, String)> = (2..=6)
        .flat_map(|depth| (0..20).map(move |seed| (depth, seed)))
        .filter_map(|(depth, seed)| arena_with_a_captive_kind(depth, seed))
        .take(2)
        .collect();
    assert_eq!(arenas.len(), 2, "seeds with a captive and open ground");
    for (mut run, kind) in arenas {
        put(&mut run, &kind, (1, 0), Mind::Ally);
        put(&mut run, &kind, (-2, 0), Mind::Captive);
        for _ in 0..3 {
            run.apply(PlayerAction::Wait);
        }
        let restored = RunState::restore(run.snapshot()).expect("it loads");
        assert_same_run(&restored, &run, "restored");
        let dir = super::temp_dir::TempDir::new("allies-save");
        let path = dir.file("save.ron");
        let slot = delve_rules::records::slot::SaveSlot::file(&path);
        slot.save(&run.snapshot()).expect("it writes");
        let loaded = slot
            .load()
            .map(|(run, _, from)| (run, from))
            .expect("the file loads");
        assert_eq!(
            loaded.0.level().monsters,
            run.level().monsters,
            "from the file too"
        );
    }
}

#[test]
fn captives_lie_on_about_a_third_of_the_levels_from_depth_2_and_on_none_of_an_older_key() {
    let campaign = CampaignConfig::builtin();
    let (mut levels, mut with_captive) = (0, 0);
    for seed in 0..60u64 {
        for depth in 1..=6u32 {
            let key = campaign.key_at(depth, seed);
            let (run, _) = RunState::start(campaign.clone(), Some(key.clone()), Rules::Monsters)
                .expect("the run starts");
            let captives: Vec<&Monster> = (run.level().monsters.iter())
                .filter(|m| m.mind == Mind::Captive)
                .collect();
            assert!(captives.len() <= 1);
            if depth < CAPTIVE_FROM_DEPTH {
                assert!(captives.is_empty(), "none on depth 1");
                continue;
            }
            levels += 1;
            if let Some(captive) = captives.first() {
                with_captive += 1;
                assert_eq!(run.level().tile_at(captive.pos), Some(Tile::Floor));
                assert!(captive.pos.chebyshev(run.level().level.up) > 3);
            }
            // The same level of generation 2 holds none (its monsters are as they were).
            let older = key.in_generation(Generation::Second);
            let (old, _) = RunState::start_in(
                Generation::Second,
                campaign.clone(),
                Some(older),
                Rules::Monsters,
            )
            .expect("the older run starts");
            assert!(old.level().monsters.iter().all(|m| m.mind != Mind::Captive));
        }
    }
    let percent = with_captive * 100 / levels;
    assert!(
        (22..=48).contains(&percent),
        "{with_captive} of {levels} levels"
    );
}

#[test]
fn a_bolt_of_plenty_makes_two_of_an_ally_and_fire_that_kills_one_is_no_kill() {
    let table = default_loot_table();
    let plenty = table.index_of("wand of plenty").unwrap();
    let fire = table.index_of("potion of incineration").unwrap();
    for mut run in arenas(2) {
        let ally = put(&mut run, "wraith", (3, 0), Mind::Ally);
        run.stage().give(plenty);
        run.apply(PlayerAction::UseAt(0, ally));
        assert_eq!(
            allies(&run).len(),
            2,
            "two of it, both on the player's side"
        );
        run.stage().clear_monsters();
        let ally = put(&mut run, "wraith", (2, 0), Mind::Ally);
        let index = run.level().monster_at(ally).unwrap();
        run.stage().set_monster_hp(index, 1).give(fire);
        let slot = run
            .inventory()
            .iter()
            .position(|&k| k.kind == fire)
            .unwrap() as u8;
        let out = run.apply(PlayerAction::Throw(slot, ally));
        assert!(said(&out, "Your wraith dies."), "{out:?}");
        assert!(allies(&run).is_empty());
        assert_eq!(run.fight().kills, 0, "a loss, not a kill");
        assert_eq!(run.fight().xp, 0);
    }
}

#[test]
fn travel_goes_on_through_an_ally_in_the_way() {
    // A corridor one tile wide from the player to the stairs down, an ally standing in
    // it: `>` walks there, trading places with the ally on the way.
    let mut checked = 0;
    for seed in 0..40 {
        let mut run = with_monsters_staying(seed);
        run.stage().clear_monsters();
        let down = run.level().level.down;
        let size = (
            run.level().level.tiles.width(),
            run.level().level.tiles.height(),
        );
        if down.x < 7 || down.y < 2 || down.y as usize + 2 >= size.1 {
            continue;
        }
        for dx in -6..=1 {
            for dy in [-1, 1] {
                run.stage().lay(down.offset(dx, dy), Tile::Wall);
            }
        }
        run.stage().lay(down.offset(-6, 0), Tile::Wall);
        run.stage().lay(down.offset(1, 0), Tile::Wall);
        for dx in -5..=-1 {
            run.stage().lay(down.offset(dx, 0), Tile::Floor);
        }
        run.stage().put_player(down.offset(-5, 0));
        run.stage().remember_everything();
        let ally = put(&mut run, "wraith", (1, 0), Mind::Ally);
        let before = run.turns();
        let out = run.apply(PlayerAction::Descend);
        assert_eq!(run.player(), down, "seed {seed}, in one go: {out:?}");
        assert_eq!(run.turns() - before, 5, "straight on");
        assert!(allies(&run)[0].pos.x < down.x, "{ally} traded places");
        checked += 1;
        if checked == 3 {
            break;
        }
    }
    assert_eq!(checked, 3);
}

/// The level on `depth` of run seed `seed` (no monster arriving) with every monster but
/// the first captive it shackled taken off, that captive, and the kinds it shackled.
fn level_with_a_captive(depth: u32, seed: u64) -> Option<(RunState, Monster, Vec<usize>)> {
    let mut campaign = CampaignConfig::builtin();
    campaign.seed = seed;
    campaign.arrivals = Some(0);
    let key = campaign.key_at(depth, seed);
    let mut run = RunState::start(campaign, Some(key), Rules::Monsters)
        .ok()?
        .0;
    let shackled: Vec<usize> = (run.level().monsters.iter())
        .filter(|m| m.mind == Mind::Captive)
        .map(|m| m.kind)
        .collect();
    let captive = *run
        .level()
        .monsters
        .iter()
        .find(|m| m.mind == Mind::Captive)?;
    run.stage().set_monsters(vec![captive]);
    Some((run, captive, shackled))
}

/// The first level (of depths 2 to 6, seeds 0 to 19) with a captive, as
/// [`level_with_a_captive`] gives it.
fn first_level_with_a_captive() -> (RunState, Monster, Vec<usize>) {
    (2..=6)
        .flat_map(|depth| (0..20).map(move |seed| (depth, seed)))
        .find_map(|(depth, seed)| level_with_a_captive(depth, seed))
        .expect("a level with a captive")
}

/// A kind of the monster table none of `kinds` is.
fn a_kind_but(run: &RunState, kinds: &[usize]) -> usize {
    let table = run.campaign().monster_table();
    (0..table.kinds().len())
        .find(|k| !kinds.contains(k))
        .expect("a kind no level shackled")
}

/// `save` with the monster numbered `id` on depth `depth` changed by `change`.
fn with_monster_changed(
    save: &delve_rules::run::GameSave,
    depth: u32,
    id: u32,
    change: impl Fn(&mut Monster),
) -> delve_rules::run::GameSave {
    let mut save = save.clone();
    let level = save.levels.iter_mut().find(|l| l.depth == depth).unwrap();
    let monsters = level.monsters.as_mut().unwrap();
    change(monsters.iter_mut().find(|m| m.id == id).unwrap());
    save
}

/// `save` with the monster `id` on `depth` made one hit point of a kind not among
/// `shackled`: that kind's name, and why the save is refused.
fn refused_as_another_kind(
    run: &RunState,
    save: &delve_rules::run::GameSave,
    depth: u32,
    id: u32,
    shackled: &[usize],
) -> (String, String) {
    let stranger = a_kind_but(run, shackled);
    let table = run.campaign().monster_table();
    let name = table.kind(stranger).unwrap().name.clone();
    let forged = with_monster_changed(save, depth, id, |m| {
        m.kind = stranger;
        m.hp = 1;
    });
    (name, RunState::restore(forged).expect_err("refused"))
}

#[test]
fn a_save_holds_captives_only_of_the_kinds_their_level_shackled() {
    let (run, captive, shackled) = first_level_with_a_captive();
    let depth = run.depth();
    let save = run.snapshot();
    assert!(
        RunState::restore(save.clone()).is_ok(),
        "the real save loads"
    );
    // Another kind in its shackles.
    let (name, refusal) = refused_as_another_kind(&run, &save, depth, captive.id, &shackled);
    assert!(
        refusal.contains(&format!("depth {depth}: a captive {name} at"))
            && refusal.contains("the level shackled only"),
        "{refusal}"
    );
    // A captive on a level that shackled none (depth 1 never does).
    let mut first = with_monsters_staying(3);
    first.stage().clear_monsters();
    put_on_open_ground(&mut first, 2);
    put(&mut first, "kobold", (1, 0), Mind::Captive);
    assert_eq!(
        first.broken_rule(),
        None,
        "the run in play breaks no rule of its own"
    );
    let refusal = RunState::restore(first.snapshot()).expect_err("refused");
    assert!(
        refusal.contains("depth 1: a captive kobold at")
            && refusal.contains("the level shackled none"),
        "{refusal}"
    );
}

#[test]
fn an_ally_is_of_a_kind_a_level_of_the_run_shackled_and_comes_down_the_stairs_in_a_save() {
    let (mut run, captive, shackled) = first_level_with_a_captive();
    let depth = run.depth();
    // Walk up to it and set it free.
    let tiles = run.level().level.tiles.clone();
    let beside = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        .into_iter()
        .map(|(dx, dy)| captive.pos.offset(dx, dy))
        .find(|&p| tiles.is_walkable(p) && !super::paths::walk(&tiles, run.player(), p).is_empty())
        .expect("a way to the captive");
    walk_to(&mut run, beside);
    let out = run.apply(PlayerAction::Move(
        captive.pos.x - beside.x,
        captive.pos.y - beside.y,
    ));
    assert!(said(&out, "You unshackle"), "{out:?}");
    let freed = run.snapshot();
    assert!(
        RunState::restore(freed.clone()).is_ok(),
        "the real save loads"
    );
    let (name, refusal) = refused_as_another_kind(&run, &freed, depth, captive.id, &shackled);
    assert!(
        refusal.contains(&format!("depth {depth}: an ally {name} at"))
            && refusal.contains("the run's levels shackled only"),
        "{refusal}"
    );
    // Down the stairs together: the ally's kind was shackled a depth above.
    let down = run.level().level.down;
    run.stage().mark_found(depth);
    walk_to(&mut run, down);
    run.apply(PlayerAction::Descend);
    assert_eq!(run.depth(), depth + 1, "went down");
    assert_eq!(allies(&run).len(), 1, "the ally came along");
    assert!(
        RunState::restore(run.snapshot()).is_ok(),
        "the real save loads"
    );

    // An ally in a run whose levels shackled none.
    let mut first = with_monsters_staying(3);
    first.stage().clear_monsters();
    put_on_open_ground(&mut first, 2);
    put(&mut first, "wraith", (1, 0), Mind::Ally);
    let refusal = RunState::restore(first.snapshot()).expect_err("refused");
    assert!(
        refusal.contains("depth 1: an ally wraith at")
            && refusal.contains("no level of the run shackled any captive"),
        "{refusal}"
    );
}

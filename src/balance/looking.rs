//! What a bot reads off the run before it acts: the threats in view, the nearest thing
//! it wants, its healing, where the way down is, and the steps toward a goal over the
//! ground it knows.

use delve_levels::dijkstra::DijkstraMap;
use delve_levels::grid::{KING, Pos, Tile};
use delve_levels::loot::Effect;
use delve_levels::monsters::Mind;
use delve_rules::run::hunger::Hunger;
use delve_rules::run::{PlayerAction, RunState};

/// A dart or javelin thrown at the nearest threat in view that is not yet next to the
/// player and within a throw.
pub(super) fn throw_at_the_nearest(run: &RunState, threats: &[Pos]) -> Option<PlayerAction> {
    let nearest = *threats.iter().min_by_key(|p| p.chebyshev(run.player()))?;
    let distance = nearest.chebyshev(run.player());
    if distance < 2 || distance > delve_rules::run::THROW_RANGE {
        return None;
    }
    let loot = run.campaign().loot_table();
    run.lettered_inventory().into_iter().find_map(|l| {
        let thrown = matches!(loot.items().get(l.kind)?.effect, Effect::Thrown(..));
        thrown.then(|| PlayerAction::Throw(l.letter as u8 - b'a', nearest))
    })
}

/// A known scroll of enchanting read into the armour worn (the careful bot relies on
/// its armour).
pub(super) fn enchant_the_armour(run: &RunState) -> Option<PlayerAction> {
    let armour = run.fight().armour?;
    let loot = run.campaign().loot_table();
    let knowledge = run.knowledge();
    let lettered = run.lettered_inventory();
    let armour_letter = lettered.iter().find(|l| l.item() == armour)?.letter as u8 - b'a';
    lettered.iter().find_map(|l| {
        let enchanting = matches!(loot.items().get(l.kind)?.effect, Effect::Enchant);
        (enchanting && knowledge.knows(l.kind))
            .then(|| PlayerAction::UseOn(l.letter as u8 - b'a', armour_letter))
    })
}

/// The letter of a healing potion carried, known or not (the plain bot knows its
/// potions by heart), the weakest first.
pub(super) fn healing_letter(run: &RunState) -> Option<u8> {
    healing_letters(run, |_| true)
        .first()
        .map(|&(_, letter)| letter)
}

/// The letter of something to eat, once the player is hungry (both bots eat then, as a
/// player does at the status line's word).
pub(super) fn food_when_hungry(run: &RunState) -> Option<u8> {
    if run.hunger() == Hunger::Fed {
        return None;
    }
    let table = run.campaign().loot_table();
    run.lettered_inventory()
        .into_iter()
        .find(|l| {
            table
                .items()
                .get(l.kind)
                .is_some_and(|k| matches!(k.effect, Effect::Eat(_)))
        })
        .map(|l| l.letter as u8 - b'a')
}

/// The letter of a healing potion the player has identified: the strongest when
/// `badly` hurt, else the weakest.
pub(super) fn known_healing_letter(run: &RunState, badly: bool) -> Option<u8> {
    let knowledge = run.knowledge();
    let potions = healing_letters(run, |kind| knowledge.knows(kind));
    if badly {
        potions.last()
    } else {
        potions.first()
    }
    .map(|&(_, letter)| letter)
}

/// The healing potions carried that `known` allows (by kind), as (amount, letter),
/// weakest first.
fn healing_letters(run: &RunState, known: impl Fn(usize) -> bool) -> Vec<(u32, u8)> {
    let table = run.campaign().loot_table();
    let mut potions: Vec<(u32, u8)> = run
        .lettered_inventory()
        .into_iter()
        .filter_map(|l| match table.items().get(l.kind)?.effect {
            Effect::Heal(amount) if known(l.kind) => Some((amount, l.letter as u8 - b'a')),
            _ => None,
        })
        .collect();
    potions.sort();
    potions
}

/// Where the monsters that hunt or fight the player stand, among those in view.
pub(super) fn threats_in_view(run: &RunState) -> Vec<Pos> {
    run.seen_monsters()
        .into_iter()
        .filter(|&i| run.doing(i).is_a_threat())
        .map(|i| run.level().monsters[i].pos)
        .collect()
}

/// The nearest monster in view of those `wanted` (by their index) allows, never an
/// ally (walking into a captive sets it free; into an ally only trades places).
pub(super) fn nearest_seen(run: &RunState, wanted: impl Fn(usize) -> bool) -> Option<Pos> {
    run.seen_monsters()
        .into_iter()
        .find(|&i| run.level().monsters[i].mind != Mind::Ally && wanted(i))
        .map(|i| run.level().monsters[i].pos)
}

/// Whether the monster at `pos` shoots, breathes or calls others up (waiting for it
/// only gives it time).
pub(super) fn shoots_or_calls(run: &RunState, pos: Pos) -> bool {
    let table = run.campaign().monster_table();
    run.level()
        .monster_at(pos)
        .and_then(|i| table.kind(run.level().monsters[i].kind))
        .is_some_and(|k| k.has("Ranged") || k.has("Breath") || k.has("Summon"))
}

/// Whether the sleeping monster at `index` is worth a sneak attack: one the player's
/// triple blow and a few more likely kill.
pub(super) fn sneak_worthwhile(run: &RunState, index: usize) -> bool {
    let monster = &run.level().monsters[index];
    monster.mind == Mind::Asleep && monster.hp <= run.player_fighter().damage.1 * 5
}

/// One step toward `target` on the walking map (a bump into it attacks).
pub(super) fn step_toward(run: &RunState, target: Pos) -> PlayerAction {
    let player = run.player();
    if player.chebyshev(target) == 1 {
        return PlayerAction::Move(target.x - player.x, target.y - player.y);
    }
    let tiles = &run.level().level.tiles;
    let map = DijkstraMap::toward(tiles, [target]);
    let free = |p: Pos| run.level().monster_at(p).is_none() && run.level().seems_walkable(p);
    match map.downhill(player, free) {
        Some(to) => PlayerAction::Move(to.x - player.x, to.y - player.y),
        None => PlayerAction::Wait,
    }
}

/// Whether the player can walk to `target` (by what they know of the ground).
pub(super) fn reachable(run: &RunState, target: Pos) -> bool {
    let map = known_ground_map(run, [target]);
    map.value(run.player()) != delve_levels::dijkstra::UNREACHED
}

/// The map toward `goals` over the ground the player knows to be walkable.
fn known_ground_map(run: &RunState, goals: impl IntoIterator<Item = Pos>) -> DijkstraMap {
    let level = run.level();
    let tiles = &level.level.tiles;
    DijkstraMap::over(
        tiles,
        |p| level.seems_walkable(p) && level.seen[tiles.index_of(p)],
        goals.into_iter().map(|p| (p, 0)),
    )
}

/// A step toward the nearest known walkable tile at the edge of the unknown (as the
/// explore command would go, but with a hunter in view), or toward the stairs down
/// once there is none.
pub(super) fn explore_by_hand(run: &RunState) -> Option<PlayerAction> {
    let level = run.level();
    let tiles = &level.level.tiles;
    let seen = |p: Pos| tiles.contains(p) && level.seen[tiles.index_of(p)];
    let edge: Vec<Pos> = tiles
        .positions()
        .filter(|&p| seen(p) && level.seems_walkable(p))
        .filter(|&p| {
            KING.iter()
                .any(|&(dx, dy)| tiles.contains(p.offset(dx, dy)) && !seen(p.offset(dx, dy)))
        })
        .collect();
    let goals = if edge.is_empty() {
        vec![level.level.down]
    } else {
        edge
    };
    let map = known_ground_map(run, goals);
    let player = run.player();
    let to = map.downhill(player, |p| level.monster_at(p).is_none())?;
    Some(PlayerAction::Move(to.x - player.x, to.y - player.y))
}

/// Where the way down starts: the level's must-find item while the stairs are sealed,
/// else the stairs.
pub(super) fn way_down(run: &RunState) -> Pos {
    let table = run.campaign().loot_table();
    let rune = run
        .level()
        .items
        .iter()
        .find(|i| table.items().get(i.item).is_some_and(|item| item.must_find));
    match rune {
        Some(rune) if run.stairs_sealed() => rune.pos,
        _ => run.level().level.down,
    }
}

/// One step toward `goal` on a map that crosses traps and secret doors (but no other
/// hazard, and no locked door).
pub(super) fn step_over_traps(run: &RunState, goal: Pos) -> Option<PlayerAction> {
    let tiles = &run.level().level.tiles;
    let crossed = |t: Tile| t.is_walkable() || t.trap().is_some() || t == Tile::SecretDoor;
    let map = DijkstraMap::toward_over(tiles, crossed, [goal]);
    let player = run.player();
    let to = map.downhill(player, |p| run.level().monster_at(p).is_none())?;
    Some(PlayerAction::Move(to.x - player.x, to.y - player.y))
}

/// Out of patience ([`PATIENCE_TURNS`]): the next step of the way down, over traps,
/// through deep water and secret doors (searching before one), attacking whatever
/// stands in the way; the stairs taken once there. `None` when no way is left.
pub(super) fn head_for_the_way_down(run: &RunState) -> Option<PlayerAction> {
    let goal = way_down(run);
    let player = run.player();
    if player == goal {
        return Some(if run.stairs_sealed() {
            PlayerAction::PickUp
        } else {
            PlayerAction::Descend
        });
    }
    let tiles = &run.level().level.tiles;
    let crossed = |t: Tile| {
        t.is_walkable() || t.trap().is_some() || t == Tile::SecretDoor || t == Tile::DeepWater
    };
    let map = DijkstraMap::toward_over(tiles, crossed, [goal]);
    let to = map.downhill(player, |_| true)?;
    if run.level().tile_at(to) == Some(Tile::SecretDoor) {
        return Some(PlayerAction::Search);
    }
    Some(PlayerAction::Move(to.x - player.x, to.y - player.y))
}

/// A step to a neighbouring tile with fewer open neighbours than here (toward a
/// corridor), where no monster stands, if the player stands in the open.
pub(super) fn corridor_step(run: &RunState) -> Option<PlayerAction> {
    let tiles = &run.level().level.tiles;
    let open = |p: Pos| {
        KING.iter()
            .filter(|&&(dx, dy)| tiles.get(p.offset(dx, dy)).is_some_and(Tile::is_walkable))
            .count()
    };
    let here = run.player();
    if open(here) <= 3 {
        return None;
    }
    KING.iter()
        .map(|&(dx, dy)| here.offset(dx, dy))
        .filter(|&p| {
            run.level().seems_walkable(p)
                && run.level().monster_at(p).is_none()
                && tiles.get(p).is_some_and(|t| t.is_walkable())
        })
        .filter(|&p| open(p) + 2 <= open(here))
        .min_by_key(|&p| (open(p), p.y, p.x))
        .map(|to| PlayerAction::Move(to.x - here.x, to.y - here.y))
}

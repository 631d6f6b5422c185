//! Vaults in play: a locked door holds until the player carries the level's vault key,
//! which opens every lock of the level and is used up (a save holds no more keys on a
//! level than were taken there, carried, lying or turned in its locks); a vault's
//! monsters stand where it puts them, asleep, guarding, wandering or shackled as it
//! says, and keep those minds in a save; sleepers wake when the player comes close or
//! strikes; guards keep their post.

use delve_levels::analysis::distances::{UNREACHABLE, walking_distances};
use delve_levels::config::CampaignConfig;
use delve_levels::generator::{Generation, GeneratorKind};
use delve_levels::grid::{KING, Pos, Tile};
use delve_levels::monsters::{GUARD_REACH, Mind};
use delve_levels::vaults::{Start, VaultSet};
use delve_rules::run::{
    CLOSE_WAKE_PERCENT, PlayerAction, Rules, RunState, WAKE_DISTANCE, WAKE_PERCENT,
};

use super::support::{alone_with, monster, monster_kind, put_on_open_ground, said, walk_to};

/// A lock vault of two locked doors, each before a chest, placed on any depth.
const TWO_LOCKS: &str = include_str!("../../../../tests/vaults/twin_locks.ron");

/// A den of four kobolds: one asleep, one on guard, one wandering, one shackled.
const DEN: &str = include_str!("../../../../tests/vaults/kobold_den.ron");

/// A run with monsters whose first depth is a `kind` level with one vault from `text`
/// (no monster arrives: what stands there is what the test put there).
fn run_with_vault(text: &str, kind: GeneratorKind, seed: u64, rules: Rules) -> RunState {
    run_with_vault_in(Generation::CURRENT, text, kind, seed, rules)
}

/// [`run_with_vault`], the run of `generation`.
fn run_with_vault_in(
    generation: Generation,
    text: &str,
    kind: GeneratorKind,
    seed: u64,
    rules: Rules,
) -> RunState {
    let set = VaultSet::from_texts([("test.ron", text)]).expect("the vault file is valid");
    let mut config = kind.default_config();
    config.set_vaults(1);
    let mut campaign = CampaignConfig::builtin().with_vault_set(set);
    campaign.seed = seed;
    campaign.arrivals = Some(0);
    campaign.depths = vec![config];
    RunState::start_in(generation, campaign, None, rules)
        .expect("the run starts")
        .0
}

fn locks_of(run: &RunState) -> Vec<Pos> {
    let tiles = &run.level().level.tiles;
    tiles
        .positions()
        .filter(|&p| tiles[p] == Tile::LockedDoor)
        .collect()
}

/// A walkable tile beside `door` (orthogonally) that the player can walk to now.
fn before(run: &RunState, door: Pos) -> Option<Pos> {
    let tiles = &run.level().level.tiles;
    let reach = walking_distances(tiles, run.player());
    [(0, 1), (1, 0), (0, -1), (-1, 0)]
        .into_iter()
        .map(|(dx, dy)| door.offset(dx, dy))
        .find(|&p| tiles.is_walkable(p) && reach[tiles.index_of(p)] != UNREACHABLE)
}

fn key_kind(run: &RunState) -> usize {
    run.campaign()
        .loot_table()
        .key_item()
        .expect("the loot table has a vault key")
}

#[test]
fn a_locked_door_holds_without_the_key_and_the_key_opens_every_lock_of_the_level() {
    let mut tested = 0;
    for seed in 0..8 {
        let run = run_with_vault(TWO_LOCKS, GeneratorKind::Rooms, seed, Rules::Monsters);
        let mut run = alone_with(run, None);
        let locks = locks_of(&run);
        assert_eq!(locks.len(), 2, "seed {seed}: the vault's two locks");
        let Some(near) = before(&run, locks[0]) else {
            panic!("seed {seed}: no way to the lock at {}", locks[0]);
        };
        run.stage().put_player(near);
        let step = PlayerAction::Move(locks[0].x - near.x, locks[0].y - near.y);
        let turns = run.turns();
        let outcomes = run.apply(step);
        assert!(said(&outcomes, "The door is locked"), "seed {seed}");
        assert_eq!(run.turns(), turns, "a refused door takes no turn");
        assert_eq!(run.player(), near);
        assert_eq!(locks_of(&run), locks, "still locked");

        let key = key_kind(&run);
        run.stage().give(key);
        let outcomes = run.apply(step);
        assert!(
            said(&outcomes, "2 locked doors"),
            "seed {seed}: {outcomes:?}"
        );
        assert_eq!(run.turns(), turns + 1, "unlocking takes a turn");
        assert!(locks_of(&run).is_empty(), "both locks open with one key");
        for &at in &locks {
            assert_eq!(run.level().tile_at(at), Some(Tile::Door));
        }
        assert!(run.carried_of_kind(key) == 0, "the key is used up");
        // Open for good: a save remembers both doors.
        let again = RunState::restore(run.snapshot()).expect("the save loads");
        for &at in &locks {
            assert_eq!(again.level().tile_at(at), Some(Tile::Door), "seed {seed}");
        }
        tested += 1;
    }
    assert_eq!(tested, 8);
}

#[test]
fn the_player_walks_to_the_key_picks_it_up_and_opens_the_lock_with_it() {
    for kind in GeneratorKind::ALL {
        for seed in 0..4 {
            let run = run_with_vault(TWO_LOCKS, kind, seed, Rules::Monsters);
            let mut run = alone_with(run, None);
            let key = key_kind(&run);
            let lying = run.level().items.iter().find(|i| i.item == key).copied();
            let lying = lying.unwrap_or_else(|| panic!("{kind} seed {seed}: no key lies out"));
            // The key is reached on foot, no lock passed.
            walk_to(&mut run, lying.pos);
            assert!(
                run.carried_of_kind(key) > 0,
                "{kind} seed {seed}: picked up"
            );
            let lock = locks_of(&run)[0];
            let near = before(&run, lock).expect("the lock is reached");
            walk_to(&mut run, near);
            run.apply(PlayerAction::Move(lock.x - near.x, lock.y - near.y));
            assert!(locks_of(&run).is_empty(), "{kind} seed {seed}: unlocked");
            // Through the door lies the chest.
            run.apply(PlayerAction::Move(lock.x - near.x, lock.y - near.y));
            assert_eq!(run.player(), lock, "{kind} seed {seed}: through the door");
        }
    }
}

/// Explores `run` until it says "Explored" (at most 400 presses).
fn explore_to_the_end(run: &mut RunState) {
    for _ in 0..400 {
        if said(&run.apply(PlayerAction::Explore), "Explored") {
            return;
        }
    }
    panic!("exploring never ends");
}

#[test]
fn exploring_fetches_the_key_and_walks_through_its_locks_from_generation_4() {
    for seed in 0..6 {
        let run = run_with_vault(TWO_LOCKS, GeneratorKind::Rooms, seed, Rules::Monsters);
        let mut run = alone_with(run, None);
        let locks = locks_of(&run);
        assert_eq!(locks.len(), 2, "seed {seed}");
        explore_to_the_end(&mut run);
        assert!(locks_of(&run).is_empty(), "seed {seed}: explored through");
        assert_eq!(run.carried_of_kind(key_kind(&run)), 0, "the key turned");
        // Behind each lock, its chest was fetched: nothing is left lying.
        assert!(
            run.level().items.is_empty(),
            "seed {seed}: every item fetched"
        );
        let tiles = &run.level().level.tiles;
        for p in tiles.positions().filter(|&p| tiles.is_walkable(p)) {
            assert!(
                run.level().seen[tiles.index_of(p)],
                "seed {seed}: {p} unseen"
            );
        }
    }
}

#[test]
fn exploring_stops_at_a_lock_without_its_key_and_in_runs_of_generation_3() {
    for seed in 0..4 {
        // Without the key (taken from the level), exploring ends before the locks.
        let run = run_with_vault(TWO_LOCKS, GeneratorKind::Rooms, seed, Rules::Monsters);
        let mut run = alone_with(run, None);
        let key = key_kind(&run);
        let keys: Vec<Pos> = (run.level().items.iter())
            .filter(|i| i.item == key)
            .map(|i| i.pos)
            .collect();
        for at in keys {
            run.stage().remove_item_at(at);
        }
        let locks = locks_of(&run);
        explore_to_the_end(&mut run);
        assert_eq!(locks_of(&run), locks, "seed {seed}: still locked");

        // A run of generation 3 plays as it was recorded: the key fetched, the doors shut.
        let run = run_with_vault_in(
            Generation::Third,
            TWO_LOCKS,
            GeneratorKind::Rooms,
            seed,
            Rules::Monsters,
        );
        let mut run = alone_with(run, None);
        let locks = locks_of(&run);
        explore_to_the_end(&mut run);
        assert!(run.carried_of_kind(key) > 0, "seed {seed}: the key fetched");
        assert_eq!(
            locks_of(&run),
            locks,
            "seed {seed}: and the doors left shut"
        );
    }
}

#[test]
fn a_key_picked_up_says_what_it_is_for_while_its_level_has_a_lock() {
    let run = run_with_vault(TWO_LOCKS, GeneratorKind::Rooms, 1, Rules::Monsters);
    let mut run = alone_with(run, None);
    let key = key_kind(&run);
    let lying = run.level().items.iter().find(|i| i.item == key).copied();
    let to = lying.expect("a key lies out").pos;
    let mut told = Vec::new();
    for step in super::paths::walk(&run.level().level.tiles, run.player(), to) {
        told.extend(super::support::notices(&run.apply(step)));
    }
    assert!(
        told.iter()
            .any(|s| s
                == "You pick up a vault key. It opens this level's locked doors: walk into one."),
        "{told:?}"
    );
}

#[test]
fn a_vaults_monsters_stand_where_it_puts_them_with_the_minds_it_gives_them() {
    let kobold = monster_kind("kobold");
    for kind in GeneratorKind::ALL {
        for seed in 0..6 {
            let run = run_with_vault(DEN, kind, seed, Rules::Monsters);
            let level = &run.level().level;
            assert_eq!(level.vault_monsters.len(), 4, "{kind} seed {seed}");
            let monsters = &run.level().monsters;
            let normal = monsters.len() - 4;
            for (placed, monster) in level.vault_monsters.iter().zip(&monsters[normal..]) {
                assert_eq!(monster.pos, placed.pos, "{kind} seed {seed}");
                assert_eq!(monster.kind, kobold);
                let mind_ok = match placed.state {
                    Start::Asleep => monster.mind == Mind::Asleep,
                    Start::Guarding => monster.mind == Mind::Guarding(placed.pos),
                    Start::Wandering => matches!(monster.mind, Mind::Wandering(_)),
                    Start::Captive => monster.mind == Mind::Captive,
                };
                assert!(
                    mind_ok,
                    "{kind} seed {seed}: {:?} as {:?}",
                    monster.mind, placed.state
                );
            }
            let mut states: Vec<Start> = level.vault_monsters.iter().map(|m| m.state).collect();
            states.sort_by_key(|s| s.name());
            assert_eq!(
                states,
                [
                    Start::Asleep,
                    Start::Captive,
                    Start::Guarding,
                    Start::Wandering
                ]
            );
            // Numbered after the spawn's, all apart.
            let first = monsters[normal].id;
            assert!(monsters[..normal].iter().all(|m| m.id < first));
            let mut ids: Vec<u32> = monsters.iter().map(|m| m.id).collect();
            ids.sort();
            ids.dedup();
            assert_eq!(ids.len(), monsters.len());
            // The look says what they do.
            for (index, monster) in monsters.iter().enumerate().skip(normal) {
                let word = run.doing(index).word();
                match monster.mind {
                    Mind::Asleep => assert_eq!(word, "asleep"),
                    Mind::Captive => assert!(word.starts_with("shackled"), "{word}"),
                    Mind::Guarding(_) if !run.level().in_view(monster.pos) => {
                        assert_eq!(word, "guarding its post")
                    }
                    _ => {}
                }
            }
            // A save keeps them as they are.
            let again = RunState::restore(run.snapshot()).expect("the save loads");
            assert_eq!(again.level().monsters, run.level().monsters);
        }
    }
}

#[test]
fn a_peaceful_run_has_no_vault_monsters_either() {
    let run = run_with_vault(DEN, GeneratorKind::Cave, 1, Rules::Peaceful);
    assert_eq!(run.level().level.vault_monsters.len(), 4);
    assert!(run.level().monsters.is_empty());
}

/// An open cave run, alone, the player where every tile within 4 is floor.
fn open_ground(seed: u64) -> Option<RunState> {
    let run = run_with_vault(DEN, GeneratorKind::Cave, seed, Rules::Monsters);
    let mut run = alone_with(run, None);
    put_on_open_ground(&mut run, 4).then_some(run)
}

#[test]
fn a_sleeper_wakes_now_and_then_when_seen_from_afar_and_more_often_close_by() {
    let mut run = open_ground(2).expect("open ground");
    let player = run.player();
    let far = player.offset(4, 0);
    let mut sleeper = monster("kobold", far);
    sleeper.mind = Mind::Asleep;
    run.stage().add_monster(sleeper);
    assert!(run.level().in_view(far));
    // Four tiles off, in view: a tenth of its turns it wakes.
    let (turns, mut woke) = (400, 0);
    for _ in 0..turns {
        run.apply(PlayerAction::Wait);
        if run.level().monsters[0].mind != Mind::Asleep {
            woke += 1;
            run.stage().set_mind(0, Mind::Asleep);
        }
        assert_eq!(run.level().monsters[0].pos, far, "a sleeper lies still");
    }
    let expected = turns * WAKE_PERCENT / 100;
    assert!(
        (expected / 2..=expected * 2).contains(&woke),
        "woke {woke} times in {turns} turns, expected about {expected}"
    );
    // Within two tiles, it wakes more often (and spends the turn waking).
    run.stage().put_player(far.offset(-WAKE_DISTANCE, 0));
    let mut close = 0;
    for _ in 0..turns {
        let outcomes = run.apply(PlayerAction::Wait);
        if run.level().monsters[0].mind != Mind::Asleep {
            close += 1;
            assert!(said(&outcomes, "The kobold wakes up!"), "{outcomes:?}");
            assert!(matches!(run.level().monsters[0].mind, Mind::Hunting(_)));
            assert_eq!(run.doing(0).word(), "hunting you");
            run.stage().set_mind(0, Mind::Asleep);
        }
    }
    let expected = turns * CLOSE_WAKE_PERCENT / 100;
    assert!(
        (expected * 2 / 3..=expected * 3 / 2).contains(&close),
        "woke {close} times in {turns} turns close by, expected about {expected}"
    );
}

#[test]
fn a_sleeper_never_attacks_and_a_blow_wakes_it() {
    let mut run = open_ground(3).expect("open ground");
    let player = run.player();
    let mut sleeper = monster("kobold", player.offset(1, 0));
    sleeper.mind = Mind::Asleep;
    run.stage().add_monster(sleeper);
    // Left alone beside the player it wakes in time, and spends that turn waking.
    let hp = run.fight().hp;
    let mut outcomes = Vec::new();
    for _ in 0..40 {
        outcomes = run.apply(PlayerAction::Wait);
        if said(&outcomes, "wakes up") {
            break;
        }
    }
    assert!(said(&outcomes, "wakes up"), "{outcomes:?}");
    assert_eq!(run.fight().hp, hp, "waking took its turn: no blow yet");
    // A blow at a sleeper wakes it, hit or miss.
    run.stage().set_mind(0, Mind::Asleep);
    let outcomes = run.apply(PlayerAction::Move(1, 0));
    assert!(said(&outcomes, "The kobold wakes up!"), "{outcomes:?}");
    let mind = run.level().monsters.first().map(|m| m.mind);
    assert!(mind.is_none() || mind != Some(Mind::Asleep), "{mind:?}");
}

#[test]
fn a_guard_keeps_its_post_goes_for_a_player_near_it_and_walks_back() {
    let mut run = open_ground(4).expect("open ground");
    let player = run.player();
    let post = player.offset(3, 0);
    let mut guard = monster("kobold", post);
    guard.mind = Mind::Guarding(post);
    run.stage().add_monster(guard);
    // The player near its post, in view: it comes.
    run.apply(PlayerAction::Wait);
    let moved = run.level().monsters[0].pos;
    assert!(
        moved.chebyshev(player) < post.chebyshev(player),
        "it comes for the player"
    );
    assert_eq!(
        run.level().monsters[0].mind,
        Mind::Guarding(post),
        "it keeps its post in mind"
    );
    // The player gone far from its post (out of its reach): it walks back and waits.
    let tiles = run.level().level.tiles.clone();
    let away = tiles
        .positions()
        .find(|&p| tiles[p] == Tile::Floor && p.chebyshev(post) > GUARD_REACH + 10)
        .expect("far floor");
    run.stage().put_player(away);
    for _ in 0..12 {
        run.apply(PlayerAction::Wait);
    }
    assert_eq!(run.level().monsters[0].pos, post, "back at its post");
    assert_eq!(run.doing(0).word(), "guarding its post");
}

#[test]
fn the_spawn_keeps_out_of_the_vaults() {
    for kind in GeneratorKind::ALL {
        for seed in 0..6 {
            let run = run_with_vault(TWO_LOCKS, kind, seed, Rules::Monsters);
            let level = run.level();
            assert!(!level.level.vaults.is_empty(), "{kind} seed {seed}");
            for monster in &level.monsters {
                assert!(
                    !level.level.vaults.iter().any(|v| v.covers(monster.pos)),
                    "{kind} seed {seed}: a {} spawned inside a vault at {}",
                    monster.kind,
                    monster.pos
                );
            }
        }
    }
}

#[test]
fn a_vault_key_stays_on_its_level_when_the_player_leaves() {
    let run = run_with_vault(TWO_LOCKS, GeneratorKind::Cave, 3, Rules::Monsters);
    let mut run = alone_with(run, None);
    let key = key_kind(&run);
    let home = run.level().level.vaults[0].key.expect("the key's place");
    let lying = run
        .level()
        .items
        .iter()
        .any(|i| i.item == key && i.pos == home);
    assert!(lying, "the key lies at its place");
    walk_to(&mut run, home);
    assert!(run.carried_of_kind(key) > 0);
    // Down a chasm laid beside the player.
    let player = run.player();
    let edge = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        .into_iter()
        .map(|(dx, dy)| player.offset(dx, dy))
        .find(|&p| run.level().level.tiles.is_walkable(p))
        .expect("floor beside the key");
    run.stage().lay(edge, Tile::Chasm);
    let outcomes = run.apply(PlayerAction::Move(edge.x - player.x, edge.y - player.y));
    assert_eq!(run.depth(), 2, "fell a depth");
    assert!(
        said(&outcomes, "The vault key stays behind"),
        "{outcomes:?}"
    );
    assert!(run.carried_of_kind(key) == 0, "the key is not carried down");
    // The level above keeps it where it was found.
    let above = &run.memories()[&run.keys()[&1].encode()];
    assert!(above.dropped.iter().any(|i| i.item == key && i.pos == home));
    let again = RunState::restore(run.snapshot()).expect("the save loads");
    assert_eq!(again.memories(), run.memories());
}

/// `save` changed by `forge`, loaded: the refusal, which must name depth 1 and say
/// `words`.
fn refused(
    save: &delve_rules::run::GameSave,
    forge: impl Fn(&mut delve_rules::run::GameSave),
    words: &str,
) {
    let mut save = save.clone();
    forge(&mut save);
    let refusal = RunState::restore(save).expect_err("the forged save is refused");
    assert!(
        refusal.contains("depth 1") && refusal.contains(words),
        "{refusal:?} does not say {words:?}"
    );
}

#[test]
fn a_save_holds_no_more_vault_keys_on_a_level_than_were_taken_there_and_may_hold_fewer() {
    let run = run_with_vault(TWO_LOCKS, GeneratorKind::Rooms, 0, Rules::Monsters);
    let mut run = alone_with(run, None);
    let key = key_kind(&run);
    let home = run.level().level.vaults[0].key.expect("the key's place");
    let locks = locks_of(&run);
    let depth_1 = |s: &mut delve_rules::run::GameSave| -> usize {
        s.levels.iter().position(|l| l.depth == 1).unwrap()
    };
    // The key lies where the level put it.
    let lying = run.snapshot();
    assert!(
        RunState::restore(lying.clone()).is_ok(),
        "the real save loads"
    );
    refused(
        &lying,
        |s| {
            let at = depth_1(s);
            s.levels[at].opened.push(locks[0]);
        },
        &format!("locked door at {} is open", locks[0]),
    );
    refused(
        &lying,
        |s| s.inventory.push(delve_levels::loot::Item::plain(key)),
        "the player carries 1",
    );
    let beside = before(&run, locks[0]).expect("the lock is reached");
    refused(
        &lying,
        |s| {
            let at = depth_1(s);
            let copy = delve_levels::loot::PlacedItem::plain(beside, key);
            s.levels[at].dropped.push(copy);
        },
        "lie dropped",
    );

    // Taken, it is carried: the locks shut still.
    walk_to(&mut run, home);
    assert_eq!(run.carried_of_kind(key), 1, "picked up");
    let carried = run.snapshot();
    assert!(
        RunState::restore(carried.clone()).is_ok(),
        "the real save loads"
    );
    refused(
        &carried,
        |s| {
            let at = depth_1(s);
            s.levels[at].opened.extend(&locks);
        },
        "the player carries 1",
    );
    // Taken and gone from the pack (torn away by deep water, thrown where nothing can
    // lie): a key lost is no fault.
    let mut lost = carried.clone();
    lost.inventory.retain(|i| i.kind != key);
    lost.fight
        .as_mut()
        .unwrap()
        .letters
        .retain(|_, i| i.kind != key);
    assert!(RunState::restore(lost).is_ok(), "a lost key loads");

    // Put down beside the lock, it lies there.
    walk_to(&mut run, beside);
    let letter = run.inventory().iter().position(|i| i.kind == key).unwrap();
    run.apply(PlayerAction::Drop(letter as u8));
    assert_eq!(run.carried_of_kind(key), 0, "put down");
    assert!(
        RunState::restore(run.snapshot()).is_ok(),
        "the real save loads"
    );

    // Turned in the lock, it opens both locks and is used up.
    run.apply(PlayerAction::PickUp);
    run.apply(PlayerAction::Move(
        locks[0].x - beside.x,
        locks[0].y - beside.y,
    ));
    assert!(locks_of(&run).is_empty(), "unlocked");
    let turned = run.snapshot();
    assert!(
        RunState::restore(turned.clone()).is_ok(),
        "the real save loads"
    );
    refused(
        &turned,
        |s| s.inventory.push(delve_levels::loot::Item::plain(key)),
        "the player carries 1",
    );
}

/// A player behind a vault's lock without its key is stranded: no step leads out of the
/// locked room (the lock holds from inside too), so a teleport never lands there
/// (`a_teleport_lands_outside_sealed_vaults_but_in_old_recordings`, in the run model).
/// Where a recording of format 7 teleported them, a teleport is the way out; a save of
/// such a run (made before teleports kept out) still loads.
#[test]
fn a_player_behind_a_lock_without_its_key_cannot_get_out_but_by_a_teleport() {
    let run = run_with_vault(TWO_LOCKS, GeneratorKind::Rooms, 0, Rules::Monsters);
    let mut run = alone_with(run, None);
    let scroll = run
        .campaign()
        .loot_table()
        .index_of("scroll of teleportation")
        .expect("the table has the scroll");
    run.stage().carry(vec![scroll]);
    let sealed = run.level().level.vaults[0].items.clone();
    assert_eq!(sealed.len(), 2, "a chest behind each lock");
    run.stage().put_player(sealed[0]);
    let again = RunState::restore(run.snapshot()).expect("the save loads");
    assert_eq!(again.player(), sealed[0]);
    let tiles = &run.level().level.tiles;
    let reach = walking_distances(tiles, run.player());
    let walked = tiles
        .positions()
        .filter(|&p| reach[tiles.index_of(p)] != UNREACHABLE);
    assert_eq!(
        walked.collect::<Vec<_>>(),
        vec![sealed[0]],
        "a room of one tile"
    );
    for (dx, dy) in KING {
        let mut stepper = run.clone();
        let outcomes = stepper.apply(PlayerAction::Move(dx, dy));
        assert_eq!(stepper.player(), sealed[0], "({dx}, {dy}): {outcomes:?}");
    }
    let mut reader = run.clone();
    reader.apply(PlayerAction::Use(0));
    let outside = reach_from_up(&reader);
    assert!(
        outside[tiles.index_of(reader.player())],
        "out by the scroll"
    );
}

/// The tiles the up stairs reach on foot with every locked door shut.
fn reach_from_up(run: &RunState) -> Vec<bool> {
    let tiles = &run.level().level.tiles;
    let reach = walking_distances(tiles, run.level().level.up);
    reach.iter().map(|&d| d != UNREACHABLE).collect()
}

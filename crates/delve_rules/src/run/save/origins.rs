//! What each saved level gave the run when it was made, against what the save says came
//! of it: its vault keys (a key never leaves its level: carried, lying, held by a thief
//! or turned in the level's locks, never more than were taken there) and the kinds it
//! shackled (every captive of one of them, every ally of one some level shackled), and
//! the wares taken from its shops (never less than the gold spent).

use std::collections::BTreeSet;

use crate::run::Fight;
use crate::run::level::{LevelInPlay, LevelMemory};
use delve_levels::generator::Level;
use delve_levels::grid::{Pos, Tile};
use delve_levels::key::LevelKey;
use delve_levels::monsters::{Mind, Monster, MonsterTable};

/// Checks the vault keys of one level, made again as `level`, against what `memory`
/// says came of them, `carried` of them in the pack (the level in play's; 0 for any
/// other): no more lie there, are held by its thieves, are carried or have opened its
/// locks (one key opens every lock of a level) than were taken from its loot. A key
/// leaves its level with nobody (the player leaves it where it lay), but may be lost
/// (torn away in deep water, thrown where nothing can lie): fewer is no fault.
pub(super) fn check_level_keys(
    level: &Level,
    memory: Option<&LevelMemory>,
    carried: usize,
    key_kind: Option<usize>,
) -> Result<(), String> {
    let Some(key_kind) = key_kind else {
        return Ok(());
    };
    let empty = LevelMemory::default();
    let memory = memory.unwrap_or(&empty);
    let is_key = |at: &Pos| (level.loot.iter()).any(|i| i.pos == *at && i.item == key_kind);
    let taken = memory.taken.iter().filter(|at| is_key(at)).count();
    let lying: Vec<Pos> = (memory.dropped.iter())
        .filter(|i| i.item == key_kind)
        .map(|i| i.pos)
        .collect();
    let held = (memory.monsters.iter().flatten())
        .filter(|m| m.carries.is_some_and(|i| i.kind == key_kind))
        .count();
    let opened = (memory.opened.iter()).find(|&&at| level.tiles.get(at) == Some(Tile::LockedDoor));
    let accounted = lying.len() + held + carried + usize::from(opened.is_some());
    if accounted <= taken {
        return Ok(());
    }
    let mut how = Vec::new();
    if let Some(at) = opened {
        how.push(format!("its locked door at {at} is open"));
    }
    if carried > 0 {
        how.push(format!("the player carries {carried}"));
    }
    if let Some(at) = lying.first() {
        how.push(format!("{} lie dropped (at {at})", lying.len()));
    }
    if held > 0 {
        how.push(format!("monsters hold {held}"));
    }
    Err(format!(
        "{} — {accounted} vault key(s) in all, but {taken} vault key(s) were taken there",
        how.join(", ")
    ))
}

/// The kinds the level of `key`, made as `level`, shackled as captives when first
/// entered (its vaults' captives and its own), as the run's first visit populates it.
pub(super) fn shackled_kinds(
    key: &LevelKey,
    level: &Level,
    table: &MonsterTable,
) -> BTreeSet<usize> {
    let up = level.up;
    let mut fresh = LevelInPlay::new(key.clone(), level.clone(), None);
    fresh.populate(None, up, table);
    (fresh.monsters.iter())
        .filter(|m| m.mind == Mind::Captive)
        .map(|m| m.kind)
        .collect()
}

/// Checks that every captive among `monsters` is of a kind the level shackled
/// (`shackled`): a captive never changes its kind, and a bolt of plenty makes a twin of
/// its own kind. (Where one stands is not checked: a fall that lands on a captive's
/// tile puts it aside, and a twin stands beside the one it was made from.)
pub(super) fn check_captives(
    monsters: &[Monster],
    shackled: &BTreeSet<usize>,
    table: &MonsterTable,
) -> Result<(), String> {
    let name = |kind: usize| table.kind(kind).map_or("monster", |k| k.name.as_str());
    match monsters
        .iter()
        .find(|m| m.mind == Mind::Captive && !shackled.contains(&m.kind))
    {
        Some(m) if shackled.is_empty() => Err(format!(
            "a captive {} at {}, but the level shackled none",
            name(m.kind),
            m.pos
        )),
        Some(m) => Err(format!(
            "a captive {} at {}, but the level shackled only {}",
            name(m.kind),
            m.pos,
            kinds_named(shackled, table)
        )),
        None => Ok(()),
    }
}

/// Checks that every ally among `monsters` is of a kind some level of the run shackled
/// (`shackled`): allies are captives set free, and the twins a bolt of plenty makes of
/// them.
pub(super) fn check_allies(
    monsters: &[Monster],
    shackled: &BTreeSet<usize>,
    table: &MonsterTable,
) -> Result<(), String> {
    let Some(ally) =
        (monsters.iter()).find(|m| m.mind == Mind::Ally && !shackled.contains(&m.kind))
    else {
        return Ok(());
    };
    let name = table.kind(ally.kind).map_or("monster", |k| k.name.as_str());
    let held = if shackled.is_empty() {
        "no level of the run shackled any captive".to_owned()
    } else {
        format!(
            "the run's levels shackled only {}",
            kinds_named(shackled, table)
        )
    };
    Err(format!(
        "an ally {name} at {}, but allies are freed captives and {held}",
        ally.pos
    ))
}

/// The names of `kinds`, joined.
fn kinds_named(kinds: &BTreeSet<usize>, table: &MonsterTable) -> String {
    let names: Vec<&str> = (kinds.iter())
        .map(|&k| table.kind(k).map_or("monster", |k| k.name.as_str()))
        .collect();
    names.join(", ")
}

/// What the levels of a save gave the run, as far as its checks ask: the kinds they
/// shackled (when asked after), and what the wares taken
/// from their shops cost.
#[derive(Default)]
pub(super) struct LevelsGave {
    pub(super) shackled: BTreeSet<usize>,
    pub(super) wares_worth: u64,
}

impl LevelsGave {
    /// Adds a level's: the kinds it shackled, and the prices of the wares its memory
    /// says were taken (each place once: a place is taken once).
    pub(super) fn add(
        &mut self,
        shackled: Option<BTreeSet<usize>>,
        generated: &Level,
        memory: Option<&LevelMemory>,
    ) {
        self.shackled.extend(shackled.into_iter().flatten());
        let taken = memory.map(|m| m.taken.as_slice()).unwrap_or_default();
        self.wares_worth += (generated.loot.iter())
            .filter(|ware| ware.price > 0 && taken.contains(&ware.pos))
            .map(|ware| u64::from(ware.price))
            .sum::<u64>();
    }
}

/// Checks the gold a run with monsters has spent against the wares taken from the
/// shops of its levels: it paid for each (or, hungry with a full pack under the rules of
/// a recording of format 9 or older, ate it unpaid), so never more than they cost. A
/// designer's run is let by: changing its tables forgets the levels left.
///
/// The gold *found* is not checked against the heaps taken, on purpose: a run saved
/// before the purse carried its heaps as items, and loading it turns each into
/// [`GOLD_OF_AN_OLDER_SAVE`](super::migrate::GOLD_OF_AN_OLDER_SAVE) gold (more than a
/// depth-1 heap can hold, 9 to 16); such an item dropped, or stolen by a thief who
/// drops it, and picked up again today goes to the purse for the amount of the place it
/// lay (`gold_amount` of that tile and depth, not of the heap it was); and a save written
/// since from such a run is a save like any other. A bound that never refuses those is
/// no check: the purse stays as the save says.
pub(super) fn check_gold_spent(fight: Option<&Fight>, gave: &LevelsGave) -> Result<(), String> {
    let Some(fight) = fight.filter(|f| !f.designer) else {
        return Ok(());
    };
    if u64::from(fight.gold_spent) > gave.wares_worth {
        return Err(format!(
            "the player spent {} gold, but the wares taken from the shops of the levels saved cost {}",
            fight.gold_spent, gave.wares_worth
        ));
    }
    Ok(())
}

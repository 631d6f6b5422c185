//! The independent checker of what placed vaults promise, run on every level by `delve
//! stats` and the tests. It shares no code with the placement: a plain breadth-first
//! solver over the level, with the locked doors as locks.
//!
//! The solver walks from the up stairs with every locked door shut (secret doors found,
//! traps crossed): the key to the level's locks must be reached so. With it, every locked
//! door opens (a key opens every lock of its level), and the walk goes on; then every
//! vault's exits and items must be reached, and nothing at all may be left unreached.

use std::fmt;

use crate::analysis::distances::reached_from;
use crate::generator::Level;
use crate::grid::{Grid, Pos, Tile};

/// A broken vault promise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VaultViolation {
    /// A locked door that is no placed vault's (nor a cyclic dungeon's plan's).
    StrayLock(Pos),
    /// A vault's key is not where it says, or is not an item of the level.
    KeyMissing(String),
    /// The locks cannot be opened: no key lies where the up stairs reach with every
    /// locked door shut.
    KeyBehindLock(String),
    /// An exit of a vault that the level does not reach (locks open).
    ExitUnjoined {
        /// The vault.
        vault: String,
        /// The exit.
        exit: Pos,
    },
    /// An exit of a vault with locks that the up stairs reach only through a secret
    /// door or across water: its lock could go unfound.
    LockHidden {
        /// The vault.
        vault: String,
        /// The exit.
        exit: Pos,
    },
    /// A tile left unreached once every lock is open.
    Unreached(Pos),
    /// A vault's monster outside its vault, on a tile it cannot stand on, or on
    /// another's tile.
    MonsterAstray {
        /// The vault.
        vault: String,
        /// Where it stands.
        pos: Pos,
    },
    /// Two vaults overlap.
    Overlap(String, String),
}

impl fmt::Display for VaultViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VaultViolation::StrayLock(p) => write!(f, "locked door at {p} belongs to no vault"),
            VaultViolation::KeyMissing(v) => {
                write!(f, "vault \"{v}\": its key is not on the level")
            }
            VaultViolation::KeyBehindLock(v) => {
                write!(f, "vault \"{v}\": no key can be reached before its lock")
            }
            VaultViolation::ExitUnjoined { vault, exit } => {
                write!(
                    f,
                    "vault \"{vault}\": exit {exit} is not joined to the level"
                )
            }
            VaultViolation::LockHidden { vault, exit } => {
                write!(
                    f,
                    "vault \"{vault}\": exit {exit} of its lock is reached only through a secret door or across water"
                )
            }
            VaultViolation::Unreached(p) => {
                write!(f, "tile {p} cannot be reached even with every lock open")
            }
            VaultViolation::MonsterAstray { vault, pos } => {
                write!(
                    f,
                    "vault \"{vault}\": monster at {pos} stands where it cannot"
                )
            }
            VaultViolation::Overlap(a, b) => write!(f, "vaults \"{a}\" and \"{b}\" overlap"),
        }
    }
}

/// Breadth-first reach from `sources` over the tiles where `open` holds (a source off
/// the map or not open reaches nothing).
fn reach(tiles: &Grid<Tile>, sources: &[Pos], open: impl Fn(Tile) -> bool) -> Vec<bool> {
    let sources: Vec<usize> = sources
        .iter()
        .filter(|&&s| tiles.contains(s))
        .map(|&s| tiles.index_of(s))
        .collect();
    reached_from(tiles, &sources, open)
}

/// What the lock-and-key solver found on a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Tiles reached with every locked door shut.
    pub before_locks: Vec<bool>,
    /// Tiles reached once a key opened the locks (the same as before when there is no
    /// lock, or no key was reached).
    pub after_locks: Vec<bool>,
    /// Whether a key was reached before any lock.
    pub key_first: bool,
}

/// Solves the level's locks: walks from the up stairs with the locked doors shut, picks
/// up a key if one is reached, opens every lock with it, walks on.
pub fn solve(level: &Level) -> Solution {
    let tiles = &level.tiles;
    let before_locks = reach(tiles, &[level.up], Tile::is_passable_once_found);
    // A cyclic dungeon's key opens the vaults' locks too (a key opens every lock of its
    // level), as theirs open its.
    let plan_key = level.plan.as_ref().and_then(|plan| plan.key);
    let keys: Vec<Pos> = level
        .vaults
        .iter()
        .filter_map(|v| v.key)
        .chain(plan_key)
        .filter(|k| level.loot.iter().any(|i| i.pos == *k))
        .collect();
    let key_first = keys.iter().any(|k| before_locks[tiles.index_of(*k)]);
    let after_locks = if key_first {
        reach(tiles, &[level.up], |t| t.is_passable_once_unlocked())
    } else {
        before_locks.clone()
    };
    Solution {
        before_locks,
        after_locks,
        key_first,
    }
}

/// Checks every vault promise of `level` (see the module's words).
pub fn check_vaults(level: &Level) -> Result<(), VaultViolation> {
    let tiles = &level.tiles;
    for (i, a) in level.vaults.iter().enumerate() {
        for b in &level.vaults[i + 1..] {
            let apart = a.origin.x + a.size.0 as i32 <= b.origin.x
                || b.origin.x + b.size.0 as i32 <= a.origin.x
                || a.origin.y + a.size.1 as i32 <= b.origin.y
                || b.origin.y + b.size.1 as i32 <= a.origin.y;
            if !apart {
                return Err(VaultViolation::Overlap(a.name.clone(), b.name.clone()));
            }
        }
    }
    let locks: Vec<Pos> = tiles
        .positions()
        .filter(|&p| tiles[p] == Tile::LockedDoor)
        .collect();
    // A cyclic dungeon's own locks are its plan's to prove (`generator::cyclic::check`).
    let plan_locks = level
        .plan
        .as_ref()
        .map(|plan| plan.locks())
        .unwrap_or_default();
    if let Some(&stray) = locks
        .iter()
        .find(|p| !level.vaults.iter().any(|v| v.locks.contains(p)) && !plan_locks.contains(p))
    {
        return Err(VaultViolation::StrayLock(stray));
    }
    for vault in level.vaults.iter().filter(|v| !v.locks.is_empty()) {
        let key_lies = vault.key.is_some_and(|k| {
            level.loot.iter().any(|i| i.pos == k) && tiles.get(k) == Some(Tile::Loot)
        });
        if !key_lies {
            return Err(VaultViolation::KeyMissing(vault.name.clone()));
        }
    }
    let solution = solve(level);
    if !locks.is_empty() && !solution.key_first {
        let vault = level
            .vaults
            .iter()
            .find(|v| !v.locks.is_empty())
            .map_or_else(String::new, |v| v.name.clone());
        return Err(VaultViolation::KeyBehindLock(vault));
    }
    let on_foot = reach(tiles, &[level.up], Tile::is_walkable);
    for vault in level.vaults.iter().filter(|v| !v.locks.is_empty()) {
        if let Some(&exit) = vault
            .exits
            .iter()
            .find(|&&e| !tiles.contains(e) || !on_foot[tiles.index_of(e)])
        {
            return Err(VaultViolation::LockHidden {
                vault: vault.name.clone(),
                exit,
            });
        }
    }
    let reached = &solution.after_locks;
    for vault in &level.vaults {
        for &exit in &vault.exits {
            if !tiles.contains(exit) || !reached[tiles.index_of(exit)] {
                return Err(VaultViolation::ExitUnjoined {
                    vault: vault.name.clone(),
                    exit,
                });
            }
        }
    }
    if let Some(p) = tiles.positions().find(|&p| {
        let t = tiles[p];
        t.is_passable_once_unlocked() && !reached[tiles.index_of(p)]
    }) {
        // A pocket the layout allowed is the layout checker's to judge; a pocket inside
        // a vault box is the vault's.
        if level.vaults.iter().any(|v| v.covers(p)) {
            return Err(VaultViolation::Unreached(p));
        }
    }
    let mut standing: Vec<Pos> = Vec::new();
    for monster in &level.vault_monsters {
        let vault = &level.vaults[monster.vault.min(level.vaults.len().saturating_sub(1))];
        let ok = monster.vault < level.vaults.len()
            && vault.covers(monster.pos)
            && tiles.is_walkable(monster.pos)
            && !matches!(tiles[monster.pos], Tile::UpStairs | Tile::DownStairs)
            && !standing.contains(&monster.pos);
        if !ok {
            return Err(VaultViolation::MonsterAstray {
                vault: vault.name.clone(),
                pos: monster.pos,
            });
        }
        standing.push(monster.pos);
    }
    Ok(())
}

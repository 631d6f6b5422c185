//! What levels hold: the loot table (items, their effects and disguises, where a level's
//! loot lies) and the monster table (kinds, spawning, combat rolls). Data and its rules
//! of placement, made from [`crate::base`] only.

pub mod loot;
pub mod monsters;

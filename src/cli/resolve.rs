//! Turns level arguments (config, kind, seed, depth, size, key) into one [`LevelKey`].

use delve_levels::config::CampaignConfig;
use delve_levels::key::LevelKey;
use delve_levels::loot::LootTable;
use delve_levels::rng::MAX_DEPTH;

use super::{CliError, LevelArgs};

/// The campaign named on the command line, or the built-in one, with the loot table
/// `--loot` names.
pub fn campaign(args: &LevelArgs) -> Result<CampaignConfig, CliError> {
    let campaign = campaign_file(args.config.as_deref())?;
    Ok(match &args.loot {
        Some(path) => campaign
            .with_loot_table(LootTable::load(path).map_err(|e| CliError(format!("--loot: {e}")))?),
        None => campaign,
    })
}

/// The campaign in `path`, or the built-in one.
pub fn campaign_file(path: Option<&std::path::Path>) -> Result<CampaignConfig, CliError> {
    Ok(match path {
        Some(path) => CampaignConfig::load(path)?,
        None => CampaignConfig::builtin(),
    })
}

/// The level the arguments describe.
pub fn level_key(args: &LevelArgs) -> Result<LevelKey, CliError> {
    level_key_in(args, &campaign(args)?)
}

/// The level the arguments describe, in a campaign already loaded from them.
pub fn level_key_in(args: &LevelArgs, campaign: &CampaignConfig) -> Result<LevelKey, CliError> {
    if let Some(text) = &args.key {
        let key = LevelKey::decode(text)?;
        let table = campaign.loot_table().fingerprint();
        if args.loot.is_some() && key.loot != table {
            return Err(CliError(format!(
                "--key was made under loot table {}, but --loot gives table {table}",
                key.loot
            )));
        }
        return Ok(key);
    }
    let depth = args.depth.unwrap_or(1);
    if !(1..=MAX_DEPTH).contains(&depth) {
        return Err(CliError(format!(
            "--depth must be between 1 and {MAX_DEPTH}, got {depth}"
        )));
    }
    let mut config = campaign.config_at(depth).clone();
    if let Some(kind) = args.kind
        && config.kind() != kind
    {
        config = campaign.config_of_kind(kind);
    }
    config.set_size(args.width, args.height);
    config.validate().map_err(|e| {
        let flag = match e.field {
            "width" => " (--width)",
            "height" => " (--height)",
            _ => "",
        };
        CliError(format!("invalid {} level{flag}: {e}", config.kind()))
    })?;
    Ok(
        LevelKey::new(config, depth, args.seed.unwrap_or(campaign.seed))
            .under(campaign.loot_table())
            .with_vaults(campaign.vault_set()),
    )
}

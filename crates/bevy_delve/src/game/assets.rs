//! delve's configs as Bevy assets (feature `assets`): campaigns, loot tables and
//! monster tables load through the asset server with one RON loader of ours over
//! delve's own parser, so an asset gives exactly the errors the command line gives
//! (`file:line:column`, the field and its rule). With feature `watch`,
//! [`LiveReloadPlugin`] makes the run in play follow its campaign file as a designer
//! edits it.
//!
//! ```no_run
//! use bevy::prelude::*;
//! use bevy_delve::game::assets::{CampaignAsset, ConfigAssetsPlugin};
//!
//! fn load(server: Res<AssetServer>, mut commands: Commands) {
//!     // `assets/levels/my-campaign.ron`, read by delve's parser.
//!     let handle: Handle<CampaignAsset> = server.load("levels/my-campaign.ron");
//!     commands.insert_resource(MyCampaign(handle));
//! }
//! # #[derive(Resource)] struct MyCampaign(Handle<CampaignAsset>);
//! App::new()
//!     .add_plugins((MinimalPlugins, AssetPlugin::default(), ConfigAssetsPlugin))
//!     .add_systems(Startup, load)
//!     .run();
//! ```

use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use bevy::asset::io::{AssetReaderError, Reader};
use bevy::asset::io::{AssetSource, AssetSourceBuilder, AssetSourceId};
use bevy::asset::{AssetLoader, AssetPath, LoadContext, ReadAssetBytesError};
use bevy::prelude::*;
use bevy::tasks::ConditionalSendFuture;

use delve_levels::config::{CampaignConfig, CampaignText, ConfigError};
use delve_levels::loot::{LootError, LootTable};
use delve_levels::monsters::{MonsterTable, MonsterTableError};
use delve_levels::ron_text::{NO_SUCH_FILE, ReadTextError, RonError, text_of};

/// A campaign file as an asset: the checked campaign (with the loot and monster tables
/// it names, read as dependencies, so that editing a table reloads the campaign too).
#[derive(Asset, TypePath, Clone, Debug, PartialEq, Eq)]
pub struct CampaignAsset {
    /// The campaign.
    pub campaign: CampaignConfig,
    /// The file it came from, as errors and notices name it.
    pub origin: String,
}

/// A loot table file (`levels/loot.ron`'s format) as an asset.
#[derive(Asset, TypePath, Clone, Debug, PartialEq, Eq)]
pub struct LootTableAsset {
    /// The table.
    pub table: LootTable,
    /// The file it came from.
    pub origin: String,
}

/// A monster table file (`levels/monsters.ron`'s format) as an asset.
#[derive(Asset, TypePath, Clone, Debug, PartialEq, Eq)]
pub struct MonsterTableAsset {
    /// The table.
    pub table: MonsterTable,
    /// The file it came from.
    pub origin: String,
}

/// Why a config asset could not be loaded: delve's own error for its kind of file,
/// or the file that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigAssetError {
    /// The file could not be read.
    Read {
        /// The file.
        origin: String,
        /// What the asset reader said.
        message: String,
    },
    /// The file is not UTF-8 text (at this line and column).
    NotText(RonError),
    /// A broken campaign.
    Campaign(ConfigError),
    /// A broken loot table.
    Loot(LootError),
    /// A broken monster table.
    Monsters(MonsterTableError),
}

impl std::fmt::Display for ConfigAssetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConfigAssetError::Read { origin, message } => {
                write!(f, "{origin}: cannot read: {message}")
            }
            ConfigAssetError::NotText(e) => write!(f, "{e}"),
            ConfigAssetError::Campaign(e) => write!(f, "{e}"),
            ConfigAssetError::Loot(e) => write!(f, "{e}"),
            ConfigAssetError::Monsters(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ConfigAssetError {}

/// A kind of delve config file that [`ConfigLoader`] reads: made from its text by
/// delve's parser (`context` reads the other files it names).
pub trait ConfigFile: Asset + Sized {
    /// Parses and checks `text`; `origin` names the file in errors.
    fn from_text(
        text: String,
        origin: String,
        context: &mut LoadContext<'_>,
    ) -> impl ConditionalSendFuture<Output = Result<Self, ConfigAssetError>>;
}

/// A table file's asset: the table its own parser makes of the text, and the file.
macro_rules! table_file {
    ($asset:ident, $table:ident, $error:ident) => {
        impl ConfigFile for $asset {
            fn from_text(
                text: String,
                origin: String,
                _context: &mut LoadContext<'_>,
            ) -> impl ConditionalSendFuture<Output = Result<Self, ConfigAssetError>> {
                async move {
                    let table =
                        $table::from_ron_str(&text, &origin).map_err(ConfigAssetError::$error)?;
                    Ok($asset { table, origin })
                }
            }
        }
    };
}

table_file!(LootTableAsset, LootTable, Loot);
table_file!(MonsterTableAsset, MonsterTable, Monsters);

impl ConfigFile for CampaignAsset {
    fn from_text(
        text: String,
        origin: String,
        context: &mut LoadContext<'_>,
    ) -> impl ConditionalSendFuture<Output = Result<Self, ConfigAssetError>> {
        async move {
            let parsed = CampaignText::parse(&text, &origin).map_err(ConfigAssetError::Campaign)?;
            // The tables it names, read through the asset server: each read makes the
            // file a dependency, so saving the table reloads the campaign.
            let mut tables: BTreeMap<String, Result<String, ReadTextError>> = BTreeMap::new();
            for file in parsed.table_files() {
                let read = match context.path().resolve_embed_str(file) {
                    Ok(path) => match context.read_asset_bytes(path).await {
                        Ok(bytes) => text_of(bytes),
                        Err(ReadAssetBytesError::AssetReaderError(AssetReaderError::NotFound(
                            _,
                        ))) => Err(ReadTextError::Io(NO_SUCH_FILE.to_owned())),
                        Err(e) => Err(ReadTextError::Io(e.to_string())),
                    },
                    Err(e) => Err(ReadTextError::Io(e.to_string())),
                };
                tables.insert(file.to_owned(), read);
            }
            let campaign = parsed
                .with_tables(|file| {
                    tables
                        .remove(file)
                        .unwrap_or_else(|| Err(ReadTextError::Io("not read".into())))
                })
                .map_err(ConfigAssetError::Campaign)?;
            Ok(CampaignAsset { campaign, origin })
        }
    }
}

/// The one RON loader of delve's config files, for each [`ConfigFile`] kind: the
/// asset server picks it by the asset type asked for (all three are `.ron`).
#[derive(TypePath)]
pub struct ConfigLoader<A: ConfigFile> {
    folders: ConfigFolders,
    kind: PhantomData<fn() -> A>,
}

impl<A: ConfigFile> FromWorld for ConfigLoader<A> {
    fn from_world(world: &mut World) -> Self {
        ConfigLoader {
            folders: world
                .get_resource::<ConfigFolders>()
                .cloned()
                .unwrap_or_default(),
            kind: PhantomData,
        }
    }
}

impl<A: ConfigFile> AssetLoader for ConfigLoader<A> {
    type Asset = A;
    type Settings = ();
    type Error = ConfigAssetError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        context: &mut LoadContext<'_>,
    ) -> Result<A, ConfigAssetError> {
        let origin = self.folders.origin_of(context.path());
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .await
            .map_err(|e| ConfigAssetError::Read {
                origin: origin.clone(),
                message: e.to_string(),
            })?;
        let text = text_of(bytes).map_err(|e| match e.into_ron_error(&origin) {
            Ok(ron) => ConfigAssetError::NotText(ron),
            Err(message) => ConfigAssetError::Read {
                origin: origin.clone(),
                message,
            },
        })?;
        A::from_text(text, origin, context).await
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

/// The folder each of delve's asset sources reads, so that errors name the real file
/// (`levels/cave.ron:5:7`) rather than the asset path.
#[derive(Resource, Clone, Debug, Default)]
pub struct ConfigFolders(Arc<BTreeMap<String, PathBuf>>);

impl ConfigFolders {
    /// How errors name the file of `path`.
    fn origin_of(&self, path: &AssetPath<'_>) -> String {
        let source = match path.source() {
            AssetSourceId::Default => None,
            AssetSourceId::Name(name) => Some(name.to_string()),
        };
        match source.and_then(|name| self.0.get(&name)) {
            Some(folder) => folder.join(path.path()).display().to_string(),
            None => path.path().display().to_string(),
        }
    }
}

/// Loads campaigns, loot tables and monster tables as assets ([`CampaignAsset`],
/// [`LootTableAsset`], [`MonsterTableAsset`]); add after `AssetPlugin` (part of
/// `DefaultPlugins`).
pub struct ConfigAssetsPlugin;

impl Plugin for ConfigAssetsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ConfigFolders>()
            .init_asset::<CampaignAsset>()
            .init_asset::<LootTableAsset>()
            .init_asset::<MonsterTableAsset>()
            .init_asset_loader::<ConfigLoader<CampaignAsset>>()
            .init_asset_loader::<ConfigLoader<LootTableAsset>>()
            .init_asset_loader::<ConfigLoader<MonsterTableAsset>>();
    }
}

/// How soon after a write the watcher of a [`ConfigFolderPlugin`] source reports it
/// (Bevy's default source waits 300 ms; a designer should see an edit at once).
pub const CONFIG_WATCH_DEBOUNCE: Duration = Duration::from_millis(20);

/// An asset source named `name` reading `folder` (e.g. `levels/`: load
/// `"delve-levels://cave.ron"`), watched for changes when the `AssetPlugin` watches.
/// Add it before `AssetPlugin` (before `DefaultPlugins`), as Bevy asks of every source.
#[derive(Clone, Debug)]
pub struct ConfigFolderPlugin {
    /// The source's name (the part before `://` in an asset path).
    pub name: String,
    /// The folder it reads.
    pub folder: PathBuf,
}

impl ConfigFolderPlugin {
    /// The source of the folder `file` lies in, named `name`, and the asset path of
    /// `file` in it.
    pub fn around(name: &str, file: &Path) -> (ConfigFolderPlugin, AssetPath<'static>) {
        let folder = file.parent().unwrap_or(Path::new(""));
        let folder = if folder.as_os_str().is_empty() {
            Path::new(".")
        } else {
            folder
        };
        let file_name = file.file_name().map_or_else(
            || file.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let path = AssetPath::from(PathBuf::from(file_name))
            .with_source(AssetSourceId::Name(name.to_owned().into()))
            .into_owned();
        (
            ConfigFolderPlugin {
                name: name.to_owned(),
                folder: folder.to_path_buf(),
            },
            path,
        )
    }
}

impl Plugin for ConfigFolderPlugin {
    fn build(&self, app: &mut App) {
        // Bevy roots a relative source path at the executable's folder; a designer's
        // path is relative to where delve was started.
        let folder = std::path::absolute(&self.folder).unwrap_or_else(|_| self.folder.clone());
        let root = folder.display().to_string();
        let builder =
            AssetSourceBuilder::new(AssetSource::get_default_reader(root.clone())).with_watcher(
                AssetSource::get_default_watcher(root, CONFIG_WATCH_DEBOUNCE),
            );
        app.register_asset_source(AssetSourceId::Name(self.name.clone().into()), builder);
        let mut folders = app
            .world()
            .get_resource::<ConfigFolders>()
            .cloned()
            .unwrap_or_default();
        Arc::make_mut(&mut folders.0).insert(self.name.clone(), self.folder.clone());
        app.insert_resource(folders);
    }
}

#[cfg(feature = "watch")]
pub use live::{FOLLOWED_SOURCE, FollowedCampaign, Following, LiveReloadPlugin};

#[cfg(feature = "watch")]
mod live {
    use bevy::asset::{AssetLoadError, AssetLoadFailedEvent, AssetPath};
    use bevy::prelude::*;

    use super::{CampaignAsset, ConfigAssetError};
    use crate::game::recording::Recorder;
    use crate::game::{GameSystems, Notice, OutcomeMessages, RunModel};

    /// The run in play follows its campaign file: every save of the file (or of the
    /// loot or monster table it names) goes to
    /// [`delve_rules::run::RunState::follow_campaign`], which makes the level again from the
    /// same seed and depth where the file changed it; a broken save is told (its file, line, column and rule) and the last good level
    /// stays. Needs [`super::ConfigAssetsPlugin`] and an `AssetPlugin` that watches
    /// for changes (`watch_for_changes_override: Some(true)`); a run being recorded
    /// does not follow (a recording replays actions, not files).
    pub struct LiveReloadPlugin {
        /// The campaign file's asset path (see [`super::ConfigFolderPlugin::around`]).
        pub campaign: AssetPath<'static>,
    }

    /// The name of the asset source delve's front ends give the folder of the campaign
    /// file a run follows (`delve play --watch`).
    pub const FOLLOWED_SOURCE: &str = "delve-campaign";

    /// What a front end adds to follow the campaign in `file`: [`Following::source`]
    /// before `AssetPlugin` (whose `watch_for_changes_override` must be `Some(true)`),
    /// [`Following::plugins`] after it and the [`crate::game::GamePlugin`].
    pub struct Following {
        /// The file's folder as an asset source, watched.
        pub source: super::ConfigFolderPlugin,
        /// The campaign's asset path in that source.
        pub campaign: AssetPath<'static>,
    }

    impl Following {
        /// Following the campaign file `file`.
        pub fn file(file: &std::path::Path) -> Following {
            let (source, campaign) = super::ConfigFolderPlugin::around(FOLLOWED_SOURCE, file);
            Following { source, campaign }
        }

        /// The loaders and the follower, to add after the asset plugin and the game.
        pub fn plugins(
            campaign: AssetPath<'static>,
        ) -> (super::ConfigAssetsPlugin, LiveReloadPlugin) {
            (super::ConfigAssetsPlugin, LiveReloadPlugin { campaign })
        }
    }

    /// The campaign file being followed, and what came of its last load.
    #[derive(Resource, Debug)]
    pub struct FollowedCampaign {
        /// The file's asset (kept loaded by this handle).
        pub handle: Handle<CampaignAsset>,
        /// Its loads so far (the first is the campaign the run started from).
        pub loads: u32,
        /// The error of the last load, while the file stays broken.
        pub broken: Option<String>,
    }

    impl Plugin for LiveReloadPlugin {
        fn build(&self, app: &mut App) {
            let handle = app
                .world()
                .resource::<AssetServer>()
                .load::<CampaignAsset>(self.campaign.clone());
            app.insert_resource(FollowedCampaign {
                handle,
                loads: 0,
                broken: None,
            })
            .add_systems(
                Update,
                follow_campaign_file
                    .after(GameSystems::Act)
                    .before(GameSystems::Save),
            );
        }
    }

    /// Hands each new load of the followed file to the run; tells a broken one.
    fn follow_campaign_file(
        mut loaded: MessageReader<AssetEvent<CampaignAsset>>,
        mut failed: MessageReader<AssetLoadFailedEvent<CampaignAsset>>,
        assets: Res<Assets<CampaignAsset>>,
        mut followed: ResMut<FollowedCampaign>,
        mut run: Option<ResMut<RunModel>>,
        recorder: Option<Res<Recorder>>,
        mut messages: OutcomeMessages,
    ) {
        let id = followed.handle.id();
        for failure in failed.read().filter(|f| f.id == id) {
            let why = cause_of(&failure.error);
            messages
                .notices
                .write(Notice(format!("{why}; the level stays as it was.")));
            followed.broken = Some(why);
        }
        for event in loaded.read() {
            if *event != (AssetEvent::LoadedWithDependencies { id }) {
                continue;
            }
            followed.loads += 1;
            followed.broken = None;
            if followed.loads == 1 {
                continue; // The file as the run started from it.
            }
            let (Some(asset), Some(run)) = (assets.get(id), run.as_mut()) else {
                continue;
            };
            if recorder.is_some() {
                messages.notices.write(Notice(format!(
                    "{} changed, but a recorded run does not follow its file.",
                    asset.origin
                )));
                continue;
            }
            for outcome in run.follow_campaign(asset.campaign.clone(), &asset.origin) {
                messages.tell(outcome);
            }
        }
    }

    /// delve's own words for an asset server's load error: the loader's
    /// [`ConfigAssetError`] when it is one (`levels/cave.ron:5:7: …`).
    pub(super) fn cause_of(error: &AssetLoadError) -> String {
        if let AssetLoadError::AssetLoaderError(e) = error {
            if let Some(ours) = e.error().downcast_ref::<ConfigAssetError>() {
                return ours.to_string();
            }
            return e.error().to_string();
        }
        error.to_string()
    }
}

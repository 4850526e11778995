//! Levels: a file loaded as an asset, the one the actors move in, and its reloads.

pub(crate) mod asset;
pub(crate) mod loader;

use std::sync::{Arc, Mutex};

use bevy::asset::{AssetLoadError, AssetLoadFailedEvent};
use bevy::prelude::*;
use slope_runtime::{Platform, Tables};
use slopegen::{Object, ObjectValue, TileArt};

use crate::body::{SlopeActor, SlopePlatform};
use crate::level::asset::{LevelFile, LevelMap, TilePicture};
use crate::level::loader::LevelLoadError;
use crate::step::PlatformOrder;

/// The level the actors move in: put it on one entity (the level's objects and, with the
/// `render` feature, its picture become its children).
///
/// ```no_run
/// use bevy::prelude::*;
/// use bevy_slope::SlopeLevel;
///
/// fn setup(mut commands: Commands, assets: Res<AssetServer>) {
///     commands.spawn(SlopeLevel::new(assets.load("level.tmx")));
/// }
/// ```
#[derive(Component, Clone, Debug)]
#[require(Transform)]
#[cfg_attr(feature = "render", require(Visibility))]
pub struct SlopeLevel {
    /// The level file.
    pub file: Handle<LevelFile>,
    /// Which of its levels (an LDtk level's identifier); `None`: the first.
    pub level: Option<String>,
}

impl SlopeLevel {
    /// The first level of `file`.
    pub fn new(file: Handle<LevelFile>) -> Self {
        SlopeLevel { file, level: None }
    }

    /// The level named `name` of `file` (an LDtk level's identifier).
    pub fn named(file: Handle<LevelFile>, name: impl Into<String>) -> Self {
        SlopeLevel {
            file,
            level: Some(name.into()),
        }
    }
}

/// The level in play: its tables and map (which the steps read), its objects. Present once
/// the [`SlopeLevel`]'s file has loaded; replaced when it reloads.
#[derive(Resource, Clone, Debug)]
pub struct ActiveLevel {
    /// The file it came from.
    pub file: AssetId<LevelFile>,
    /// Its name (an LDtk level's identifier, a Tiled map's file stem).
    pub name: String,
    /// Its cells, which a game may change ([`LevelMap::set`]).
    pub map: LevelMap,
    /// Its named objects, in world pixels.
    pub objects: Vec<Object>,
    /// Each cell's tile picture ([`LevelData::art`](crate::LevelData)).
    pub art: Arc<[Option<TileArt>]>,
    /// The tileset images `art` indexes.
    pub pictures: Vec<TilePicture>,
    blob: &'static [u8],
    tables: Tables<'static>,
}

impl ActiveLevel {
    /// The tables of its shapes. They were validated once, when a level with these tiles
    /// first came into play; each distinct tile set loaded in a run stays in memory until
    /// it ends (a few kilobytes, a new one only when the tiles change), so that steps borrow
    /// it without validating it again (tens of microseconds each time).
    pub fn tables(&self) -> Tables<'static> {
        self.tables
    }

    /// The tables blob.
    pub fn blob(&self) -> &'static [u8] {
        self.blob
    }

    /// Whether `other` is this level, tables, cells, objects and pictures alike.
    fn same_as(&self, other: &ActiveLevel) -> bool {
        let same_pixels = |a: &TilePicture, b: &TilePicture| {
            a.path == b.path && (Arc::ptr_eq(&a.pixels, &b.pixels) || a.pixels == b.pixels)
        };
        self.name == other.name
            && self.blob == other.blob
            && self.map == other.map
            && self.objects == other.objects
            && self.art == other.art
            && self.pictures.len() == other.pictures.len()
            && self
                .pictures
                .iter()
                .zip(&other.pictures)
                .all(|(a, b)| same_pixels(a, b))
    }

    /// The first object named `name`.
    pub fn object(&self, name: &str) -> Option<&ObjectValue> {
        self.objects
            .iter()
            .find(|object| object.name == name)
            .map(|object| &object.value)
    }

    /// Runs `query` on the runtime's world of this level with `platforms` (for box queries,
    /// `ground_angle`, `touching`, `place_on_ground`, `resize`…).
    pub fn with_world<R>(
        &self,
        platforms: &[Platform],
        query: impl FnOnce(&slope_runtime::World<'static, &LevelMap, &[Platform]>) -> R,
    ) -> R {
        query(&slope_runtime::World::with_platforms(
            self.tables,
            &self.map,
            platforms,
        ))
    }
}

/// What became of the level: loaded, reloaded after a save, or refused (the old level, if
/// any, stays in play).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum LevelEvent {
    /// A level is in play: the first, or another level or file the [`SlopeLevel`] now
    /// names (actors are left as they are: a game moves or respawns them).
    Loaded {
        /// Its name.
        name: String,
    },
    /// The file changed and its new tables and map are in play.
    Reloaded {
        /// Its name.
        name: String,
        /// Actors the new map covered, moved out by `World::unstick`.
        freed: usize,
        /// Actors the new map covers with no free place within reach (left where they were).
        stuck: usize,
    },
    /// The file could not be loaded: slopegen's message, naming the file and the tile,
    /// layer or cell at fault. Also logged as an error.
    Failed {
        /// The asset path.
        path: String,
        /// What is wrong.
        message: String,
    },
}

/// One of a level's named objects, spawned as a child of the [`SlopeLevel`] entity: a
/// Tiled object or an LDtk entity (its pivot, its rectangle) or an LDtk entity's field.
/// Points and rectangles have a `Transform` at the point (a rectangle's centre), in world
/// pixels.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
#[require(Transform)]
pub struct LevelObject(pub Object);

/// Applies a loaded or reloaded level, and reports failed loads.
pub(crate) fn apply_level(
    mut commands: Commands,
    files: Res<Assets<LevelFile>>,
    mut asset_events: MessageReader<AssetEvent<LevelFile>>,
    mut failures: MessageReader<AssetLoadFailedEvent<LevelFile>>,
    levels: Query<(Entity, &SlopeLevel, Option<&Children>)>,
    objects: Query<(), With<LevelObject>>,
    active: Option<ResMut<ActiveLevel>>,
    mut actors: Query<&mut SlopeActor>,
    platforms: Query<&SlopePlatform>,
    order: Res<PlatformOrder>,
    mut level_events: MessageWriter<LevelEvent>,
) {
    for failure in failures.read() {
        let message = load_error_message(&failure.error);
        error!("level not loaded: {message}");
        level_events.write(LevelEvent::Failed {
            path: failure.path.to_string(),
            message,
        });
    }
    let changed: Vec<AssetId<LevelFile>> = asset_events
        .read()
        .filter_map(|event| match *event {
            AssetEvent::Added { id } | AssetEvent::Modified { id } => Some(id),
            AssetEvent::LoadedWithDependencies { id } => Some(id),
            _ => None,
        })
        .collect();
    let Some((entity, level, children)) = levels.iter().next() else {
        return;
    };
    let id = level.file.id();
    let current = active.as_deref().filter(|a| a.file == id);
    let stale = current.is_none_or(|a| level.level.as_ref().is_some_and(|n| *n != a.name));
    if !stale && !changed.contains(&id) {
        return;
    }
    let Some(data) = files
        .get(id)
        .and_then(|file| file.level(level.level.as_deref()).map(|data| (file, data)))
    else {
        return;
    };
    let (file, data) = data;
    // The same level saved again is a reload (actors stay, freed where covered); another
    // level of the file, or another file, is a new level in play.
    let reloaded = current.is_some_and(|a| a.name == data.name);
    let Some((blob, tables)) = interned(&file.blob) else {
        let message = "the level's tables do not load (a blob slope-runtime refuses)".to_owned();
        error!("level not loaded: {message}");
        level_events.write(LevelEvent::Failed {
            path: level
                .file
                .path()
                .map(ToString::to_string)
                .unwrap_or_default(),
            message,
        });
        return;
    };
    let new = ActiveLevel {
        file: id,
        name: data.name.clone(),
        map: data.map.clone(),
        objects: data.objects.clone(),
        art: data.art.clone(),
        pictures: data.pictures.clone(),
        blob,
        tables,
    };
    if current.is_some_and(|a| a.same_as(&new)) {
        return; // a second event of one reload
    }

    // Children: the old objects out, the new ones in.
    for child in children.into_iter().flatten() {
        if objects.contains(*child) {
            commands.entity(*child).despawn();
        }
    }
    commands.entity(entity).with_children(|parent| {
        for object in &new.objects {
            parent.spawn((LevelObject(object.clone()), object_transform(&object.value)));
        }
    });

    let event = if reloaded {
        let (freed, stuck) = free_actors(&new, &mut actors, &platforms, &order);
        info!(
            "level {} reloaded ({freed} actors freed, {stuck} stuck)",
            new.name
        );
        LevelEvent::Reloaded {
            name: new.name.clone(),
            freed,
            stuck,
        }
    } else {
        info!("level {} loaded", new.name);
        LevelEvent::Loaded {
            name: new.name.clone(),
        }
    };
    match active {
        Some(mut active) => *active = new,
        None => commands.insert_resource(new),
    }
    level_events.write(event);
}

/// What went wrong: slopegen's message alone when it was slopegen's error, else Bevy's.
fn load_error_message(error: &AssetLoadError) -> String {
    match error {
        AssetLoadError::AssetLoaderError(e) => e
            .error()
            .downcast_ref::<LevelLoadError>()
            .map_or_else(|| e.error().to_string(), ToString::to_string),
        other => other.to_string(),
    }
}

/// The tables of `blob`, validated once per distinct blob in a run: each is kept for the
/// rest of the run (a few kilobytes; a new one only when the tiles change), so that steps
/// borrow their tables without validating them again (which costs tens of microseconds).
fn interned(blob: &[u8]) -> Option<(&'static [u8], Tables<'static>)> {
    static KEPT: Mutex<Vec<&'static [u8]>> = Mutex::new(Vec::new());
    let mut kept = KEPT
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let bytes = match kept.iter().find(|b| **b == blob) {
        Some(b) => *b,
        None => {
            Tables::from_bytes(blob).ok()?;
            let b: &'static [u8] = Box::leak(blob.to_vec().into_boxed_slice());
            kept.push(b);
            b
        }
    };
    Tables::from_bytes(bytes).ok().map(|t| (bytes, t))
}

/// Moves actors the new map covers out with `World::unstick`: (freed, stuck).
fn free_actors(
    level: &ActiveLevel,
    actors: &mut Query<&mut SlopeActor>,
    platforms: &Query<&SlopePlatform>,
    order: &PlatformOrder,
) -> (usize, usize) {
    let platforms: Vec<Platform> = order
        .0
        .iter()
        .filter_map(|&e| platforms.get(e).ok().map(|p| p.0))
        .collect();
    level.with_world(&platforms, |world| {
        let (mut freed, mut stuck) = (0, 0);
        for mut actor in actors.iter_mut() {
            let before = (actor.x, actor.y);
            if !world.unstick(&mut actor.0) {
                stuck += 1;
            } else if (actor.x, actor.y) != before {
                freed += 1;
            }
        }
        (freed, stuck)
    })
}

/// Where an object's entity stands: a point, a rectangle's centre.
fn object_transform(value: &ObjectValue) -> Transform {
    match *value {
        ObjectValue::Point(x, y) => Transform::from_xyz(x as f32, y as f32, 0.0),
        ObjectValue::Rect {
            x,
            y,
            width,
            height,
        } => {
            let c = crate::body::centre(x, y, width, height);
            Transform::from_xyz(c.x, c.y, 0.0)
        }
        _ => Transform::default(),
    }
}

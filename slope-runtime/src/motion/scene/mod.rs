//! A scene: a game's actors and platforms in fixed-capacity collections, run in the order
//! of a frame, with the frame's events.

mod bounded;

use crate::map::TileMap;
use crate::motion::actor::Actor;
use crate::motion::platform::Platform;
use crate::motion::platform::carry::Platforms;
use crate::motion::scene::bounded::BoundedVec;
use crate::motion::world::World;
use crate::tables::Tables;

/// An actor's id in a [`Scene`]. It names that actor only: once the actor is removed, the
/// id names nothing, even when a later actor takes its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ActorId(Id);

/// A platform's id in a [`Scene`], as [`ActorId`] is an actor's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlatformId(Id);

/// A slot and the generation of its occupant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Id {
    slot: u16,
    generation: u32,
}

/// Adding to a [`Scene`] that holds as many actors (or platforms) as it can.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Full;

impl core::fmt::Display for Full {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("the scene is full")
    }
}

impl core::error::Error for Full {}

/// Something that happened to an actor in a frame, read from its [`Contacts`] (this frame's,
/// `contacts`, against the frame before's, `previous`).
///
/// [`Contacts`]: crate::Contacts
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Event {
    /// On the ground now, not before ([`Contacts::on_ground`](crate::Contacts::on_ground)).
    /// An actor that starts on the ground lands at its first step: it stood on nothing
    /// before it.
    Landed,
    /// On the ground before, not now: it jumped, walked off, dropped through or was
    /// knocked off.
    LeftGround,
    /// A wall stopped it ([`Contacts::pushing_left`](crate::Contacts::pushing_left) or
    /// [`pushing_right`](crate::Contacts::pushing_right): they say which side).
    HitWall,
    /// A ceiling stopped it going up ([`Contacts::on_ceiling`](crate::Contacts::on_ceiling)).
    HitHead,
    /// A moving platform crushed it ([`Contacts::crushed`](crate::Contacts::crushed)).
    Crushed,
}

impl Event {
    /// Every event, in order.
    pub const ALL: [Event; 5] = [
        Event::Landed,
        Event::LeftGround,
        Event::HitWall,
        Event::HitHead,
        Event::Crushed,
    ];

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The events of one actor in one frame: a set of [`Event`]s.
///
/// [`Events::of`] reads them from any actor after its [`World::step`], so games that keep
/// their own collections get them too.
///
/// ```
/// use slope_runtime::{Actor, Cell, Event, Events, GridMap, Tables, World};
/// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
/// let tables = Tables::from_bytes(BLOB)?;
/// let map: GridMap<4, 4> = GridMap::new(Cell::FULL); // an empty room, floor at y = 0
/// let world = World::new(tables, &map);
/// let mut a = Actor::new(8, 1, 8, 8); // a pixel above the floor
/// a.vy = -256;
/// world.step(&mut a);
/// let events = Events::of(&a);
/// assert!(events.contains(Event::Landed) && !events.contains(Event::HitWall));
/// assert_eq!(events.iter().collect::<Vec<_>>(), [Event::Landed]);
/// # Ok::<(), slope_runtime::BlobError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Events(u8);

impl Events {
    /// What happened to `actor` in its last step: its `contacts` against its `previous`.
    pub fn of(actor: &Actor) -> Events {
        let (now, before) = (actor.contacts, actor.previous);
        let mut events = Events::default();
        events.set(Event::Landed, now.on_ground() && !before.on_ground());
        events.set(Event::LeftGround, !now.on_ground() && before.on_ground());
        events.set(Event::HitWall, now.pushing_left() || now.pushing_right());
        events.set(Event::HitHead, now.on_ceiling());
        events.set(Event::Crushed, now.crushed());
        events
    }

    fn set(&mut self, event: Event, on: bool) {
        if on {
            self.0 |= event.bit();
        }
    }

    /// Whether `event` happened.
    pub const fn contains(self, event: Event) -> bool {
        self.0 & event.bit() != 0
    }

    /// Whether nothing happened.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The events that happened, in the order of [`Event::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Event> {
        Event::ALL.into_iter().filter(move |&e| self.contains(e))
    }
}

/// A game's actors and platforms over its map, held in fixed-capacity collections (no
/// allocation): at most `ACTORS` actors and `PLATFORMS` platforms (and at most 65,535 of
/// each, whatever the capacity).
///
/// - **Ids.** Adding hands out an id ([`ActorId`], [`PlatformId`]); adding past capacity
///   is an error ([`Full`]), never a panic. An id names its actor or platform until that is
///   removed, and never another one: each place keeps a generation count, and a place
///   whose count is exhausted (after 2^32 − 1 removals from it) is never used again.
///   (An id of another scene may name one of this scene's.)
/// - **A frame.** Each frame the game sets velocities (input, gravity and jumps of actors
///   through [`Scene::actor_mut`]; platforms' [`vx`/`vy`](Platform::vx) through
///   [`Scene::platform_mut`]), then calls [`Scene::update`]: platforms first, each moved
///   by its velocity (carrying, pushing and crushing actors), then every actor's
///   [`World::step`] in a world with the platforms' new places: [the order of a
///   frame](Platforms#the-order-of-a-frame).
/// - **Events.** [`Scene::events`] lists what happened in the last update (landed, left
///   the ground, hit a wall, hit the head, crushed), [`Scene::events_of`] one actor's.
///
/// Cost: [`Scene::update`] is a platform move per platform (its pixels × the actors × a
/// pixel step) plus a [`World::step`] per actor; adding costs up to a look at every place
/// (`ACTORS` or `PLATFORMS`), removing a platform a look at every actor, anything else
/// constant time.
///
/// [`World`] and [`Platforms`] remain for games that keep their own collections.
///
/// ```
/// use slope_runtime::{Actor, Cell, Event, GridMap, Platform, Scene, Tables, SUBPIXEL};
/// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
/// let tables = Tables::from_bytes(BLOB)?;
/// let map: GridMap<16, 8> = GridMap::new(Cell::FULL); // an empty room, floor at y = 0
/// let mut scene: Scene<'_, _, 4, 2> = Scene::new(tables, map);
/// let hero = scene.add_actor(Actor::new(40, 24, 8, 14))?;
/// let lift = scene.add_platform(Platform::new(32, 16, 32, 8).with_velocity(SUBPIXEL, 0))?;
/// for _frame in 0..10 {
///     if let Some(a) = scene.actor_mut(hero) {
///         a.vy -= SUBPIXEL / 4; // gravity
///     }
///     scene.update(); // the lift moves 1 px (carrying the hero), then the hero steps
/// }
/// assert_eq!(scene.platform(lift).map(|p| p.x), Some(42));
/// assert_eq!(scene.actor(hero).map(|a| (a.x, a.y)), Some((50, 24)));
/// assert_eq!(scene.ground_platform(hero), Some(lift));
/// assert_eq!(scene.events().count(), 0); // riding: nothing happens
///
/// if let Some(a) = scene.actor_mut(hero) {
///     a.vy = 4 * SUBPIXEL; // jump
/// }
/// scene.update();
/// assert_eq!(scene.events().collect::<Vec<_>>(), [(hero, Event::LeftGround)]);
/// assert_eq!(scene.actor(hero).map(|a| a.vx), Some(SUBPIXEL)); // the lift's momentum
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Scene<'t, M, const ACTORS: usize, const PLATFORMS: usize> {
    tables: Tables<'t>,
    map: M,
    actors: Pool<Actor, ACTORS>,
    /// The last update's events, in the actors' order.
    events: BoundedVec<Events, ACTORS>,
    platforms: Pool<Platform, PLATFORMS>,
}

impl<'t, M: TileMap, const ACTORS: usize, const PLATFORMS: usize> Scene<'t, M, ACTORS, PLATFORMS> {
    /// An empty scene of `map`, whose shape cells refer to `tables`.
    pub fn new(tables: Tables<'t>, map: M) -> Self {
        Scene {
            tables,
            map,
            actors: Pool::new(Actor::new(0, 0, 1, 1)),
            events: BoundedVec::new(Events::default()),
            platforms: Pool::new(Platform::new(0, 0, 1, 1)),
        }
    }

    /// The tables.
    pub fn tables(&self) -> Tables<'t> {
        self.tables
    }

    /// The map.
    pub fn map(&self) -> &M {
        &self.map
    }

    /// The map, to change its cells.
    pub fn map_mut(&mut self) -> &mut M {
        &mut self.map
    }

    /// The world the actors step in: the map and the platforms where they are now. Its
    /// platform indices are those of [`Contacts::ground_platform`](crate::Contacts::ground_platform)
    /// ([`Scene::platform_id`] names them).
    pub fn world(&self) -> World<'t, &M, &[Platform]> {
        World::with_platforms(self.tables, &self.map, self.platforms.items.as_slice())
    }

    /// Adds an actor; its id, or [`Full`] when the scene holds as many as it can.
    pub fn add_actor(&mut self, actor: Actor) -> Result<ActorId, Full> {
        let id = self.actors.insert(actor)?;
        if self.events.push(Events::default()).is_err() {
            let _ = self.actors.remove(id);
            return Err(Full);
        }
        Ok(ActorId(id))
    }

    /// Removes an actor; it, or `None` if `id` names none.
    pub fn remove_actor(&mut self, id: ActorId) -> Option<Actor> {
        let (actor, index, _) = self.actors.remove(id.0)?;
        let _ = self.events.swap_remove(index);
        Some(actor)
    }

    /// The actor `id` names.
    pub fn actor(&self, id: ActorId) -> Option<&Actor> {
        self.actors.get(id.0)
    }

    /// The actor `id` names, to change (its velocity, its settings, a drop request).
    pub fn actor_mut(&mut self, id: ActorId) -> Option<&mut Actor> {
        self.actors.get_mut(id.0)
    }

    /// Every actor, with its id (in no particular order).
    pub fn actors(&self) -> impl Iterator<Item = (ActorId, &Actor)> {
        self.actors.iter().map(|(id, a)| (ActorId(id), a))
    }

    /// Every actor, to change, with its id.
    pub fn actors_mut(&mut self) -> impl Iterator<Item = (ActorId, &mut Actor)> {
        self.actors.iter_mut().map(|(id, a)| (ActorId(id), a))
    }

    /// How many actors it holds.
    pub fn actor_count(&self) -> usize {
        self.actors.items.len()
    }

    /// Adds a platform; its id, or [`Full`] when the scene holds as many as it can.
    pub fn add_platform(&mut self, platform: Platform) -> Result<PlatformId, Full> {
        self.platforms.insert(platform).map(PlatformId)
    }

    /// Removes a platform; it, or `None` if `id` names none. The other platforms keep their
    /// ids (the last one takes its index in the world's platforms, and the actors' contacts
    /// follow). Actors that stood on it name no ground platform (their next step finds
    /// what else holds them, if anything) and keep no momentum from it; actors dropping
    /// through it stop dropping.
    pub fn remove_platform(&mut self, id: PlatformId) -> Option<Platform> {
        let (platform, index, moved) = self.platforms.remove(id.0)?;
        for actor in self.actors.items.iter_mut() {
            actor.remap_platform(index, moved);
        }
        Some(platform)
    }

    /// The platform `id` names.
    pub fn platform(&self, id: PlatformId) -> Option<&Platform> {
        self.platforms.get(id.0)
    }

    /// The platform `id` names, to change (its velocity). Setting its position moves it
    /// at once, carrying nobody: to carry riders, give it a velocity.
    pub fn platform_mut(&mut self, id: PlatformId) -> Option<&mut Platform> {
        self.platforms.get_mut(id.0)
    }

    /// Every platform, with its id, in the order of the world's platforms.
    pub fn platforms(&self) -> impl Iterator<Item = (PlatformId, &Platform)> {
        self.platforms.iter().map(|(id, p)| (PlatformId(id), p))
    }

    /// How many platforms it holds.
    pub fn platform_count(&self) -> usize {
        self.platforms.items.len()
    }

    /// The id of the platform at `index` in the world's platforms (as
    /// [`Contacts::ground_platform`](crate::Contacts::ground_platform) reports it).
    pub fn platform_id(&self, index: usize) -> Option<PlatformId> {
        self.platforms.id_at(index).map(PlatformId)
    }

    /// The platform actor `id` stands on (see
    /// [`Contacts::ground_platform`](crate::Contacts::ground_platform)).
    pub fn ground_platform(&self, id: ActorId) -> Option<PlatformId> {
        let index = self.actor(id)?.contacts.ground_platform()?;
        self.platform_id(index)
    }

    /// One frame: every platform moves by its velocity
    /// ([`Platforms::advance`], in the order of [`Scene::platforms`]), carrying, pushing
    /// and crushing the actors; then every actor takes its [`World::step`] among the
    /// platforms' new places, and its events are recorded. The game sets the velocities
    /// before.
    pub fn update(&mut self) {
        let actors = self.actors.items.as_mut_slice();
        let mut platforms =
            Platforms::new(self.tables, &self.map, self.platforms.items.as_mut_slice());
        platforms.advance_all(&mut [&mut *actors]);
        let world = platforms.world();
        for (actor, events) in actors.iter_mut().zip(self.events.iter_mut()) {
            world.step(actor);
            *events = Events::of(actor);
        }
    }

    /// What happened in the last [`Scene::update`]: each actor's [`Events`], one
    /// `(id, event)` at a time (at most 5 per actor). Actors added since have none.
    pub fn events(&self) -> impl Iterator<Item = (ActorId, Event)> + '_ {
        (0..self.actors.items.len()).flat_map(move |index| {
            let id = self.actors.id_at(index).map(ActorId);
            let events = self.events.get(index).copied().unwrap_or_default();
            id.into_iter()
                .flat_map(move |id| events.iter().map(move |e| (id, e)))
        })
    }

    /// What happened to actor `id` in the last [`Scene::update`] (none for an id that
    /// names no actor, or an actor added since).
    pub fn events_of(&self, id: ActorId) -> Events {
        self.actors
            .index(id.0)
            .and_then(|index| self.events.get(index).copied())
            .unwrap_or_default()
    }
}

/// A place's occupant is none.
const FREE: u16 = u16::MAX;

/// A place ids name: the generation of its occupant, and where the occupant is in `items`.
#[derive(Clone, Copy, Debug)]
struct Slot {
    generation: u32,
    index: u16,
}

/// Items kept together (a slice, for the movers), named by ids through places that do not
/// move when an item does.
#[derive(Clone, Debug)]
struct Pool<T: Copy, const N: usize> {
    items: BoundedVec<T, N>,
    /// The place of each item.
    owners: BoundedVec<u16, N>,
    places: BoundedVec<Slot, N>,
}

impl<T: Copy, const N: usize> Pool<T, N> {
    /// An empty pool; `filler` stands in its unused places and is never read.
    const fn new(filler: T) -> Self {
        Pool {
            items: BoundedVec::new(filler),
            owners: BoundedVec::new(FREE),
            places: BoundedVec::new(Slot {
                generation: 0,
                index: FREE,
            }),
        }
    }

    /// Adds `item` at the end: a free place (or a new one) names it.
    fn insert(&mut self, item: T) -> Result<Id, Full> {
        let index = u16::try_from(self.items.len()).map_err(|_| Full)?;
        if index == FREE || self.items.is_full() {
            return Err(Full);
        }
        let free = self
            .places
            .iter()
            .position(|s| s.index == FREE && s.generation != u32::MAX);
        let place = match free {
            Some(place) => place,
            None => {
                self.places
                    .push(Slot {
                        generation: 0,
                        index: FREE,
                    })
                    .map_err(|_| Full)?;
                self.places.len().saturating_sub(1)
            }
        };
        let slot = u16::try_from(place).map_err(|_| Full)?;
        if slot == FREE {
            return Err(Full);
        }
        let Some(s) = self.places.get_mut(place) else {
            return Err(Full);
        };
        if self.owners.push(slot).is_err() {
            return Err(Full);
        }
        if self.items.push(item).is_err() {
            self.owners.pop();
            return Err(Full);
        }
        s.index = index;
        Ok(Id {
            slot,
            generation: s.generation,
        })
    }

    /// Where the item `id` names is in `items`.
    fn index(&self, id: Id) -> Option<usize> {
        let s = self.places.get(usize::from(id.slot))?;
        (s.generation == id.generation && s.index != FREE).then_some(usize::from(s.index))
    }

    /// The id of the item at `index`.
    fn id_at(&self, index: usize) -> Option<Id> {
        let slot = *self.owners.get(index)?;
        let s = self.places.get(usize::from(slot))?;
        Some(Id {
            slot,
            generation: s.generation,
        })
    }

    fn get(&self, id: Id) -> Option<&T> {
        self.items.get(self.index(id)?)
    }

    fn get_mut(&mut self, id: Id) -> Option<&mut T> {
        let index = self.index(id)?;
        self.items.get_mut(index)
    }

    fn iter(&self) -> impl Iterator<Item = (Id, &T)> {
        self.items
            .iter()
            .enumerate()
            .filter_map(|(i, item)| Some((self.id_at(i)?, item)))
    }

    fn iter_mut(&mut self) -> impl Iterator<Item = (Id, &mut T)> {
        let (owners, places) = (&self.owners, &self.places);
        self.items
            .iter_mut()
            .zip(owners.iter())
            .filter_map(move |(item, &slot)| {
                let generation = places.get(usize::from(slot))?.generation;
                Some((Id { slot, generation }, item))
            })
    }

    /// Removes the item `id` names: the last item takes its index. Returns it, its index
    /// and the last item's former index.
    fn remove(&mut self, id: Id) -> Option<(T, usize, usize)> {
        let index = self.index(id)?;
        let item = self.items.swap_remove(index)?;
        let _ = self.owners.swap_remove(index);
        if let Some(s) = self.places.get_mut(usize::from(id.slot)) {
            // A place whose count reaches u32::MAX is never used again.
            s.generation = s.generation.saturating_add(1);
            s.index = FREE;
        }
        let moved = self.items.len();
        if let Some(&slot) = self.owners.get(index)
            && let Some(s) = self.places.get_mut(usize::from(slot))
        {
            s.index = u16::try_from(index).unwrap_or(FREE);
        }
        Some((item, index, moved))
    }
}

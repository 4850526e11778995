//! Changing an actor between moves: its size ([`World::resize`]) and where it starts
//! ([`World::place_on_ground`]), each kept out of solid pixels by the same box queries as
//! the mover's, under the actor's own rules.

use crate::map::TileMap;
use crate::motion::actor::Actor;
use crate::motion::path::move_actor;
use crate::motion::platform::Platform;
use crate::motion::rect::{Rect, offset_of};
use crate::motion::step::Mover;
use crate::motion::world::World;
use crate::motion::world::one_way::OneWay;
use crate::motion::world::rules::Rules;
use crate::tables::geometry::Direction;
use crate::units::{MAX_MOVE, MAX_POSITION, MAX_SPAWN_DROP, within_edge};

/// [`World::resize`] found no place for the new box: solid pixels (or a platform, or the
/// edge of the world) fill it wherever it may stand. The actor was left as it was.
///
/// ```
/// use slope_runtime::NoRoom;
///
/// assert_eq!(NoRoom.to_string(), "no room for the actor's new size");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NoRoom;

impl core::fmt::Display for NoRoom {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("no room for the actor's new size")
    }
}

impl core::error::Error for NoRoom {}

impl<M: TileMap, P: AsRef<[Platform]>> World<'_, M, P> {
    /// Gives `actor` a new size (each side clamped to 1..=[`MAX_SIZE`], as [`Actor::new`]
    /// does), keeping its feet where they are: the new box keeps the bottom row and the
    /// centre column ([`Actor::centre_x`]) of the old one, and grows (or shrinks) upwards
    /// and to both sides alike. Crouching and standing up are a resize each.
    ///
    /// A box no larger than the old one on either side always fits: it covers nothing the
    /// old one did not (with [`Feet::Centre`], its foot column, the ground under it and the
    /// surface traced from there are the old box's, so its columns meet the same pixels).
    /// A larger box must cover no solid pixel, under the
    /// actor's own rules (one-way cells and one-way platforms are air to it, solid
    /// platforms are not, and [`Feet::Centre`] lets it dip into the ground beside its
    /// centre column as that variant's docs say). If it does, it
    /// may step sideways by at most what it grew in width (to stand up beside a wall): the
    /// least step that frees it, and only along a way clear of solid pixels, as if it stood
    /// up in its old columns and then stepped aside. Never through a wall, and never past
    /// the edge of the world.
    ///
    /// When no such place exists it returns [`NoRoom`] and leaves the actor exactly as it
    /// was: under a low ceiling, a crouching actor stays crouched. The position, velocity,
    /// sub-pixel remainder and drop state are kept; the contacts still describe the old box
    /// until the next move.
    ///
    /// ```
    /// use slope_runtime::{Actor, Cell, GridMap, NoRoom, Tables, World};
    /// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
    /// let tables = Tables::from_bytes(BLOB)?;
    /// // A floor; a low ceiling over cells 1 and 2, 16 px above it; a wall in cell 3.
    /// let mut map: GridMap<4, 3> = GridMap::new(Cell::EMPTY);
    /// for tx in 0..4 {
    ///     map.set(tx, 0, Cell::FULL);
    /// }
    /// map.set(1, 2, Cell::FULL);
    /// map.set(2, 2, Cell::FULL);
    /// map.set(3, 1, Cell::FULL);
    /// let world = World::new(tables, &map);
    ///
    /// let mut hero = Actor::new(40, 16, 8, 12); // crouching against the wall
    /// assert_eq!(world.resize(&mut hero, 8, 24), Err(NoRoom)); // the ceiling is too low
    /// assert_eq!(hero.bounds(), (40, 16, 47, 27)); // unchanged
    /// world.resize(&mut hero, 12, 12)?; // wider: 2 px into the wall, so 2 px away from it
    /// assert_eq!(hero.bounds(), (36, 16, 47, 27));
    /// world.resize(&mut hero, 6, 6)?; // a smaller box always fits
    /// assert_eq!(hero.bounds(), (39, 16, 44, 21)); // the same feet
    ///
    /// hero.place(4, 16); // in the open, it stands up
    /// world.resize(&mut hero, 10, 24)?;
    /// assert_eq!(hero.bounds(), (2, 16, 11, 39));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// [`MAX_SIZE`]: crate::MAX_SIZE
    /// [`Feet::Centre`]: crate::Feet
    pub fn resize(&self, actor: &mut Actor, width: u16, height: u16) -> Result<(), NoRoom> {
        let mut next = *actor;
        next.set_size(width, height);
        next.x = centred_x(actor.centre_x(), next.width());
        let inside_old = next.width() <= actor.width() && next.height() <= actor.height();
        if inside_old || (next.within_edge() && !self.hits_actor(&next)) {
            *actor = next;
            return Ok(());
        }
        next.x = self.step_aside(actor, &next).ok_or(NoRoom)?;
        *actor = next;
        Ok(())
    }

    /// The left column of the nearest place, at most the growth in width to either side of
    /// `next` (the new box at the kept feet, which collides), where the new box is free and
    /// the way there is clear: the old columns at the new height, swept sideways to it.
    fn step_aside(&self, actor: &Actor, next: &Actor) -> Option<i32> {
        let growth = i32::from(next.width().saturating_sub(actor.width()));
        let stand = Rect {
            y1: next.rect().y1,
            ..actor.rect()
        };
        let path = Rules::for_actor(actor, OneWay::Ignored, &self.platforms);
        if growth == 0 || self.hits_with(stand, &path) {
            return None;
        }
        let new_box = Rules::for_actor(next, OneWay::Ignored, &self.platforms);
        // The nearer side wins. (Whole-box feet never tie: a side is clear only when every
        // obstacle of the kept box lies on the other side of the old columns.)
        [Direction::Right, Direction::Left]
            .into_iter()
            .filter_map(|dir| {
                let k = self.free_shift(next, dir, growth, &new_box)?;
                let to = next.rect().shifted(dir, k);
                let reach = match dir {
                    Direction::Right => to.x1.saturating_sub(stand.x1),
                    _ => stand.x0.saturating_sub(to.x0),
                };
                let x = next.x.saturating_add(offset_of(dir, k).0);
                let clear = within_edge(x, next.y) && self.has_room(stand, dir, reach, &path);
                clear.then_some((k, x))
            })
            .min_by_key(|&(k, _)| k)
            .map(|(_, x)| x)
    }

    /// The least shift of `next` towards `dir`, at most `limit`, that puts it within the
    /// edge of the world and out of every solid pixel under `rules`.
    fn free_shift(&self, next: &Actor, dir: Direction, limit: i32, rules: &Rules) -> Option<i32> {
        let first = edge_shift(next.x, dir)?;
        let rest = limit.checked_sub(first).filter(|&r| r >= 0)?;
        let from = next.rect().shifted(dir, first);
        let k = self.escape_with(from, dir, rest, rules)?;
        Some(first.saturating_add(k))
    }

    /// Places `actor` standing on the first ground below a point: its centre column at `x`
    /// and the bottom of its box at `y` (the position clamped to ±[`MAX_POSITION`]), then
    /// dropped straight down until it touches ground, at most [`MAX_SPAWN_DROP`] px (and
    /// never past the edge of the world). A spawn point drawn anywhere above the floor
    /// works.
    ///
    /// It lands where a fall straight down from there would: on full cells, slopes (at the
    /// first of its bottom pixels to meet one, or its centre for [`Feet::Centre`]), solid
    /// platforms, and one-way cells and platforms that lie below its feet (an actor that
    /// ignores one-way cells falls through them; so does one whose feet start inside one).
    ///
    /// There it is placed as [`Actor::place`] places it (the remainders, the drop and the
    /// old contacts forgotten, the velocity kept), standing on the ground: its contacts
    /// are those of a landing there ([`Contacts::on_ground`], the ground cell or platform;
    /// no wall and no ceiling, which no motion met).
    ///
    /// Returns `false`, leaving the actor unchanged, when the box at the starting point
    /// covers a solid pixel, or when no ground lies within [`MAX_SPAWN_DROP`] px below it.
    ///
    /// ```
    /// use slope_runtime::{Actor, Cell, GridMap, Tables, Variant, World};
    /// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
    /// let tables = Tables::from_bytes(BLOB)?;
    /// let slope45 = tables.find("slope45").expect("a default tile");
    /// let mut map: GridMap<4, 8> = GridMap::new(Cell::EMPTY);
    /// for tx in 0..4 {
    ///     map.set(tx, 0, Cell::FULL); // a floor
    /// }
    /// map.set(2, 1, Cell::shape(slope45, Variant::Identity)); // a ramp on it, rising right
    /// let world = World::new(tables, &map);
    ///
    /// let mut hero = Actor::new(0, 0, 1, 12);
    /// assert!(world.place_on_ground(&mut hero, 8, 120)); // over the floor
    /// assert_eq!((hero.x, hero.y), (8, 16));
    /// assert!(hero.contacts.on_ground());
    /// assert!(world.place_on_ground(&mut hero, 37, 120)); // over the ramp, 5 px in
    /// assert_eq!((hero.x, hero.y), (37, 22));
    /// assert_eq!(hero.contacts.ground_cell(), Some((2, 1)));
    /// assert!(!world.place_on_ground(&mut hero, 8, 8)); // inside the floor
    /// assert_eq!((hero.x, hero.y), (37, 22)); // unchanged
    /// # Ok::<(), slope_runtime::BlobError>(())
    /// ```
    ///
    /// [`Feet::Centre`]: crate::Feet
    /// [`Contacts::on_ground`]: crate::Contacts::on_ground
    pub fn place_on_ground(&self, actor: &mut Actor, x: i32, y: i32) -> bool {
        let mut next = *actor;
        next.place(centred_x(x, next.width()), y);
        if self.hits_actor(&next) {
            return false;
        }
        let Some(drop) = self.drop_to_ground(&next) else {
            return false;
        };
        next.y = next.y.saturating_sub(drop);
        *actor = next;
        Mover::new(self).land(actor);
        true
    }

    /// How far the free `actor` falls straight down before it touches ground, under the
    /// rules of a falling actor (one-way cells below its feet count); `None` if it touches
    /// none within [`MAX_SPAWN_DROP`] px or before the edge of the world. [`MAX_MOVE`] px
    /// per search, each a test per row as a move's stick is (a strip; the whole box for
    /// centre feet).
    fn drop_to_ground(&self, actor: &Actor) -> Option<i32> {
        // The position is within the edge: the bound is in 0..=MAX_SPAWN_DROP.
        let bound = MAX_SPAWN_DROP.min(actor.y.saturating_add(MAX_POSITION).max(0));
        let mut fallen = 0;
        loop {
            let here = actor.rect().shifted(Direction::Down, fallen);
            let rules = Rules::for_actor(actor, OneWay::for_actor(actor, here), &self.platforms);
            let remaining = bound.saturating_sub(fallen);
            // One pixel past the bound: ground exactly at the bound is found.
            let limit = MAX_MOVE.min(remaining.saturating_add(1));
            let room = self.room_with(here, Direction::Down, limit, &rules);
            if room < limit {
                return Some(fallen.saturating_add(room));
            }
            if limit > remaining {
                return None;
            }
            fallen = fallen.saturating_add(limit);
        }
    }
}

/// The left column of a box `width` px wide whose centre column is `centre`.
fn centred_x(centre: i32, width: u16) -> i32 {
    centre.saturating_sub(i32::from(width.saturating_sub(1) / 2))
}

/// How far a box at left column `x` must move towards `dir` to be within the edge of the
/// world (0 if it is); `None` if moving that way never brings it there.
fn edge_shift(x: i32, dir: Direction) -> Option<i32> {
    match dir {
        _ if (-MAX_POSITION..=MAX_POSITION).contains(&x) => Some(0),
        Direction::Right if x < -MAX_POSITION => Some((-MAX_POSITION).saturating_sub(x)),
        Direction::Left if x > MAX_POSITION => Some(x.saturating_sub(MAX_POSITION)),
        _ => None,
    }
}

impl<M: TileMap, P: AsRef<[Platform]>> World<'_, M, P> {
    /// Moves an actor that covers solid pixels (of cells or solid platforms, one-way cells
    /// aside) the shortest way out: up, left, right or down, ties in that order, by at most
    /// its larger side plus a tile, never past the edge of the world. Returns whether it
    /// is free afterwards (`false`: nothing within reach is free; it has not moved).
    ///
    /// Call it after a change of the map under an actor (a cell set where it stands). Its
    /// own motion never embeds an actor, so [`World::step`] never checks: a step of an
    /// actor that starts embedded adds no solid pixel to the ones it covers (each pixel it
    /// moves tests only the pixels its box gains), so it cannot sink deeper, but it stays
    /// embedded until something frees it. Moving platforms free the actors they push, and
    /// [`World::resize`] and the placing functions never embed one.
    ///
    /// ```
    /// use slope_runtime::{Actor, Cell, GridMap, Tables, World};
    /// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
    /// let tables = Tables::from_bytes(BLOB)?;
    /// let mut map: GridMap<8, 4> = GridMap::new(Cell::FULL);
    /// for tx in 0..8 {
    ///     map.set(tx, 0, Cell::FULL); // a floor
    /// }
    /// let mut hero = Actor::new(20, 16, 8, 14);
    /// map.set(1, 1, Cell::FULL); // a block appears where the hero stands
    /// let world = World::new(tables, &map);
    /// assert!(world.unstick(&mut hero));
    /// // Out the shortest way: 12 px left (right: 12, up: 16; ties go left).
    /// assert_eq!((hero.x, hero.y), (8, 16));
    /// # Ok::<(), slope_runtime::BlobError>(())
    /// ```
    pub fn unstick(&self, actor: &mut Actor) -> bool {
        let rules = Rules::for_actor(actor, OneWay::Ignored, &self.platforms);
        if !self.hits_with(actor.rect(), &rules) {
            return true;
        }
        self.escape_shortest(actor, &rules, None)
    }

    /// Moves `actor` the shortest way (ties: up, left, right, down) to where it covers no
    /// solid pixel under `rules`, within its own size plus a tile and the edge of the
    /// world; with `path`, only along a way that is clear under those rules. Returns
    /// whether it moved.
    pub(crate) fn escape_shortest(
        &self,
        actor: &mut Actor,
        rules: &Rules,
        path: Option<&Rules>,
    ) -> bool {
        let here = actor.rect();
        let reach = i32::from(actor.width().max(actor.height())).saturating_add(self.grid.n);
        // The first of the shortest, in this order (a loop over a constant: an array's
        // by-value iterator is copied with `memcpy` on ARMv6-M).
        let mut best: Option<(i32, Direction)> = None;
        for &dir in &[
            Direction::Up,
            Direction::Left,
            Direction::Right,
            Direction::Down,
        ] {
            let Some(k) = self.escape_with(here, dir, reach, rules) else {
                continue;
            };
            if best.is_some_and(|(shortest, _)| shortest <= k) {
                continue;
            }
            let (dx, dy) = offset_of(dir, k);
            let inside = within_edge(actor.x.saturating_add(dx), actor.y.saturating_add(dy));
            if inside && path.is_none_or(|p| self.has_room(here, dir, k, p)) {
                best = Some((k, dir));
            }
        }
        match best {
            Some((k, dir)) => {
                move_actor(actor, dir, k);
                true
            }
            None => false,
        }
    }

    /// Whether the actor covers a solid pixel (one-way cells and platforms aside).
    pub(crate) fn hits_actor(&self, actor: &Actor) -> bool {
        self.hits_with(
            actor.rect(),
            &Rules::for_actor(actor, OneWay::Ignored, &self.platforms),
        )
    }
}

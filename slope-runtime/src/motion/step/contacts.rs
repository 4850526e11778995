//! Contacts: what the frame's motion ran into (the ground it ends on, with its cell and
//! platform; the walls and ceilings that refused a pixel), and the probe a game
//! asks for, `World::touching`.

use crate::map::{Cell, Solid, TileMap};
use crate::motion::actor::{Actor, Feet};
use crate::motion::contacts::Contacts;
use crate::motion::platform::Platform;
use crate::motion::rect::Rect;
use crate::motion::step::Mover;
use crate::motion::step::walk::{Ground, NO_CELL};
use crate::motion::world::World;
use crate::motion::world::foot_column;
use crate::motion::world::one_way::{OneWay, OneWayGround};
use crate::motion::world::rules::{Foot, Rules, SOLIDS};
use crate::tables::ShapeId;
use crate::tables::geometry::{Direction, Variant};

impl<M: TileMap, P: AsRef<[Platform]>> World<'_, M, P> {
    /// What `actor` touches where it is now, probed: the ground under its feet (cell,
    /// platform, one-way), and whether a step left, right or up from here would be
    /// refused. [`World::step`] reports only what its motion ran into (as Godot's
    /// `is_on_wall()` and Unity's `collisionFlags` do); this is the question a game asks
    /// when it wants to know more, and it costs only when called: a few strip tests.
    ///
    /// The answer has the form of [`Contacts`], for the place alone: `on_ground` when the
    /// box one pixel lower would meet the ground under the falling rules, `pushing_left` /
    /// `pushing_right` when a step that way would be refused (a slope it could walk up is
    /// no wall), `on_ceiling` when the row over its head is solid; `crushed` is never set.
    ///
    /// ```
    /// use slope_runtime::{Actor, Cell, GridMap, Tables, World};
    /// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
    /// let tables = Tables::from_bytes(BLOB)?;
    /// let mut map: GridMap<8, 4> = GridMap::new(Cell::FULL);
    /// for tx in 0..8 {
    ///     map.set(tx, 0, Cell::FULL); // a floor
    /// }
    /// map.set(3, 1, Cell::FULL); // a wall
    /// let world = World::new(tables, &map);
    /// let hero = Actor::new(40, 16, 8, 14); // standing still, its right side at the wall
    /// let t = world.touching(&hero);
    /// assert!(t.on_ground() && t.pushing_right() && !t.pushing_left());
    /// assert_eq!(t.ground_cell(), Some((2, 0)));
    /// # Ok::<(), slope_runtime::BlobError>(())
    /// ```
    pub fn touching(&self, actor: &Actor) -> Contacts {
        let mover = Mover::new(self);
        let mut probe = *actor;
        probe.contacts = Contacts::default();
        let here = probe.rect();
        let solids = Rules::for_actor(&probe, OneWay::Ignored, &self.platforms);
        let floor = Rules::for_actor(&probe, OneWay::for_actor(&probe, here), &self.platforms);
        let footing = mover.footing(&probe, here, &floor, true);
        let on_ground = footing.is_some();
        // A wall: a step that way is refused, not merely a slope touched. Blocked with
        // one-way cells ignored, it is blocked under the walking rules too.
        let walled = |dir| {
            self.blocked(here, dir, &solids)
                && mover
                    .lift_past(&probe, dir, on_ground, false, &floor, Some(true))
                    .is_none()
        };
        let (left, right) = (walled(Direction::Left), walled(Direction::Right));
        let ceiling = self.blocked(here, Direction::Up, &solids);
        if let Some(footing) = footing {
            mover.stand_on_footing(&mut probe, footing);
        }
        let c = &mut probe.contacts;
        c.set(Contacts::PUSHING_LEFT, left);
        c.set(Contacts::PUSHING_RIGHT, right);
        c.set(Contacts::ON_CEILING, ceiling);
        probe.contacts
    }
}

impl<M: TileMap, P: AsRef<[Platform]>> Mover<'_, '_, M, P> {
    /// The end of a step that left the actor on the ground: what holds it (cell,
    /// platform, one-way). Where nothing is found, it is in the air: the frame
    /// proved nothing new (no pixel down, the ground carried over from the last frame, as
    /// when it did not move, rose by less than a pixel or was held at the edge of the
    /// world) and its platform or ground has gone, or its ground lies inside the box of
    /// an actor that something embedded.
    #[inline(never)] // after the steps: inlined, its locals would deepen every step's stack
    pub(super) fn stand(self, actor: &mut Actor) {
        // Whole-box feet in a world without platforms: the ground cell is all to find,
        // unless a one-way cell takes part.
        if actor.settings.feet == Feet::Box
            && self.platforms.as_ref().is_empty()
            && self.stand_on_plain_ground(actor, NO_CELL)
        {
            return;
        }
        let here = actor.rect_clear_of_edge();
        let floor = Rules::for_actor(actor, OneWay::for_actor(actor, here), &self.platforms);
        if let Some(footing) = self.footing(actor, here, &floor, false) {
            self.stand_on_footing(actor, footing);
        }
    }

    /// [`Self::stand`] for whole-box feet on plain ground, with no platform near: the
    /// cell of the row under the feet nearest the centre that holds ground there, searched
    /// from the centre out as [`Self::cells_under_box`] searches. One-way cells there are
    /// ground where the feet are above them all (the row under the feet is their top
    /// row), unless the actor ignores them or drops through their row; it stands on
    /// one-way ground when no other cell holds it. Returns `false`, having recorded
    /// nothing, where the feet are inside the row of a one-way cell the search meets
    /// (which of its pixels meet them depends on its shape) or no cell holds ground there:
    /// [`Self::stand`] decides those. `known`: a cell column whose cell the caller proved
    /// to hold ground in that row (its pixels go untested), or `NO_CELL`.
    pub(super) fn stand_on_plain_ground(self, actor: &mut Actor, known: i32) -> bool {
        let here = actor.rect_clear_of_edge();
        let (ty, row) = self.grid.split(here.y0.wrapping_sub(1));
        let one_way = OneWayGround::of_row(actor, ty, row == self.grid.n.wrapping_sub(1));
        let (first, last) = (self.grid.tile_of(here.x0), self.grid.tile_of(here.x1));
        let (mut tx, mut outwards) = self.outwards(actor.centre_x_clear_of_edge(), first, last);
        // The nearest cell that holds the actor (`NO_CELL`: none yet) and whether it is a
        // shape: the ground cell, once a cell that is not one-way holds it too.
        let (mut nearest, mut on_shape) = (NO_CELL, false);
        loop {
            let cell = self.grid.map.cell(tx, ty);
            let hit = match cell.solid {
                Solid::Empty => false,
                _ if cell.one_way && one_way == OneWayGround::Air => false,
                _ if cell.one_way && one_way == OneWayGround::Undecided => return false,
                Solid::Full => true,
                Solid::Shape(id, variant) => {
                    tx == known || self.row_covers_under(id, variant, row, here, tx)
                }
            };
            if hit {
                if nearest == NO_CELL {
                    (nearest, on_shape) = (tx, matches!(cell.solid, Solid::Shape(..)));
                }
                if !cell.one_way {
                    Self::stand_on_cell(actor, (nearest, ty), on_shape);
                    return true;
                }
            }
            match outwards.next() {
                Some(next) => tx = next,
                None => break,
            }
        }
        if nearest == NO_CELL {
            return false;
        }
        Self::stand_on_cell(actor, (nearest, ty), on_shape);
        actor.contacts.set(Contacts::ON_ONE_WAY, true);
        true
    }

    /// [`Self::stand_on_plain_ground`] after a walk that proved ground right under the
    /// box (`ground`), for a box over one or two cell columns whose cells in that row are
    /// not one-way: the search's answer without its set-up. The cell under the centre
    /// holds ground in the box's part of the row when it is a block, when it is the only
    /// cell, when the walk's ground column lies in it, or when its pixels say so; otherwise
    /// the ground the walk proved lies in the other cell. A box over more cell columns
    /// takes the search, spared the pixels of the cell that holds the walk's ground
    /// column. Returns `false`, having recorded nothing, where it cannot answer so.
    pub(super) fn stand_on_walked_ground(self, actor: &mut Actor, ground: Ground) -> bool {
        if ground == Ground::Unproved {
            return false;
        }
        let here = actor.rect_clear_of_edge();
        let (first, last) = (self.grid.tile_of(here.x0), self.grid.tile_of(here.x1));
        // A box spans at most MAX_SIZE px: no wrap.
        if last.wrapping_sub(first) > 1 {
            return match ground {
                Ground::Column(x) => {
                    // A drop that this frame's move ends makes the row it left ground
                    // again: settled before the search.
                    self.finish_drop(actor);
                    self.stand_on_plain_ground(actor, self.grid.tile_of(x))
                }
                _ => false,
            };
        }
        let (ty, row) = self.grid.split(here.y0.wrapping_sub(1));
        let tx = self.grid.tile_of(actor.centre_x_clear_of_edge());
        let other = first.wrapping_add(last).wrapping_sub(tx);
        // The cell under the centre, then (if it holds no ground there) the other one,
        // which then holds the ground the walk proved. One map read in a loop: a packed
        // map's read is long, and each copy of it counts.
        let mut at = tx;
        loop {
            let cell = self.grid.map.cell(at, ty);
            if cell.one_way {
                return false;
            }
            let holds = match cell.solid {
                Solid::Empty => false,
                Solid::Full => true,
                _ if at != tx || other == tx => true,
                _ if matches!(ground, Ground::Column(x) if self.grid.tile_of(x) == tx) => true,
                Solid::Shape(id, variant) => self.row_covers_under(id, variant, row, here, tx),
            };
            if holds {
                let shape = matches!(cell.solid, Solid::Shape(..));
                Self::stand_on_cell(actor, (at, ty), shape);
                return true;
            }
            if at == other {
                return false; // the walk's proof says this cannot be
            }
            at = other;
        }
    }

    /// Whether row `row` of a shape cell `id` placed as `variant` in cell column `tx`
    /// holds a solid pixel in the columns of box `here` (which covers some of that cell).
    #[inline(always)] // in each search's loop: a few instructions and the line test's call
    fn row_covers_under(
        self,
        id: ShapeId,
        variant: Variant,
        row: i32,
        here: Rect,
        tx: i32,
    ) -> bool {
        // The box's edges lie within a box's width of the cell: no overflow.
        let origin = self.grid.tile_origin(tx);
        let lo = here.x0.wrapping_sub(origin).max(0);
        let hi = here
            .x1
            .wrapping_sub(origin)
            .min(self.grid.n.wrapping_sub(1));
        self.grid.line_covers(id, variant, true, row, (lo, hi))
    }

    /// Whether a step down from where the actor is would be refused.
    #[inline(never)] // after the steps, on airborne frames only
    pub(super) fn lands_here(self, actor: &Actor) -> bool {
        let here = actor.rect_clear_of_edge();
        self.blocked(
            here,
            Direction::Down,
            &Rules::for_actor(actor, OneWay::for_actor(actor, here), &self.platforms),
        )
    }

    /// The contacts of an actor placed on the ground, as a landing there would leave them.
    pub(crate) fn land(self, actor: &mut Actor) {
        actor.previous = actor.contacts;
        actor.contacts = Contacts::default();
        self.stand(actor);
    }

    /// The contacts of an actor standing on a floor of full blocks (not one-way, no
    /// platform among them) all under its box: the block under its centre holds it.
    pub(super) fn stand_on_block(self, actor: &mut Actor) {
        let cell = (
            self.grid.tile_of(actor.centre_x_clear_of_edge()),
            self.grid.tile_of(actor.y.wrapping_sub(1)),
        );
        Self::stand_on_cell(actor, cell, false);
    }

    /// Records what holds the actor.
    fn stand_on_footing(self, actor: &mut Actor, footing: Footing) {
        actor.contacts.set(Contacts::ON_GROUND, true);
        if let Some(cell) = footing.cell {
            Self::stand_on_cell(actor, cell.at, cell.shape);
        }
        if let Some(index) = footing.platform {
            actor.contacts.set_ground_platform(index);
        }
        actor
            .contacts
            .set(Contacts::ON_ONE_WAY, footing.only_one_way);
    }

    /// Records that the actor stands on `cell`, a shape cell when `shape`.
    fn stand_on_cell(actor: &mut Actor, cell: (i32, i32), shape: bool) {
        let c = &mut actor.contacts;
        c.set(Contacts::ON_GROUND, true);
        c.set_ground_cell(cell);
        c.set(Contacts::ON_SHAPE, shape);
    }

    /// How many columns world column `x` lies from cell column `tx` (0 inside it). For a
    /// column of a box and a cell that box covers: they lie within a box's width and a
    /// tile of each other, so the differences cannot wrap (a saturating one costs twice the
    /// instructions on ARMv6-M, and a centre foot's search asks this of every cell it
    /// touches).
    #[inline(always)] // a few instructions, in that search's loop: a call costs as much
    fn columns_from(self, x: i32, tx: i32) -> i32 {
        let left = self.grid.tile_origin(tx);
        if x < left {
            left.wrapping_sub(x)
        } else {
            x.wrapping_sub(left.wrapping_add(self.grid.n.wrapping_sub(1)))
                .max(0)
        }
    }

    /// What the feet of box `here` rest on under `floor`: `None` when the row under them
    /// meets nothing (cells or platforms); otherwise the touched cell nearest the centre,
    /// if any, found in the same pass over the cells of that row, and the touched platform
    /// nearest the centre, if any. `floor` holds the one-way rule for feet coming from
    /// `here` itself. `exact`: a cell the box is inside is not ground (a box test per
    /// touched cell); without it, such a cell may be reported, which only an actor that
    /// something embedded can see.
    fn footing(self, actor: &Actor, here: Rect, floor: &Rules, exact: bool) -> Option<Footing> {
        let centre = actor.centre_x();
        let below = Rect {
            y1: here.y0,
            ..here
        }
        .shifted(Direction::Down, 1);
        match floor.foot() {
            None => self.footing_of_box(centre, below, here, floor, exact),
            Some(foot) => self.footing_of_foot(centre, below, here, floor, foot, exact),
        }
    }

    /// [`Self::footing`] for whole-box feet. Out of line, as the foot's: only one of the
    /// two searches' frames is on the stack at a time.
    #[inline(never)]
    fn footing_of_box(
        self,
        centre: i32,
        below: Rect,
        here: Rect,
        floor: &Rules,
        exact: bool,
    ) -> Option<Footing> {
        let (cell, meets, only_one_way) = self.cells_under_box(centre, below, here, floor, exact);
        self.footing_with_platforms(cell, meets, only_one_way, below, floor, centre)
    }

    /// [`Self::footing`] for a centre foot.
    #[inline(never)]
    fn footing_of_foot(
        self,
        centre: i32,
        below: Rect,
        here: Rect,
        floor: &Rules,
        foot: Foot,
        exact: bool,
    ) -> Option<Footing> {
        let mut meets = false;
        let mut only_one_way = true;
        let mut best: Option<(i32, GroundCell)> = None; // (distance from centre, cell)
        // Returns whether the search is settled: a touched cell that is not one-way lies
        // under the centre (the parts come foot column first, and a later cell at the
        // same distance does not replace it).
        let mut visit = |tx: i32, ty: i32, hit: bool| {
            // Touching: free of the cell, and the row under the feet meets it.
            meets |= hit;
            if !hit || (exact && self.grid.cell_hits_with(tx, ty, here, floor)) {
                return false;
            }
            let cell = self.grid.map.cell(tx, ty);
            only_one_way &= cell.one_way;
            let off = self.columns_from(centre, tx);
            if best.is_none_or(|(d, _)| off < d) {
                best = Some((off, GroundCell::new((tx, ty), cell)));
            }
            !only_one_way && best.is_some_and(|(d, _)| d == 0)
        };
        // What the parts of the box one pixel lower meet (they may reach rows above its
        // bottom, where its columns dip into the ground): the foot column, then the others
        // (see `Grid::foot_parts`), each tested here, a frame over the search for them.
        let lower = here.shifted(Direction::Down, 1);
        let mut settled = false;
        {
            let (column, foot_rules) = foot_column(lower, floor, foot);
            self.grid.each_cell(column, |tx, ty| {
                settled |= visit(tx, ty, self.grid.collides_with(tx, ty, column, &foot_rules));
            });
        }
        // The other parts meet the cells with one-way cells ignored (a platform to skip
        // is no cell's business).
        if !settled {
            let mut parts = self.grid.body_parts(lower, foot);
            while !settled && let Some(part) = parts.next(&self.grid) {
                self.grid.each_cell(part, |tx, ty| {
                    settled |= visit(tx, ty, self.grid.collides_with(tx, ty, part, &SOLIDS));
                });
            }
        }
        let cell = best.map(|(_, cell)| cell);
        self.footing_with_platforms(cell, meets, only_one_way, below, floor, centre)
    }

    /// The footing of cells `cell` (the touched one nearest the centre), `meets` (the row
    /// under the feet meets a cell), `only_one_way` (every touched cell is one-way), with
    /// the platforms under the feet added.
    fn footing_with_platforms(
        self,
        cell: Option<GroundCell>,
        meets: bool,
        only_one_way: bool,
        below: Rect,
        floor: &Rules,
        centre: i32,
    ) -> Option<Footing> {
        let platform = if self.platforms.as_ref().is_empty() {
            None
        } else {
            self.platform_under(below, floor, centre)
        };
        (meets || platform.is_some()).then_some(Footing {
            cell,
            platform: platform.map(|(index, _)| index),
            only_one_way: only_one_way && platform.is_none_or(|(_, one_way)| one_way),
        })
    }

    /// [`Self::footing`]'s cells for whole-box feet: the cells of the row `below` the feet
    /// (box `here`), visited from the one under the centre outwards, nearest first (ties:
    /// the left one), so the search stops at the first touched cell that is not one-way:
    /// it is the nearest, and it settles that not every touched cell is one-way. Returns
    /// the nearest touched cell, whether the row meets any cell, and whether every touched
    /// cell is one-way. `exact`: as in [`Self::footing`].
    fn cells_under_box(
        self,
        centre: i32,
        below: Rect,
        here: Rect,
        floor: &Rules,
        exact: bool,
    ) -> (Option<GroundCell>, bool, bool) {
        let (ty, row) = self.grid.split(below.y0);
        let ((first, lo0), (last, hi1)) = (self.grid.split(below.x0), self.grid.split(below.x1));
        let (mut tx, mut outwards) = self.outwards(centre, first, last);
        let (mut meets, mut only_one_way, mut best) = (false, true, None);
        loop {
            let (lo, hi) = self.part_in(tx, (first, lo0), (last, hi1));
            // The cell as the strip test read it: a packed map's read, inlined, is long.
            let (hit, cell) =
                self.grid
                    .strip_cell_hits::<true>(tx, ty, below, floor, row, (lo, hi));
            meets |= hit;
            if hit && !(exact && self.grid.cell_hits_with(tx, ty, here, floor)) {
                best = best.or(Some(GroundCell::new((tx, ty), cell)));
                only_one_way &= cell.one_way;
                if !only_one_way {
                    break;
                }
            }
            match outwards.next() {
                Some(next) => tx = next,
                None => break,
            }
        }
        (best, meets, only_one_way)
    }

    /// The pixels, within cell column `tx`, of a row of pixels that starts at pixel `lo0`
    /// of cell column `first` and ends at pixel `hi1` of cell column `last`.
    #[inline(always)] // inside each search's loop
    fn part_in(self, tx: i32, (first, lo0): (i32, i32), (last, hi1): (i32, i32)) -> (i32, i32) {
        let lo = if tx == first { lo0 } else { 0 };
        let hi = if tx == last {
            hi1
        } else {
            self.grid.n.wrapping_sub(1)
        };
        (lo, hi)
    }

    /// A search from the cell under `centre` outwards over cell columns `first..=last`
    /// (which hold it): that cell's column, then the others in the order
    /// [`Outwards::next`] gives.
    #[inline(always)] // a few instructions before each search's loop
    fn outwards(self, centre: i32, first: i32, last: i32) -> (i32, Outwards) {
        let (tx, px) = self.grid.split(centre);
        // Cell column tx − k lies px + 1 + (k − 1)·N columns from the centre, tx + k
        // N − px + (k − 1)·N: the nearer side is the same at every k, and the other side's
        // k-th cell comes before the nearer side's (k + 1)-th. So the search alternates,
        // from the nearer side (ties: the left one), until one side runs out. (px < N ≤
        // 64 and tile columns lie far inside `i32`: no wrap.)
        let left_next = px.wrapping_mul(2).wrapping_add(1) <= self.grid.n;
        let outwards = Outwards {
            left: tx.wrapping_sub(1),
            right: tx.wrapping_add(1),
            first,
            last,
            left_next,
        };
        (tx, outwards)
    }
}

/// The cell columns of a search from the cell under an actor's centre outwards, nearest
/// first (see `Mover::outwards`).
struct Outwards {
    /// The next cell column on the left, and on the right.
    left: i32,
    right: i32,
    /// The search's first and last cell columns.
    first: i32,
    last: i32,
    /// Whether the left side comes next.
    left_next: bool,
}

impl Outwards {
    /// The next cell column; `None` when both sides are done.
    #[inline(always)] // inside each search's loop
    fn next(&mut self) -> Option<i32> {
        let left_open = self.left >= self.first;
        let right_open = self.right <= self.last;
        // Cell columns lie far inside `i32`: no wrap.
        if left_open && (self.left_next || !right_open) {
            self.left_next = false;
            self.left = self.left.wrapping_sub(1);
            Some(self.left.wrapping_add(1))
        } else if right_open {
            self.left_next = true;
            self.right = self.right.wrapping_add(1);
            Some(self.right.wrapping_sub(1))
        } else {
            None
        }
    }
}

/// What an actor stands on (see `World::footing`).
#[derive(Clone, Copy, Debug)]
struct Footing {
    /// The touched cell nearest the actor's centre (`None`: only platforms).
    cell: Option<GroundCell>,
    /// The touched platform nearest the actor's centre (`None`: only cells).
    platform: Option<usize>,
    /// Every touched cell and platform is one-way.
    only_one_way: bool,
}

/// Records what stopped the frame's move `(dx, dy)`: a wall (x motion stopped) on the
/// side it was going, a ceiling (y motion stopped going up).
#[inline(always)] // a few bit operations, on every frame: a call costs more
pub(super) fn record_hits(actor: &mut Actor, blocked_x: bool, blocked_y: bool, dx: i32, dy: i32) {
    let c = &mut actor.contacts;
    c.set(Contacts::PUSHING_LEFT, blocked_x && dx < 0);
    c.set(Contacts::PUSHING_RIGHT, blocked_x && dx > 0);
    c.set(Contacts::ON_CEILING, blocked_y && dy > 0);
}

/// A cell the feet touch, as the footing's search read it.
#[derive(Clone, Copy, Debug)]
struct GroundCell {
    at: (i32, i32),
    /// A shape cell (a slope, most often), not a block.
    shape: bool,
}

impl GroundCell {
    fn new(at: (i32, i32), cell: Cell) -> GroundCell {
        GroundCell {
            at,
            shape: matches!(cell.solid, Solid::Shape(..)),
        }
    }
}

#[cfg(test)]
mod tests {
    use core::cell::Cell;

    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};

    use crate::motion::contacts::Contacts;
    use crate::motion::step::Mover;
    use crate::motion::step::walk::NO_CELL;
    use crate::motion::world::one_way::OneWay;
    use crate::motion::world::rules::Rules;
    use crate::testing::{map, tables, terrain};
    use crate::{Actor, Feet, World};

    /// Where the search of the row under whole-box feet answers, it records what the
    /// general footing does (the nearest touched cell, whether it is a shape, whether only
    /// one-way cells hold the actor), and where it does not, nothing: any box at every
    /// height of a column of random ground, one-way cells ignored or not, a row of them
    /// dropped through or not.
    #[test]
    fn plain_ground_is_the_footing() {
        let case = (
            prop_oneof![map(), terrain()],
            (-8..88i32, 1..40u16, 1..40u16),
            (any::<bool>(), prop_oneof![Just(i32::MIN), -1..6i32]),
        );
        let config = Config {
            cases: 1000,
            failure_persistence: None,
            ..Config::default()
        };
        let (answers, one_way) = (Cell::new(0usize), Cell::new(0usize));
        let result = TestRunner::new(config).run(&case, |(map, (x, w, h), (ignores, drop_row))| {
            let world = World::new(tables(), &map);
            for y in -8..88 {
                let mut actor = Actor::new(x, y, w, h);
                actor.settings.feet = Feet::Box;
                actor.settings.ignores_one_way = ignores;
                actor.drop_row = drop_row;
                let mut general = actor;
                let here = general.rect();
                let floor = Rules::for_actor(
                    &general,
                    OneWay::for_actor(&general, here),
                    &world.platforms,
                );
                if let Some(footing) = Mover::new(&world).footing(&general, here, &floor, false) {
                    Mover::new(&world).stand_on_footing(&mut general, footing);
                }
                let mut plain = actor;
                if Mover::new(&world).stand_on_plain_ground(&mut plain, NO_CELL) {
                    prop_assert_eq!(plain.contacts, general.contacts, "{:?}", actor);
                    answers.set(answers.get() + 1);
                    one_way.set(one_way.get() + usize::from(plain.contacts.on_one_way()));
                } else {
                    prop_assert_eq!(plain.contacts, Contacts::default());
                }
            }
            Ok(())
        });
        if let Err(e) = result {
            panic!("{e}");
        }
        // About 57,000 of the 96,000 places answer, 160 to 200 of them on one-way ground.
        let (answers, one_way) = (answers.get(), one_way.get());
        assert!(answers > 40_000, "{answers} answers");
        assert!(one_way > 80, "{one_way} answers on one-way ground");
    }
}

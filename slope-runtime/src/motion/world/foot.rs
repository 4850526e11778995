//! A centre foot's box against the cells (see [`Feet::Centre`](crate::Feet::Centre)): its
//! foot column meets every solid pixel; the other columns meet only what rises above the
//! ground surface traced from the foot outwards, so the box stands on the ground under its
//! centre while walls and ceilings still stop it.

use core::ops::ControlFlow;

use crate::map::TileMap;
use crate::motion::rect::Rect;
use crate::motion::world::grid::Grid;
use crate::motion::world::one_way::{FeetRow, OneWay, OneWayCells, OneWayRows};
use crate::motion::world::rules::{Foot, Rules, SOLIDS};
use crate::motion::world::top::Top;

impl<M: TileMap> Grid<'_, M> {
    /// Whether the box `r` of a centre foot covers a solid pixel of a cell under `rules`:
    /// its foot column, then the sides. (Each half has a frame of its own: the foot
    /// column's rules are not held on the stack while the sides are traced.)
    #[inline(never)]
    pub(super) fn foot_hits(&self, r: Rect, rules: &Rules, foot: Foot) -> bool {
        self.foot_column_hits(r, rules, foot) || self.foot_sides_hit(r, foot)
    }

    /// Whether the foot column of the box `r` covers a solid pixel of a cell under
    /// `rules` (as a foot: one-way cells meet its bottom pixel).
    #[inline(never)]
    fn foot_column_hits(&self, r: Rect, rules: &Rules, foot: Foot) -> bool {
        let (column, foot_rules) = foot_column(r, rules, foot);
        self.hits_cells(column, &foot_rules)
    }

    /// Whether the columns of the box `r` beside its foot column cover a solid pixel of
    /// a cell above the surface traced from the foot outwards (every one from a wall
    /// outwards).
    #[inline(never)]
    fn foot_sides_hit(&self, r: Rect, foot: Foot) -> bool {
        let centre = foot.column_in(r);
        // Each side meets only solid pixels of the box beside the foot column: a side clear
        // of them (in flight, on flat ground, the downhill side) needs no trace, and above
        // the highest of them every column of the side is air.
        let sides = [(-1, r.x0), (1, r.x1)].map(|(step, last)| {
            let near = centre.saturating_add(step);
            let part = Rect {
                x0: near.min(last),
                x1: near.max(last),
                ..r
            };
            let highest = match self.top_with_one_way(part, OneWayRows::AIR) {
                Top::At(y) if centre != last => Some(y),
                _ => None,
            };
            (step, last, highest)
        });
        if sides.iter().all(|&(_, _, highest)| highest.is_none()) {
            return false;
        }
        let Some(ground) = self.ground_under_foot(r, centre, foot) else {
            return true; // the whole box meets the cells, and it covers a solid pixel
        };
        let side = |step: i32, last: i32, highest: i32| {
            let mut trace = Trace::new(ground, foot.rise());
            let mut x = centre;
            while x != last {
                x = x.wrapping_add(step); // between the centre and `last`: cannot wrap
                let beyond = last.wrapping_sub(x).wrapping_abs();
                // Above the side's highest solid pixel the column is air.
                match self.trace_column(&mut trace, x, (r.y0, highest), beyond) {
                    Some(false) => {}
                    Some(true) => return true,
                    None => {
                        // This column and every one beyond meet the whole box.
                        let (x0, x1) = (x.min(last), x.max(last));
                        return self.box_hits(Rect { x0, x1, ..r }, &SOLIDS);
                    }
                }
            }
            false
        };
        sides
            .iter()
            .any(|&(step, last, highest)| highest.is_some_and(|h| side(step, last, h)))
    }

    /// Calls `f` on each part of the box `r` of a centre foot that meets the cells (see
    /// [`Foot`]), with the whole-box rules it meets them under, until `f` breaks; returns
    /// what `f` broke with: first the foot column (the only part one-way cells meet), then
    /// the other columns ([`BodyParts`], under [`SOLIDS`]: the parts are for cell tests,
    /// and a platform to skip is no cell's business).
    pub(crate) fn foot_parts<B>(
        &self,
        r: Rect,
        rules: &Rules,
        foot: Foot,
        mut f: impl FnMut(Rect, &Rules) -> ControlFlow<B>,
    ) -> Option<B> {
        let (column, foot_rules) = foot_column(r, rules, foot);
        if let ControlFlow::Break(b) = f(column, &foot_rules) {
            return Some(b);
        }
        let mut parts = self.body_parts(r, foot);
        while let Some(part) = parts.next(self) {
            if let ControlFlow::Break(b) = f(part, &SOLIDS) {
                return Some(b);
            }
        }
        None
    }

    /// The parts of the box `r` of a centre foot beside its foot column (see
    /// [`BodyParts`]).
    #[inline(always)] // built in the caller's frame: returned, it is copied (a library call)
    pub(crate) fn body_parts(&self, r: Rect, foot: Foot) -> BodyParts {
        let centre = foot.column_in(r);
        let ground = self.ground_under_foot(r, centre, foot);
        // The first side as `start_side` starts it, in one literal: set after, the
        // fields came through a temporary and a copy (a library call on ARMv6-M).
        let (phase, side) = match ground {
            None => (Phase::WholeBox, (0, 0)),
            Some(_) if r.x0 < centre => (Phase::Side, (-1, r.x0)),
            Some(_) if centre < r.x1 => (Phase::Side, (1, r.x1)),
            Some(_) => (Phase::Done, (0, 0)),
        };
        BodyParts {
            r,
            centre,
            trace: Trace::new(ground.unwrap_or(i32::MIN), foot.rise()),
            side,
            x: centre,
            part: (centre, i32::MAX),
            pending: NO_COLUMNS,
            phase,
        }
    }

    /// The ground under the foot: the highest solid pixel of the foot column below the box,
    /// one-way cells included (the foot stands on them; the trace beside it treats them as
    /// air). `None` when there is none in the `rise · far` rows under the box, `far` its
    /// wider side: a surface from lower down climbs into none of the box's rows, so the box
    /// meets the cells as a whole.
    fn ground_under_foot(&self, r: Rect, centre: i32, foot: Foot) -> Option<i32> {
        let far = centre.saturating_sub(r.x0).max(r.x1.saturating_sub(centre));
        // rise ≤ MAX_REACH and far ≤ MAX_SIZE: the product fits (and needs no saturating
        // multiply, a library call on ARMv6-M).
        let reach = foot.rise().wrapping_mul(far);
        self.column_height(
            true,
            centre,
            r.y0.saturating_sub(reach),
            r.y0.saturating_sub(1),
        )
    }

    /// Traces the surface one column further, to column `x` of a box whose bottom row is
    /// `y0`, `beyond` columns before the side's edge: the surface there is the column's
    /// highest solid pixel from the ground up to `limit`, one `rise` above the last
    /// column's (the ground if there is none). Returns whether the column holds a solid
    /// pixel above its surface in rows `y0..=above` (`above` below `y0`: not asked), or
    /// `None` when this column and every one beyond meet every row of the box: the column
    /// is a wall (its solid pixels reach past the limit without a gap), or its surface lies
    /// so low that no later one can climb back into the box's rows. That second stop bounds
    /// the search: a surface below `y0 − rise · beyond` reaches at most `y0 − 1` at the
    /// edge.
    fn trace_column(
        &self,
        trace: &mut Trace,
        x: i32,
        (y0, above): (i32, i32),
        beyond: i32,
    ) -> Option<bool> {
        let limit = trace.surface.saturating_add(trace.rise);
        let next = limit.saturating_add(1);
        // rise ≤ MAX_REACH and beyond < MAX_SIZE: the product fits.
        let lowest = y0.saturating_sub(trace.rise.wrapping_mul(beyond));
        let floor = trace.ground.saturating_add(1).max(lowest);
        // Above the surface, the column is air up to the limit: the rows asked start past it.
        let asked = next.max(y0);
        let mut hit = false;
        let top = if above >= asked && asked.saturating_sub(next) <= self.n {
            // One lookup reads both, down from the highest row asked (at most a tile of
            // rows between them).
            match self.column_height(false, x, floor, above) {
                Some(t) if t >= asked => return Some(true),
                Some(t) if t > limit => self.column_height(false, x, floor, limit),
                t => t,
            }
        } else {
            hit = above >= asked && self.column_height(false, x, asked, above).is_some();
            self.column_height(false, x, floor, limit)
        };
        let surface = match top {
            Some(top) => top,
            None if trace.ground >= lowest => trace.ground,
            None => return None,
        };
        if surface == limit && self.column_height(false, x, next, next).is_some() {
            return None;
        }
        trace.surface = surface;
        Some(hit)
    }

    /// The highest solid pixel of column `x` in rows `y0..=y1`, one-way cells solid only
    /// if `one_way`.
    fn column_height(&self, one_way: bool, x: i32, y0: i32, y1: i32) -> Option<i32> {
        let cells = if one_way {
            OneWayCells::Solid
        } else {
            OneWayCells::Air
        };
        match self.column_top((x, x), (y0, y1), cells) {
            Top::At(y) => Some(y),
            Top::Air | Top::OneWay => None,
        }
    }
}

/// The foot column of a centre foot's box `r`, and the rules it meets the cells under:
/// one-way cells meet it when the foot column of the box before the step was above them.
#[inline(always)] // out of line, its rules came back through a copy (a library call on ARMv6-M)
pub(crate) fn foot_column(r: Rect, rules: &Rules, foot: Foot) -> (Rect, Rules) {
    let one_way = match rules.one_way {
        OneWay::Below { from, skip_row } => {
            let x = foot.column_in(from.rect());
            OneWay::Below {
                from: FeetRow {
                    x0: x,
                    x1: x,
                    ..from
                },
                skip_row,
            }
        }
        OneWay::Ignored => OneWay::Ignored,
    };
    let x = foot.column_in(r);
    (Rect { x0: x, x1: x, ..r }, rules.whole(one_way))
}

/// The surface traced along one side of a centre foot.
#[derive(Clone, Copy)]
struct Trace {
    /// The ground under the foot: the surface never goes lower.
    ground: i32,
    /// The steepest walkable rise per column (wall height − 1).
    rise: i32,
    /// The surface's height in the last column traced.
    surface: i32,
}

impl Trace {
    fn new(ground: i32, rise: i32) -> Trace {
        Trace {
            ground,
            rise,
            surface: ground,
        }
    }
}

/// The parts of a centre foot's box beside its foot column that meet the cells, one at a
/// time ([`BodyParts::next`]): each side's columns from the foot outwards, cut to the rows
/// above the traced surface (neighbours cut alike form one part), and from a wall outwards
/// whole; without ground under the foot within reach, the whole box. A cursor rather than
/// a call per part: the caller's test of each part (a cell lookup) then sits one frame
/// under the search, not three (the frames a centre-feet game's deepest stack adds up).
pub(crate) struct BodyParts {
    r: Rect,
    centre: i32,
    trace: Trace,
    /// The side being traced: the step outwards (−1, 1) and its last column.
    side: (i32, i32),
    /// The last column traced.
    x: i32,
    /// The part being gathered: its first column and the row it starts at (`i32::MAX`:
    /// none yet).
    part: (i32, i32),
    /// A part found with the one returned, returned next: its columns, lowest first (it
    /// spans the box's rows; [`NO_COLUMNS`]: none).
    pending: (i32, i32),
    phase: Phase,
}

/// No columns: [`BodyParts::pending`] with no part.
const NO_COLUMNS: (i32, i32) = (1, 0);

/// Where [`BodyParts`] is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// The whole box is the one part left.
    WholeBox,
    /// Tracing a side.
    Side,
    Done,
}

impl BodyParts {
    /// The next part, or `None` when every one has been returned.
    #[inline(never)] // its trace's lookups stay off the stack of the caller's tests
    pub(crate) fn next<M: TileMap>(&mut self, grid: &Grid<'_, M>) -> Option<Rect> {
        loop {
            let (x0, x1) = self.pending;
            if x0 <= x1 {
                self.pending = NO_COLUMNS;
                return Some(Rect { x0, x1, ..self.r });
            }
            match self.phase {
                Phase::WholeBox => {
                    self.phase = Phase::Done;
                    return Some(self.r);
                }
                Phase::Done => return None,
                Phase::Side => {}
            }
            if let Some(part) = self.trace_one_column(grid) {
                return Some(part);
            }
        }
    }

    /// One more column of the side being traced (or the end of the side): the part it
    /// completes, if any.
    fn trace_one_column<M: TileMap>(&mut self, grid: &Grid<'_, M>) -> Option<Rect> {
        let (step, last) = self.side;
        let (x0, y0) = self.part;
        if self.x == last {
            let part = self.part_of((x0, last), y0);
            self.end_side();
            return part;
        }
        let x = self.x.wrapping_add(step); // between the centre and `last`: cannot wrap
        self.x = x;
        let beyond = last.wrapping_sub(x).wrapping_abs();
        let before = x.wrapping_sub(step);
        if grid
            .trace_column(&mut self.trace, x, (self.r.y0, i32::MIN), beyond)
            .is_none()
        {
            // This column and every one beyond meet the whole box: one part.
            let part = self.part_of((x0, before), y0);
            self.pending = (x.min(last), x.max(last));
            self.end_side();
            return part;
        }
        let from = self.trace.surface.saturating_add(1).max(self.r.y0);
        if from == y0 {
            return None;
        }
        self.part = (x, from);
        self.part_of((x0, before), y0)
    }

    /// Starts tracing the side towards `step` (−1, 1) that ends at column `last`.
    fn start_side(&mut self, step: i32, last: i32) {
        self.trace.surface = self.trace.ground;
        self.side = (step, last);
        self.x = self.centre;
        self.part = (self.centre, i32::MAX);
        self.phase = Phase::Side;
    }

    /// The left side done, the right one (if the box has one), else the end.
    fn end_side(&mut self) {
        if self.side.0 < 0 && self.centre < self.r.x1 {
            self.start_side(1, self.r.x1);
        } else {
            self.phase = Phase::Done;
        }
    }

    /// The part of the box over columns `xs` (either order) from row `y0` up, unless it
    /// is empty (no columns, or `y0` above the box).
    fn part_of(&self, (a, b): (i32, i32), y0: i32) -> Option<Rect> {
        if y0 > self.r.y1 || y0 == i32::MAX {
            return None;
        }
        Some(Rect {
            x0: a.min(b),
            x1: a.max(b),
            y0,
            y1: self.r.y1,
        })
    }
}

#[cfg(all(test, feature = "centre_feet"))]
mod tests {
    use core::ops::ControlFlow;

    use proptest::prelude::*;
    use proptest::test_runner::TestCaseError;

    use crate::map::{Cell, TileMap};
    use crate::motion::actor::Feet;
    use crate::motion::rect::Rect;
    use crate::motion::world::World;
    use crate::motion::world::one_way::OneWay;
    use crate::motion::world::rules::Rules;
    use crate::tables::geometry::Variant;
    use crate::testing::{Map, map, pixel, tables, terrain};

    /// Pixel (x, y) of the map, one-way cells as air.
    fn solid(map: &Map, x: i32, y: i32) -> bool {
        !map.cell(x.div_euclid(16), y.div_euclid(16)).one_way && pixel(map, x, y)
    }

    /// `Feet::Centre`'s rule read pixel by pixel, in the words of its docs: whether the
    /// box `r` of a centre foot whose wall height is `wall` covers a pixel it must not.
    fn hits_by_pixels(map: &Map, r: Rect, wall: i32) -> bool {
        let foot = r.x0 + (r.x1 - r.x0) / 2;
        let rise = (wall - 1).max(0);
        // The lowest row each column meets: the whole box unless a traced surface says less.
        let mut lowest: Vec<i32> = (r.x0..=r.x1).map(|_| r.y0).collect();
        let ground = (i32::MIN / 2..r.y0)
            .rev()
            .take(5000)
            .find(|&y| pixel(map, foot, y));
        if let Some(ground) = ground {
            for step in [-1, 1] {
                let (mut surface, mut x) = (ground, foot + step);
                while (r.x0..=r.x1).contains(&x) {
                    let limit = surface + rise;
                    surface = (ground + 1..=limit)
                        .rev()
                        .find(|&y| solid(map, x, y))
                        .unwrap_or(ground);
                    if surface == limit && solid(map, x, limit + 1) {
                        break; // a wall: it and every column beyond meet the whole box
                    }
                    lowest[(x - r.x0) as usize] = (surface + 1).max(r.y0);
                    x += step;
                }
            }
        }
        (r.x0..=r.x1).any(|x| (lowest[(x - r.x0) as usize]..=r.y1).any(|y| solid(map, x, y)))
    }

    /// A 45° ramp rising to the right, one pixel per column, over blocks: its surface
    /// at world column x (0..80) is row x.
    fn ramp() -> Map {
        let slope = tables().find("slope45").expect("a default tile");
        let mut map = Map::new(Cell::EMPTY);
        for i in 0..5 {
            map.set(i, i, Cell::shape(slope, Variant::Identity));
            for j in 0..i {
                map.set(i, j, Cell::FULL);
            }
        }
        map
    }

    /// A wide box in the air, its foot as far above the ramp as its widest side lets a
    /// walkable rise (one pixel per column) reach back into its bottom rows: the far
    /// columns dip into the ramp, the whole box would not be free.
    #[test]
    fn the_ground_is_traced_from_as_deep_as_the_box_is_wide() {
        let map = ramp();
        let world = World::new(tables(), &map);
        // Foot at column 24 over ground at row 24, box 33 wide (16 columns each side),
        // bottom at row 40: only the last column, 16 from the foot, reaches the box's
        // rows, at the limit of the ground search (16 rows under the box).
        let r = Rect {
            x0: 8,
            x1: 40,
            y0: 40,
            y1: 47,
        };
        let rules = Rules::new(Feet::Centre, 33, 2, OneWay::Ignored);
        assert!(world.hits(r), "the whole box meets the ramp");
        assert!(
            !world.hits_with(r, &rules),
            "the traced surface lets it dip"
        );
        assert!(!hits_by_pixels(&map, r, 2));
        // One row lower, the foot column's ground is one row nearer: still free; a wall
        // height of 1 (no climb) makes every column meet the ramp.
        let r = Rect {
            y0: 39,
            y1: 46,
            ..r
        };
        assert!(!world.hits_with(r, &rules));
        let flat = Rules::new(Feet::Centre, 33, 1, OneWay::Ignored);
        assert!(world.hits_with(r, &flat));
        assert!(hits_by_pixels(&map, r, 1));
    }

    fn case() -> impl Strategy<Value = (Map, Rect, i32)> {
        let rect = (-8..88i32, -8..88i32, 1..=64i32, 1..=64i32).prop_map(|(x0, y0, w, h)| Rect {
            x0,
            y0,
            x1: x0 + w - 1,
            y1: y0 + h - 1,
        });
        let wall = prop_oneof![4 => 0..8i32, 1 => 8..=64i32];
        (prop_oneof![map(), terrain()], rect, wall)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

        /// A centre foot's box meets exactly the pixels its rule says, for any box up to
        /// `MAX_SIZE` and any wall height: the traced surface (however far its ground
        /// lies), its walls, and the whole box away from slopes.
        #[test]
        fn a_centre_foot_meets_what_its_rule_says((map, r, wall) in case()) {
            let world = World::new(tables(), &map);
            let rules = Rules::new(Feet::Centre, (r.x1 - r.x0 + 1) as u16, wall, OneWay::Ignored);
            let expected = hits_by_pixels(&map, r, wall);
            prop_assert_eq!(world.hits_with(r, &rules), expected, "{:?}", r);
            // The parts that footing and the per-cell tests visit meet the same pixels.
            let foot = rules.foot().ok_or_else(|| TestCaseError::fail("a centre foot"))?;
            let by_parts = world.grid.foot_parts(r, &rules, foot, |part, part_rules| {
                if world.grid.hits_cells(part, part_rules) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            prop_assert_eq!(by_parts.is_some(), expected, "parts of {:?}", r);
        }
    }
}

//! The top of the solid pixels in a box: how high the ground under a walker reaches, or
//! how high the obstacle in its way does. The walk (`crate::motion::step::walk`) climbs
//! and sticks by these heights instead of testing strip after strip.

use crate::map::{Solid, TileMap};
use crate::motion::rect::Rect;
use crate::motion::world::grid::Grid;
use crate::motion::world::one_way::{OneWayCells, OneWayRows};
use crate::tables::ShapeId;
use crate::tables::geometry::Variant;

/// No solid pixel in a row of cells yet (`Grid::top_with_one_way`): under every row of a
/// cell's own pixels.
const NO_TOP: i32 = -1;

/// What [`Grid::top_in`] found in a box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Top {
    /// No solid pixel.
    Air,
    /// The highest row holding a solid pixel.
    At(i32),
    /// A one-way cell takes part: whether it meets the box depends on who asks, so the
    /// box has no one answer.
    OneWay,
}

impl<M: TileMap> Grid<'_, M> {
    /// The highest row of `r` that holds a solid pixel of a cell (platforms take no part):
    /// cell rows from the top down, so the first row of cells with a solid pixel answers.
    /// One lookup per cell, each a range-OR of the lines the box spans. A one-way cell
    /// in a row of cells it scans (from the top down to the first that holds a solid
    /// pixel) answers [`Top::OneWay`]; those below go unseen, as the solid pixel above
    /// them is met first.
    pub(crate) fn top_in(&self, r: Rect) -> Top {
        self.top_with_one_way(r, OneWayRows::UNDECIDED)
    }

    /// Whether every cell `r` covers is empty (`TileMap::row_is_empty`, row by row). For
    /// boxes a step's away from the edge of the world (the shortcuts' tests of open air),
    /// whose rows of cells lie far inside `i32`.
    #[inline(always)]
    pub(crate) fn cells_empty(&self, r: Rect) -> bool {
        let span = self.cell_span(r);
        let mut ty = span.ty0;
        while ty <= span.ty1 {
            if !self.map.row_is_empty(span.tx0, span.tx1, ty) {
                return false;
            }
            ty = ty.wrapping_add(1); // ≤ ty1, far inside `i32`: cannot wrap
        }
        true
    }

    /// [`Grid::top_in`], one-way cells taken as `rows` says by their cell row: solid,
    /// air, or (undecided) answering [`Top::OneWay`].
    pub(crate) fn top_with_one_way(&self, r: Rect, rows: OneWayRows) -> Top {
        if self.tile_of(r.x0) == self.tile_of(r.x1) {
            return self.column_top((r.x0, r.x1), (r.y0, r.y1), OneWayCells::Rows(rows));
        }
        if r.y0 > r.y1 || r.x0 > r.x1 {
            return Top::Air;
        }
        // The box's pixels in its first and last cells, split once: a cell inside the box
        // spans its whole tile (no box in each cell's own pixels).
        let last = self.n.wrapping_sub(1);
        let ((tx0, px0), (tx1, px1)) = (self.split(r.x0), self.split(r.x1));
        let ((ty0, lo0), (mut ty, mut hi)) = (self.split(r.y0), self.split(r.y1));
        loop {
            let lo = if ty == ty0 { lo0 } else { 0 };
            // The highest row of the box holding a solid pixel in this row of cells, in
            // the cells' own pixels.
            let mut top = NO_TOP;
            let mut tx = tx0;
            loop {
                let cell = self.map.cell(tx, ty);
                match cell.solid {
                    Solid::Empty => {}
                    _ if cell.one_way && rows.air(ty) => {}
                    _ if cell.one_way && rows.undecided(ty) => return Top::OneWay,
                    Solid::Full => top = hi,
                    Solid::Shape(id, variant) => {
                        let c0 = if tx == tx0 { px0 } else { 0 };
                        let c1 = if tx == tx1 { px1 } else { last };
                        if let Some(y) = self.columns_top(id, variant, (c0, c1), (lo, hi)) {
                            top = top.max(y);
                        }
                    }
                }
                if tx >= tx1 {
                    break;
                }
                tx = tx.wrapping_add(1); // < tx1: cannot wrap
            }
            if top != NO_TOP {
                // At most the row asked: the sum is exact.
                return Top::At(self.tile_origin(ty).wrapping_add(top));
            }
            if ty <= ty0 {
                return Top::Air;
            }
            ty = ty.wrapping_sub(1); // > ty0: cannot wrap
            hi = last;
        }
    }

    /// The highest solid pixel of columns `x0..=x1`, which lie in one tile column, in rows
    /// `y0..=y1`, one-way cells taken as `one_way` says: [`Grid::top_with_one_way`] with
    /// no loop across cells (the column ahead of a walker, the columns a centre foot
    /// traces, a narrow box).
    #[inline(always)] // each caller's one-way rule is a constant: its own copy is lean
    pub(crate) fn column_top(
        &self,
        (x0, x1): (i32, i32),
        (y0, y1): (i32, i32),
        one_way: OneWayCells,
    ) -> Top {
        if y0 > y1 || x0 > x1 {
            return Top::Air;
        }
        let (tx, px0) = self.split(x0);
        let px1 = px0.wrapping_add(x1.wrapping_sub(x0)); // x1 lies in the same tile column
        let ((ty0, lo0), (mut ty, mut hi)) = (self.split(y0), self.split(y1));
        loop {
            let cell = self.map.cell(tx, ty);
            let top = match (cell.solid, one_way) {
                (Solid::Empty, _) => None,
                (_, OneWayCells::Air) if cell.one_way => None,
                (_, OneWayCells::Rows(rows)) if cell.one_way && rows.air(ty) => None,
                (_, OneWayCells::Rows(rows)) if cell.one_way && rows.undecided(ty) => {
                    return Top::OneWay;
                }
                (Solid::Full, _) => Some(hi),
                (Solid::Shape(id, variant), _) => {
                    let lo = if ty == ty0 { lo0 } else { 0 };
                    if x0 == x1 {
                        self.column_mask_top(id, variant, px0, (lo, hi))
                    } else {
                        self.columns_top(id, variant, (px0, px1), (lo, hi))
                    }
                }
            };
            if let Some(y) = top {
                // At most the row asked: the sum is exact.
                return Top::At(self.tile_origin(ty).wrapping_add(y));
            }
            if ty <= ty0 {
                return Top::Air;
            }
            ty = ty.wrapping_sub(1); // > ty0: cannot wrap
            hi = self.n.wrapping_sub(1);
        }
    }

    /// [`Grid::column_top`] of the one column `x` ahead of a walker, rows `y0..=y1`,
    /// skipping the empty cells `sky` knows of in its tile column, and noting those it
    /// reads. A walker's column ahead stays in one tile column for up to N pixels and
    /// spans the same rows of cells, most of them open air over the ground: each is read
    /// once per tile column instead of once per pixel.
    #[inline(always)]
    pub(crate) fn lead_top(
        &self,
        x: i32,
        (y0, y1): (i32, i32),
        rows: OneWayRows,
        sky: &mut Sky,
    ) -> Top {
        let (tx, px) = self.split(x);
        let ((ty0, lo0), (ty1, hi1)) = (self.split(y0), self.split(y1));
        let (mut ty, mut hi) = (ty1, hi1);
        if tx == sky.tx && sky.clear_from <= ty1 && ty1 <= sky.upto {
            // Rows `clear_from..=ty1` hold empty cells.
            ty = sky.clear_from.wrapping_sub(1);
            hi = self.n.wrapping_sub(1);
        } else {
            sky.tx = tx;
            sky.upto = ty1;
        }
        // The empty cells read from the top down, down to the first that is not.
        let mut clear_from = ty.wrapping_add(1);
        if ty < ty0 {
            return Top::Air;
        }
        let top = loop {
            let cell = self.map.cell(tx, ty);
            let top = match cell.solid {
                Solid::Empty => {
                    if clear_from == ty.wrapping_add(1) {
                        clear_from = ty;
                    }
                    None
                }
                _ if cell.one_way && rows.air(ty) => None,
                _ if cell.one_way && rows.undecided(ty) => break Top::OneWay,
                Solid::Full => Some(hi),
                Solid::Shape(id, variant) => {
                    let lo = if ty == ty0 { lo0 } else { 0 };
                    self.column_mask_top(id, variant, px, (lo, hi))
                }
            };
            if let Some(y) = top {
                // At most the row asked: the sum is exact.
                break Top::At(self.tile_origin(ty).wrapping_add(y));
            }
            if ty <= ty0 {
                break Top::Air;
            }
            ty = ty.wrapping_sub(1); // > ty0: cannot wrap
            hi = self.n.wrapping_sub(1);
        };
        sky.clear_from = clear_from;
        top
    }

    /// Whether pixel (`x`, `y`) is solid, one-way cells taken as `rows` says (an
    /// undecided one is no ground here): [`Grid::column_top`] of one pixel, without the
    /// loop over cells.
    #[inline(always)]
    pub(crate) fn pixel_holds_ground(&self, x: i32, y: i32, rows: OneWayRows) -> bool {
        let ((tx, px), (ty, py)) = (self.split(x), self.split(y));
        let cell = self.map.cell(tx, ty);
        match cell.solid {
            Solid::Empty => false,
            _ if cell.one_way && (rows.air(ty) || rows.undecided(ty)) => false,
            Solid::Full => true,
            Solid::Shape(id, variant) => self.column_mask_top(id, variant, px, (py, py)).is_some(),
        }
    }

    /// `Tables::single_column_top`, out of line as [`Grid::columns_top`] is, and apart
    /// from it: one column reads one mask, and the range's frame and values would be set
    /// up around it.
    #[inline(never)]
    pub(super) fn column_mask_top(
        &self,
        id: ShapeId,
        variant: Variant,
        column: i32,
        rows: (i32, i32),
    ) -> Option<i32> {
        self.tables.single_column_top(id, variant, column, rows)
    }

    /// `Tables::columns_top`, out of line: inlined, the tables' fields would be loaded on
    /// every query, whether it meets a shape or not.
    #[inline(never)]
    pub(crate) fn columns_top(
        &self,
        id: ShapeId,
        variant: Variant,
        columns: (i32, i32),
        rows: (i32, i32),
    ) -> Option<i32> {
        self.tables.columns_top(id, variant, columns, rows)
    }
}

/// What a walk has read of the tile column its column ahead is in (`Grid::lead_top`):
/// cells `clear_from..=upto` of tile column `tx` are empty (none when `clear_from` is
/// above `upto`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sky {
    tx: i32,
    clear_from: i32,
    upto: i32,
}

impl Sky {
    /// Nothing read yet: no tile column a walk can reach (a step's away from the edge of
    /// the world).
    pub(crate) const UNREAD: Sky = Sky {
        tx: i32::MIN,
        clear_from: 0,
        upto: -1,
    };
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{OneWayRows, Sky, Top};
    use crate::map::{Solid, TileMap};
    use crate::motion::rect::Rect;
    use crate::motion::world::World;
    use crate::testing::{
        Map, map, pixel, read_sizes, redrawn_pixel, tables, tables_of_size, terrain,
    };

    /// [`Grid::top_with_one_way`] pixel by pixel: cell rows from the top down; in the
    /// first that holds a solid pixel of `r` (one-way cells as solid below `rows`'s
    /// `solid_below`, as air from its `air_from` up, and between them answering
    /// [`Top::OneWay`] at once), the highest such pixel.
    fn top_by_pixels(map: &Map, r: Rect, rows: OneWayRows) -> Top {
        let solid = |x: i32, y: i32| pixel(map, x, y);
        top_by(16, map, r, rows, solid)
    }

    /// [`top_by_pixels`] on tiles of `n` px whose pixels `solid` says.
    fn top_by(
        n: i32,
        map: &Map,
        r: Rect,
        rows: OneWayRows,
        solid: impl Fn(i32, i32) -> bool,
    ) -> Top {
        let tile = |v: i32| v.div_euclid(n);
        for ty in (tile(r.y0)..=tile(r.y1)).rev() {
            let mut top = None;
            for tx in tile(r.x0)..=tile(r.x1) {
                let cell = map.cell(tx, ty);
                if cell.solid == Solid::Empty || (cell.one_way && ty >= rows.air_from) {
                    continue;
                }
                if cell.one_way && ty >= rows.solid_below {
                    return Top::OneWay;
                }
                for y in r.y0.max(ty * n)..=r.y1.min(ty * n + n - 1) {
                    for x in r.x0.max(tx * n)..=r.x1.min(tx * n + n - 1) {
                        if solid(x, y) {
                            top = top.max(Some(y));
                        }
                    }
                }
            }
            if let Some(y) = top {
                return Top::At(y);
            }
        }
        Top::Air
    }

    fn case() -> impl Strategy<Value = (Map, Rect, OneWayRows)> {
        case_on(16)
    }

    /// [`case`] on tiles of `n` px: boxes placed over the map of 5×5 cells and a little
    /// beyond, of any size up to 24×40 px.
    fn case_on(n: i32) -> impl Strategy<Value = (Map, Rect, OneWayRows)> {
        let place = || -n / 2..5 * n + n / 2;
        let rect = (place(), place(), 1..24i32, 1..40i32, any::<bool>()).prop_map(
            |(x0, y0, w, h, column)| Rect {
                x0,
                y0,
                x1: if column { x0 } else { x0 + w - 1 },
                y1: y0 + h - 1,
            },
        );
        let bound = || prop_oneof![Just(i32::MIN), Just(i32::MAX), -1..6i32];
        let rows = (bound(), bound()).prop_map(|(a, b)| OneWayRows {
            solid_below: a.min(b),
            air_from: a.max(b),
        });
        (prop_oneof![map(), terrain()], rect, rows)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

        /// The height lookups answer what the pixels say, for any box (one pixel wide
        /// half the time, as the walk's column ahead) and any one-way rows.
        #[test]
        fn tops_are_the_highest_solid_pixels((map, r, rows) in case()) {
            let world = World::new(tables(), &map);
            let expected = top_by_pixels(&map, r, rows);
            prop_assert_eq!(world.grid.top_with_one_way(r, rows), expected, "{:?}", r);
            if rows == OneWayRows::UNDECIDED {
                prop_assert_eq!(world.grid.top_in(r), expected, "{:?}", r);
            }
        }

        /// The column ahead of a walker, looked up pixel after pixel with what the
        /// lookups before it read of the sky (the walk's order: its tile column and rows
        /// drifting a pixel or two at a time), answers what the pixels say; so does the
        /// one-pixel ground test.
        #[test]
        fn lead_tops_with_their_sky_are_the_highest_solid_pixels(
            (map, start, rows) in case(),
            moves in prop::collection::vec((-1..=1i32, -3..=3i32), 1..40),
        ) {
            let world = World::new(tables(), &map);
            let mut sky = Sky::UNREAD;
            let (mut x, mut y0) = (start.x0, start.y0);
            let height = start.y1 - start.y0;
            for (dx, dy) in moves {
                (x, y0) = (x + dx, y0 + dy);
                let column = Rect { x0: x, x1: x, y0, y1: y0 + height };
                let expected = top_by_pixels(&map, column, rows);
                let top = world.grid.lead_top(x, (y0, y0 + height), rows, &mut sky);
                prop_assert_eq!(top, expected, "{:?} after {:?}", column, sky);
                let pixel = Rect { y1: y0, ..column };
                prop_assert_eq!(
                    world.grid.pixel_holds_ground(x, y0, rows),
                    top_by_pixels(&map, pixel, rows) == Top::At(y0),
                    "{:?}", pixel
                );
            }
        }

        /// The same on the default shapes redrawn at 8, 12 and 32 px, against their
        /// bitmaps.
        #[test]
        fn tops_are_the_highest_solid_pixels_on_other_tile_sizes(
            (n, (map, r, rows)) in prop::sample::select(read_sizes([8, 12, 32]))
                .prop_flat_map(|n| (Just(n), case_on(i32::from(n))))
        ) {
            let world = World::new(tables_of_size(n), &map);
            let solid = |x: i32, y: i32| redrawn_pixel(n, &map, x, y);
            let expected = top_by(i32::from(n), &map, r, rows, solid);
            prop_assert_eq!(world.grid.top_with_one_way(r, rows), expected, "N {} {:?}", n, r);
        }
    }
}

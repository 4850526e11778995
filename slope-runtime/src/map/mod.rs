//! The tile map an actor moves through: what is in each cell.
//!
//! Cells are addressed `(tx, ty)` in tiles, y up: cell (0, 0) covers world pixels
//! `0..N` × `0..N`, cell (1, 0) is to its right, cell (0, 1) above it.

pub mod error;
pub mod format;
pub mod packed;

use crate::map::error::MapError;
use crate::tables::geometry::Variant;
use crate::tables::{ShapeId, Tables};

/// What fills a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Solid {
    /// Nothing.
    #[default]
    Empty,
    /// Every pixel (needs no table).
    Full,
    /// A shape of the blob, placed as one of its variants.
    ///
    /// A shape id the tables lack ([`Tables::shape`] answers `None`: a map made for other
    /// tables) makes the cell air, one-way or not: a [`crate::World`] answers for it exactly
    /// as for [`Solid::Empty`] (nothing collides with it, stands on it or meets it in a
    /// query). [`GridMap::check_tables`] and [`crate::PackedMap::check_tables`] find such
    /// cells.
    Shape(ShapeId, Variant),
}

/// One map cell: what fills it, and whether it is one-way (standable from above only:
/// actors pass through it from below and from the sides, and may drop through it).
///
/// ```
/// use slope_runtime::{Cell, ShapeId, Solid, Variant};
///
/// let ledge = Cell::FULL.one_way();
/// assert!(ledge.is_one_way() && ledge.solid == Solid::Full);
/// let ramp = Cell::shape(ShapeId::new(11), Variant::FlipX);
/// assert!(!ramp.is_one_way());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Cell {
    /// What fills the cell.
    pub solid: Solid,
    /// Standable from above only.
    pub one_way: bool,
}

impl Cell {
    /// An empty cell.
    pub const EMPTY: Cell = Cell {
        solid: Solid::Empty,
        one_way: false,
    };

    /// A solid block.
    pub const FULL: Cell = Cell {
        solid: Solid::Full,
        one_way: false,
    };

    /// A shape placed as `variant`.
    pub const fn shape(id: ShapeId, variant: Variant) -> Cell {
        Cell {
            solid: Solid::Shape(id, variant),
            one_way: false,
        }
    }

    /// The same cell, one-way.
    pub const fn one_way(self) -> Cell {
        Cell {
            solid: self.solid,
            one_way: true,
        }
    }

    /// Whether the cell is one-way.
    pub const fn is_one_way(&self) -> bool {
        self.one_way
    }

    /// Whether the cell is empty.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        matches!(self.solid, Solid::Empty)
    }
}

/// A map: what is in cell `(tx, ty)` (tiles, y up). Games implement this over their own
/// level data; [`GridMap`] is a ready fixed-size one.
///
/// Any cell may be asked for, also far outside the level: answer what lies there (usually
/// [`Cell::FULL`] to wall the level in, or [`Cell::EMPTY`]).
///
/// Shape ids must be the tables' own: a cell naming a shape the tables lack is air (see
/// [`Solid::Shape`]).
pub trait TileMap {
    /// The cell at `(tx, ty)`.
    fn cell(&self, tx: i32, ty: i32) -> Cell;

    /// Whether every cell of row `ty` from column `tx0` to `tx1` (inclusive; none when
    /// `tx1 < tx0`) is empty. The movers ask it before reading a row of a box's cells one
    /// by one (most rows a falling or walking box spans are open air); the default asks
    /// [`TileMap::cell`] for each, and a map that stores its rows can answer from them at
    /// once, as [`GridMap`] does.
    #[inline]
    fn row_is_empty(&self, tx0: i32, tx1: i32, ty: i32) -> bool {
        each_cell_empty(self, tx0, tx1, ty)
    }
}

/// [`TileMap::row_is_empty`] by [`TileMap::cell`], cell by cell: the trait's default, and
/// [`GridMap`]'s answer for a row that reaches outside it.
#[inline(always)]
fn each_cell_empty<M: TileMap + ?Sized>(map: &M, tx0: i32, tx1: i32, ty: i32) -> bool {
    if tx1 < tx0 {
        return true;
    }
    let mut tx = tx0;
    loop {
        if !map.cell(tx, ty).is_empty() {
            return false;
        }
        if tx >= tx1 {
            return true;
        }
        tx = tx.wrapping_add(1); // < tx1: cannot wrap
    }
}

impl<M: TileMap + ?Sized> TileMap for &M {
    #[inline(always)]
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        (**self).cell(tx, ty)
    }

    #[inline(always)]
    fn row_is_empty(&self, tx0: i32, tx1: i32, ty: i32) -> bool {
        (**self).row_is_empty(tx0, tx1, ty)
    }
}

/// A `W`×`H` map in an array (no heap), with one cell for everything outside it.
///
/// ```
/// use slope_runtime::{Cell, GridMap, TileMap};
///
/// let mut map: GridMap<8, 4> = GridMap::new(Cell::FULL);
/// map.set(2, 0, Cell::FULL);
/// assert_eq!(map.cell(2, 0), Cell::FULL);
/// assert_eq!(map.cell(3, 0), Cell::EMPTY);
/// assert_eq!(map.cell(-1, 0), Cell::FULL); // outside: walled in
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridMap<const W: usize, const H: usize> {
    /// Rows bottom first: `rows[ty][tx]`, each cell packed into one word (see
    /// [`PackedCell`]).
    rows: [[PackedCell; W]; H],
    outside: PackedCell,
}

/// A [`Cell`] in one aligned word: 4 bytes instead of 6, and read with one load (a 6-byte,
/// 2-aligned `Cell` is copied with a `memcpy` call on ARMv6-M, which has no unaligned
/// loads). Bits 0–1: empty, full or shape; bit 2: one-way; bits 3–5: the variant; bits
/// 16–31: the shape id.
#[derive(Clone, Copy, PartialEq, Eq)]
struct PackedCell(u32);

impl core::fmt::Debug for PackedCell {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.unpack().fmt(f)
    }
}

impl PackedCell {
    const EMPTY: PackedCell = PackedCell::pack(Cell::EMPTY);
    const FULL: u32 = 1;
    const SHAPE: u32 = 2;
    /// The bits that say empty (0), full or shape.
    const SOLID: u32 = 3;
    const ONE_WAY: u32 = 1 << 2;

    const fn pack(cell: Cell) -> PackedCell {
        let solid = match cell.solid {
            Solid::Empty => 0,
            Solid::Full => Self::FULL,
            Solid::Shape(id, variant) => {
                Self::SHAPE | (variant.index() as u32) << 3 | (id.index() as u32) << 16
            }
        };
        PackedCell(solid | if cell.one_way { Self::ONE_WAY } else { 0 })
    }

    #[inline(always)]
    const fn unpack(self) -> Cell {
        let code = self.0;
        let solid = match code & 3 {
            0 => Solid::Empty,
            Self::FULL => Solid::Full,
            _ => {
                let variant = match Variant::from_index((code >> 3 & 7) as u8) {
                    Some(v) => v,
                    None => Variant::Identity,
                };
                Solid::Shape(ShapeId::new((code >> 16) as u16), variant)
            }
        };
        Cell {
            solid,
            one_way: code & Self::ONE_WAY != 0,
        }
    }
}

impl<const W: usize, const H: usize> GridMap<W, H> {
    /// An empty map; every cell outside it is `outside`.
    pub const fn new(outside: Cell) -> Self {
        GridMap {
            rows: [[PackedCell::EMPTY; W]; H],
            outside: PackedCell::pack(outside),
        }
    }

    /// A map from rows written top first, as they read in source code.
    pub fn from_rows_top_first(rows: [[Cell; W]; H], outside: Cell) -> Self {
        let mut map = GridMap::new(outside);
        for (packed, row) in map.rows.iter_mut().zip(rows.iter().rev()) {
            for (slot, &cell) in packed.iter_mut().zip(row) {
                *slot = PackedCell::pack(cell);
            }
        }
        map
    }

    /// Sets cell `(tx, ty)`; cells outside the map are left alone (returns `false`).
    pub fn set(&mut self, tx: i32, ty: i32, cell: Cell) -> bool {
        match self.slot_mut(tx, ty) {
            Some(slot) => {
                *slot = PackedCell::pack(cell);
                true
            }
            None => false,
        }
    }

    /// What lies outside the map.
    pub const fn outside(&self) -> Cell {
        self.outside.unpack()
    }

    /// Checks the map against the tables it will be used with: every shape id of its
    /// cells, and of the cell outside it, below the tables' shape count (else
    /// [`MapError::UnknownShape`], for the first such cell, bottom row first). Without this
    /// check, a cell with an unknown shape is air to a [`crate::World`] (see
    /// [`Solid::Shape`]).
    ///
    /// ```
    /// use slope_runtime::{Cell, GridMap, MapError, ShapeId, Tables, Variant};
    /// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
    /// let tables = Tables::from_bytes(BLOB)?;
    /// let mut map: GridMap<4, 2> = GridMap::new(Cell::FULL);
    /// map.set(1, 0, Cell::shape(ShapeId::new(0), Variant::Identity));
    /// assert_eq!(map.check_tables(&tables), Ok(()));
    /// let missing = ShapeId::new(tables.shape_count()); // one past the last shape
    /// map.set(2, 1, Cell::shape(missing, Variant::FlipX));
    /// assert_eq!(
    ///     map.check_tables(&tables),
    ///     Err(MapError::UnknownShape { id: missing.index(), shapes: tables.shape_count() })
    /// );
    /// # Ok::<(), slope_runtime::BlobError>(())
    /// ```
    pub fn check_tables(&self, tables: &Tables<'_>) -> Result<(), MapError> {
        let shapes = tables.shape_count();
        let cells = self
            .rows
            .iter()
            .flatten()
            .chain(core::iter::once(&self.outside));
        for packed in cells {
            if let Solid::Shape(id, _) = packed.unpack().solid
                && id.index() >= shapes
            {
                return Err(MapError::UnknownShape {
                    id: id.index(),
                    shapes,
                });
            }
        }
        Ok(())
    }

    fn slot_mut(&mut self, tx: i32, ty: i32) -> Option<&mut PackedCell> {
        let (x, y) = (usize::try_from(tx).ok()?, usize::try_from(ty).ok()?);
        self.rows.get_mut(y)?.get_mut(x)
    }
}

impl<const W: usize, const H: usize> TileMap for GridMap<W, H> {
    #[inline(always)] // the hottest call of a step: a call and a returned `Cell` cost more than the lookup
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        // A negative coordinate is huge as a `u32`: the slices' bounds alone find every
        // cell outside (`usize::try_from` of a `u32` cannot fail on 32- and 64-bit
        // targets, where it compiles to nothing; it keeps 16-bit ones exact).
        let (Ok(x), Ok(y)) = (usize::try_from(tx as u32), usize::try_from(ty as u32)) else {
            return self.outside.unpack();
        };
        match self.rows.get(y).and_then(|row| row.get(x)) {
            Some(packed) => packed.unpack(),
            None => self.outside.unpack(),
        }
    }

    #[inline]
    fn row_is_empty(&self, tx0: i32, tx1: i32, ty: i32) -> bool {
        // Inside the map, the row's words ORed: a cell is empty when its two low bits are.
        // (Negative coordinates are huge as `u32`s, as in `cell`: outside the slices.)
        let inside = usize::try_from(tx0 as u32)
            .ok()
            .zip(usize::try_from(tx1 as u32).ok());
        let row = usize::try_from(ty as u32)
            .ok()
            .and_then(|ty| self.rows.get(ty));
        match (row, inside) {
            (Some(row), Some((x0, x1))) if x0 <= x1 => match row.get(x0..=x1) {
                Some(cells) => cells.iter().fold(0, |acc, c| acc | c.0) & PackedCell::SOLID == 0,
                None => self.row_cell_by_cell(tx0, tx1, ty),
            },
            _ => self.row_cell_by_cell(tx0, tx1, ty),
        }
    }
}

impl<const W: usize, const H: usize> GridMap<W, H> {
    /// [`TileMap::row_is_empty`] of a row that reaches outside the map: cell by cell.
    #[cold]
    fn row_cell_by_cell(&self, tx0: i32, tx1: i32, ty: i32) -> bool {
        each_cell_empty(self, tx0, tx1, ty)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{Cell, GridMap, PackedCell, TileMap};
    use crate::testing::{Map, cell, map_of};
    use crate::{ShapeId, Variant};

    /// A map that answers cells only: [`TileMap::row_is_empty`] is the trait's own.
    struct ByCell<'a>(&'a Map);

    impl TileMap for ByCell<'_> {
        fn cell(&self, tx: i32, ty: i32) -> Cell {
            self.0.cell(tx, ty)
        }
    }

    proptest! {
        /// A row is empty exactly when each of its cells is, inside the map or reaching
        /// outside it, for `GridMap`'s answer from its words, the trait's default, and a
        /// reference to either.
        #[test]
        fn a_row_is_empty_when_each_cell_is(
            map in map_of(prop_oneof![
                6 => Just(Cell::EMPTY),
                1 => Just(Cell::EMPTY.one_way()),
                2 => cell(),
            ]),
            (tx0, tx1, ty) in (-3..8i32, -3..8i32, -3..8i32),
        ) {
            let expected = (tx0..=tx1).all(|tx| map.cell(tx, ty).is_empty());
            prop_assert_eq!(map.row_is_empty(tx0, tx1, ty), expected);
            prop_assert_eq!(<&Map as TileMap>::row_is_empty(&&map, tx0, tx1, ty), expected);
            prop_assert_eq!(ByCell(&map).row_is_empty(tx0, tx1, ty), expected);
        }
    }

    /// A cell inside the map is the one set there; every other place, however far
    /// (negative, past either edge, at the ends of `i32`), is the outside cell.
    #[test]
    fn cells_inside_are_as_set_and_the_rest_outside() {
        let outside = Cell::FULL.one_way();
        let mut map: GridMap<3, 2> = GridMap::new(outside);
        let set =
            |tx: i32, ty: i32| Cell::shape(ShapeId::new((tx + 3 * ty) as u16), Variant::FlipX);
        for ty in 0..2 {
            for tx in 0..3 {
                assert!(map.set(tx, ty, set(tx, ty)));
            }
        }
        let places = [
            i32::MIN,
            i32::MIN + 1,
            -65_536,
            -1,
            0,
            1,
            2,
            3,
            4,
            65_536,
            i32::MAX,
        ];
        for &ty in &places {
            for &tx in &places {
                let inside = (0..3).contains(&tx) && (0..2).contains(&ty);
                let expected = if inside { set(tx, ty) } else { outside };
                assert_eq!(map.cell(tx, ty), expected, "cell ({tx}, {ty})");
            }
        }
    }

    /// Every cell a map can hold comes back from its word unchanged.
    #[test]
    fn packed_cells_round_trip() {
        let ids = [0u16, 1, 2, 255, 256, 4095, 65534, 65535];
        let shapes = ids
            .iter()
            .flat_map(|&id| Variant::ALL.map(|v| Cell::shape(ShapeId::new(id), v)));
        for cell in [Cell::EMPTY, Cell::FULL].into_iter().chain(shapes) {
            for cell in [cell, cell.one_way()] {
                assert_eq!(PackedCell::pack(cell).unpack(), cell);
                let mut map: GridMap<2, 2> = GridMap::new(cell);
                assert!(map.set(1, 0, cell));
                assert_eq!(
                    (map.cell(1, 0), map.cell(-1, 5), map.outside()),
                    (cell, cell, cell)
                );
            }
        }
    }
}

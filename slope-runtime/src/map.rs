//! The tile map an actor moves through: what is in each cell.
//!
//! Cells are addressed `(tx, ty)` in tiles, y up: cell (0, 0) covers world pixels
//! `0..N` × `0..N`, cell (1, 0) is to its right, cell (0, 1) above it.

use crate::{ShapeId, Variant};

/// What fills a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Solid {
    /// Nothing.
    #[default]
    Empty,
    /// Every pixel (needs no table).
    Full,
    /// A shape of the blob, placed as one of its variants.
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
pub trait TileMap {
    /// The cell at `(tx, ty)`.
    fn cell(&self, tx: i32, ty: i32) -> Cell;
}

impl<M: TileMap + ?Sized> TileMap for &M {
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        (**self).cell(tx, ty)
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
    /// Rows bottom first: `rows[ty][tx]`.
    rows: [[Cell; W]; H],
    outside: Cell,
}

impl<const W: usize, const H: usize> GridMap<W, H> {
    /// An empty map; every cell outside it is `outside`.
    pub const fn new(outside: Cell) -> Self {
        GridMap {
            rows: [[Cell::EMPTY; W]; H],
            outside,
        }
    }

    /// A map from rows written top first, as they read in source code.
    pub fn from_rows_top_first(rows: [[Cell; W]; H], outside: Cell) -> Self {
        let mut map = GridMap { rows, outside };
        map.rows.reverse();
        map
    }

    /// Sets cell `(tx, ty)`; cells outside the map are left alone (returns `false`).
    pub fn set(&mut self, tx: i32, ty: i32, cell: Cell) -> bool {
        match self.slot_mut(tx, ty) {
            Some(slot) => {
                *slot = cell;
                true
            }
            None => false,
        }
    }

    /// What lies outside the map.
    pub const fn outside(&self) -> Cell {
        self.outside
    }

    fn slot_mut(&mut self, tx: i32, ty: i32) -> Option<&mut Cell> {
        let (x, y) = (usize::try_from(tx).ok()?, usize::try_from(ty).ok()?);
        self.rows.get_mut(y)?.get_mut(x)
    }
}

impl<const W: usize, const H: usize> TileMap for GridMap<W, H> {
    #[inline]
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        let (Ok(x), Ok(y)) = (usize::try_from(tx), usize::try_from(ty)) else {
            return self.outside;
        };
        self.rows
            .get(y)
            .and_then(|row| row.get(x))
            .copied()
            .unwrap_or(self.outside)
    }
}

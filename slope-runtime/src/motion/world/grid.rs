//! The map and the tables its shapes come from, as one grid of cells: the half of a
//! [`World`](crate::World) that knows no platforms. Pixels to tiles and back, the cells a
//! box covers, a box in a cell's own pixels; the cell queries are its methods too, each in
//! the module of its question (`cells`: does a box or a strip cover a solid pixel, and how
//! far to one; `top`: how high the solid pixels reach; `foot`: a centre foot's parts;
//! `ground_angle`: the slope of the ground).

use core::ops::ControlFlow;

use crate::motion::rect::Rect;
use crate::tables::Tables;
use crate::tables::format::ANY_TILE_SIZE;
use crate::tables::shape::LocalBox;

/// A map and the tables its shapes come from: `World` without its platforms.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Grid<'t, M> {
    pub(crate) tables: Tables<'t>,
    pub(crate) map: M,
    /// The tile size N.
    pub(crate) n: i32,
    /// log2(N) for a power-of-two N, the usual case (pixels to tiles by a shift); 32
    /// otherwise (read only with the `any_tile_size` feature: without it, the shift is
    /// taken without a test).
    shift: u32,
}

impl<'t, M> Grid<'t, M> {
    /// The grid of `map`, whose shape cells refer to `tables`.
    pub(crate) fn new(tables: Tables<'t>, map: M) -> Self {
        let n = i32::from(tables.tile_size());
        Grid {
            tables,
            map,
            n,
            shift: tile_shift(n),
        }
    }
}

impl<M> Grid<'_, M> {
    /// The tile coordinate of world pixel `v` (along either axis): [`Self::split`]'s
    /// tile, with the division for tiles that are not a power of two out of line. (The
    /// split keeps its division inline: out of line there, the walk's lookups, which split
    /// every box, cost more on the Cortex-M0.)
    #[inline(always)]
    pub(crate) fn tile_of(&self, v: i32) -> i32 {
        if !ANY_TILE_SIZE || self.shift < 32 {
            v >> self.shift
        } else {
            tile_by_division(v, self.n)
        }
    }

    /// World pixel `v` as its tile coordinate and its pixel within that tile.
    #[inline(always)]
    pub(crate) fn split(&self, v: i32) -> (i32, i32) {
        split(v, self.n, self.shift)
    }

    /// The first world pixel of tile coordinate `t` (along either axis): `t · N`, a shift
    /// for power-of-two tiles (exact for every `t` that [`Self::split`] returns).
    #[inline(always)]
    pub(crate) fn tile_origin(&self, t: i32) -> i32 {
        if !ANY_TILE_SIZE || self.shift < 32 {
            t.wrapping_shl(self.shift)
        } else {
            scaled(t, self.n)
        }
    }

    /// The range of cells `r` covers.
    #[inline(always)]
    pub(crate) fn cell_span(&self, r: Rect) -> CellSpan {
        CellSpan {
            tx0: self.tile_of(r.x0),
            tx1: self.tile_of(r.x1),
            ty0: self.tile_of(r.y0),
            ty1: self.tile_of(r.y1),
        }
    }

    /// `r` in the cell's own pixels.
    #[inline(always)]
    pub(super) fn local_box(&self, tx: i32, ty: i32, r: Rect) -> LocalBox {
        let (ox, oy) = (self.tile_origin(tx), self.tile_origin(ty));
        LocalBox {
            x0: r.x0.saturating_sub(ox),
            x1: r.x1.saturating_sub(ox),
            y0: r.y0.saturating_sub(oy),
            y1: r.y1.saturating_sub(oy),
        }
    }

    /// Calls `f` on each cell `r` covers, row by row. (Plain counting loops: a chain of
    /// range iterators keeps its state on the stack of every caller.)
    pub(crate) fn each_cell(&self, r: Rect, mut f: impl FnMut(i32, i32)) {
        self.cell_span(r).try_each(|tx, ty| {
            f(tx, ty);
            ControlFlow::<()>::Continue(())
        });
    }
}

/// log2(n) for a power-of-two tile size n, else 32 (see [`split`]).
pub(super) fn tile_shift(n: i32) -> u32 {
    if n > 0 && n & (n - 1) == 0 {
        n.trailing_zeros()
    } else {
        32
    }
}

/// A block of cells, inclusive: columns `tx0..=tx1`, rows `ty0..=ty1`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CellSpan {
    pub(crate) tx0: i32,
    pub(crate) tx1: i32,
    pub(crate) ty0: i32,
    pub(crate) ty1: i32,
}

impl CellSpan {
    /// Calls `f` on every cell, row by row, until it breaks; returns what it broke with.
    /// (Plain counting loops: they compile to less than nested inclusive ranges, on the
    /// path every lookup takes.)
    #[inline]
    pub(crate) fn try_each<B>(&self, mut f: impl FnMut(i32, i32) -> ControlFlow<B>) -> Option<B> {
        if self.tx0 > self.tx1 || self.ty0 > self.ty1 {
            return None;
        }
        let mut ty = self.ty0;
        loop {
            let mut tx = self.tx0;
            loop {
                if let ControlFlow::Break(b) = f(tx, ty) {
                    return Some(b);
                }
                if tx >= self.tx1 {
                    break;
                }
                tx = tx.wrapping_add(1); // < tx1: cannot wrap
            }
            if ty >= self.ty1 {
                return None;
            }
            ty = ty.wrapping_add(1);
        }
    }
}

/// World pixel `v` as its tile coordinate and its pixel within that tile, for tile size `n`
/// and `shift = tile_shift(n)`: a shift and a mask for power-of-two tiles, the usual case.
/// (N is never 0: the tables were validated; the fallback only spares the firmware a
/// division-by-zero panic path.)
#[inline(always)]
pub(super) fn split(v: i32, n: i32, shift: u32) -> (i32, i32) {
    if !ANY_TILE_SIZE || shift < 32 {
        (v >> shift, v & n.wrapping_sub(1))
    } else {
        (
            v.checked_div_euclid(n).unwrap_or(0),
            v.checked_rem_euclid(n).unwrap_or(0),
        )
    }
}

/// The tile of world pixel `v` for tiles of `n` px that are not a power of two: out of
/// line, as [`scaled`], so that each of the many inlined tile lookups carries only a call
/// for them.
#[cold]
#[inline(never)]
fn tile_by_division(v: i32, n: i32) -> i32 {
    v.checked_div_euclid(n).unwrap_or(0)
}

/// `t · n`, saturating: out of line, because on ARMv6-M a saturating multiply is a
/// 64-bit library call that the optimiser would otherwise compute before the test that
/// picks the shift.
#[cold]
#[inline(never)]
fn scaled(t: i32, n: i32) -> i32 {
    t.saturating_mul(n)
}

#[cfg(test)]
mod tests {
    use super::{Grid, tile_shift};
    use crate::tables::format::tile_size_read;
    use crate::testing::tables;

    /// Pixels to tiles and back for every tile size the tables allow, powers of two (a
    /// shift) and the others (a division out of line) alike: Euclidean division, so that
    /// pixel -1 lies in tile -1.
    #[test]
    fn pixels_to_tiles_and_back_for_every_tile_size() {
        for n in (4..=64).filter(|&n| tile_size_read(n as u8)) {
            let grid = Grid {
                tables: tables(),
                map: (),
                n,
                shift: tile_shift(n),
            };
            for v in -300..300i32 {
                let (t, p) = (v.div_euclid(n), v.rem_euclid(n));
                assert_eq!(grid.tile_of(v), t, "tile of {v}, n = {n}");
                assert_eq!(grid.split(v), (t, p), "split of {v}, n = {n}");
                assert_eq!(grid.tile_origin(t), v - p, "origin of tile {t}, n = {n}");
            }
        }
    }
}

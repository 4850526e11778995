//! What a box moving one way meets: a collision now, or the distance to one.

use crate::motion::rect::Rect;
use crate::tables::geometry::Direction;

/// A box's relation to one cell along one direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Meeting {
    /// The box covers a solid pixel of the cell.
    pub colliding: bool,
    /// Colliding: how far to move to be free of the cell. Otherwise: how far it can move
    /// before touching it (`i32::MAX` when nothing in the cell is in the way).
    pub distance: i32,
}

/// A solid box against box `r` along `dir`, in the lookup's terms.
#[inline]
pub(crate) fn meet_box(solid: Rect, r: Rect, dir: Direction) -> Meeting {
    if solid.overlaps(&r) {
        let distance = match dir {
            Direction::Up => solid.y1.saturating_sub(r.y0).saturating_add(1),
            Direction::Down => r.y1.saturating_sub(solid.y0).saturating_add(1),
            Direction::Right => solid.x1.saturating_sub(r.x0).saturating_add(1),
            Direction::Left => r.x1.saturating_sub(solid.x0).saturating_add(1),
        };
        return Meeting {
            colliding: true,
            distance,
        };
    }
    let beside_x = solid.x0 <= r.x1 && r.x0 <= solid.x1;
    let beside_y = solid.y0 <= r.y1 && r.y0 <= solid.y1;
    let gap = match dir {
        Direction::Up if beside_x && solid.y0 > r.y1 => solid.y0.saturating_sub(r.y1),
        Direction::Down if beside_x && solid.y1 < r.y0 => r.y0.saturating_sub(solid.y1),
        Direction::Right if beside_y && solid.x0 > r.x1 => solid.x0.saturating_sub(r.x1),
        Direction::Left if beside_y && solid.x1 < r.x0 => r.x0.saturating_sub(solid.x1),
        _ => {
            return Meeting {
                colliding: false,
                distance: i32::MAX,
            };
        }
    };
    Meeting {
        colliding: false,
        distance: gap.saturating_sub(1),
    }
}

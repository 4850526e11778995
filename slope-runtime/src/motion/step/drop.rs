//! Dropping through one-way cells and one-way platforms: when a drop starts and ends.

use crate::map::TileMap;
use crate::motion::actor::Actor;
use crate::motion::actor::NO_PLATFORM;
use crate::motion::platform::Platform;
use crate::motion::rect::Rect;
use crate::motion::step::Mover;

impl<M: TileMap, P: AsRef<[Platform]>> Mover<'_, '_, M, P> {
    /// A drop request while standing on one-way cells or a one-way platform (and nothing
    /// else): ignore their row, or that platform, from now on.
    pub(super) fn start_drop(self, actor: &mut Actor) {
        if !actor.drop_request {
            return;
        }
        actor.drop_request = false;
        if actor.previous.on_one_way() && actor.previous.on_ground() {
            if let Some((_, row)) = actor.previous.ground_cell() {
                actor.drop_row = row;
            }
            if let Some(index) = actor.previous.ground_platform() {
                actor.set_dropping_through(Some(index));
            }
        }
    }

    /// The row being dropped through counts again once the box has left it; so does the
    /// platform. (One test inline: most frames drop through nothing.)
    #[inline(always)]
    pub(super) fn finish_drop(self, actor: &mut Actor) {
        if actor.is_dropping() {
            self.finish_dropping(actor);
        }
    }

    /// [`Self::finish_drop`] of an actor that is dropping through something.
    #[inline(never)]
    fn finish_dropping(self, actor: &mut Actor) {
        if self.drop_ends(actor.drop_row, actor.rect()) {
            actor.drop_row = i32::MIN;
        }
        if actor.drop_platform != NO_PLATFORM {
            self.finish_platform_drop(actor);
        }
    }

    /// A drop through a platform ends once the box has left it: it overlaps it no more,
    /// and is below its top or beside it (above it, the platform may be falling away
    /// faster than the actor). It ends too when the platform is gone or is not one-way.
    #[inline(never)]
    pub(super) fn finish_platform_drop(self, actor: &mut Actor) {
        let a = actor.rect();
        let left = actor
            .dropping_through()
            .and_then(|i| self.platforms.as_ref().get(i))
            .is_none_or(|p| !p.one_way || has_left(p.rect(), a));
        if left {
            actor.set_dropping_through(None);
        }
    }

    /// Whether a drop through row `drop_row` (`i32::MIN`: none) ends with the box at `r`:
    /// the box has left the row.
    pub(super) fn drop_ends(self, drop_row: i32, r: Rect) -> bool {
        if drop_row == i32::MIN {
            return false;
        }
        let bottom = self.grid.tile_origin(drop_row);
        let top = bottom.saturating_add(self.grid.n - 1);
        r.y1 < bottom || r.y0 > top
    }
}

/// A drop through a platform ends when something else holds the actor (the platform it
/// drops through holds nothing).
#[inline(always)]
pub(super) fn end_drop_on_ground(actor: &mut Actor) {
    if actor.drop_platform != NO_PLATFORM && actor.contacts.on_ground() {
        actor.set_dropping_through(None);
    }
}

/// Whether box `a` has left platform `p` that it dropped through: it overlaps it no more,
/// and is below its top or beside it.
fn has_left(p: Rect, a: Rect) -> bool {
    !a.overlaps(&p) && (a.y0 <= p.y1 || a.x1 < p.x0 || p.x1 < a.x0)
}

//! The platforms a query meets: overlaps, distances, the platform under the feet.

use crate::map::TileMap;
use crate::motion::platform::Platform;
use crate::motion::rect::Rect;
use crate::motion::world::World;
use crate::motion::world::meeting::{Meeting, meet_box};
use crate::motion::world::one_way::{OneWay, feet};
use crate::motion::world::rules::{Rules, SOLIDS};
use crate::tables::geometry::Direction;

impl<M: TileMap, P: AsRef<[Platform]>> World<'_, M, P> {
    /// Whether `r` covers a solid pixel of a platform under `rules`.
    #[inline]
    pub(crate) fn hits_platforms(&self, r: Rect, rules: &Rules) -> bool {
        self.platforms_in(r, rules)
            .any(|p| meet_platform(p, r, Direction::Up, rules).is_some_and(|m| m.colliding))
    }

    /// Whether any platform overlaps `region` (one test, inline, when there are none).
    #[inline(always)]
    pub(crate) fn any_platform_in(&self, region: Rect) -> bool {
        !self.platforms.as_ref().is_empty() && self.platform_overlaps(region)
    }

    /// [`Self::any_platform_in`] among platforms.
    #[inline]
    fn platform_overlaps(&self, region: Rect) -> bool {
        self.platforms_in(region, &SOLIDS).next().is_some()
    }

    /// The platforms that overlap `region` and take part under `rules`.
    pub(super) fn platforms_in<'a>(
        &'a self,
        region: Rect,
        rules: &'a Rules,
    ) -> impl Iterator<Item = &'a Platform> + 'a {
        self.indexed_platforms_in(region, rules).map(|(_, p)| p)
    }

    /// [`World::platforms_in`], with their indices.
    pub(super) fn indexed_platforms_in<'a>(
        &'a self,
        region: Rect,
        rules: &'a Rules,
    ) -> impl Iterator<Item = (usize, &'a Platform)> + 'a {
        self.platforms
            .as_ref()
            .iter()
            .enumerate()
            .filter(move |&(i, p)| !rules.skip_platform.is(i) && p.rect().overlaps(&region))
    }

    /// The platforms the row `below` (under an actor's feet) meets under `rules`: the
    /// index of the one nearest column `centre` (the first of equals), and whether every
    /// one of them is one-way. `None` when it meets none.
    #[inline] // at the end of every frame on the ground near platforms
    pub(crate) fn platform_under(
        &self,
        below: Rect,
        rules: &Rules,
        centre: i32,
    ) -> Option<(usize, bool)> {
        let mut best: Option<(i32, usize)> = None; // (distance from centre, index)
        let mut only_one_way = true;
        for (i, p) in self.indexed_platforms_in(below, rules) {
            if !meet_platform(p, below, Direction::Up, rules).is_some_and(|m| m.colliding) {
                continue;
            }
            only_one_way &= p.one_way;
            let r = p.rect();
            let off = if centre < r.x0 {
                r.x0.saturating_sub(centre)
            } else {
                centre.saturating_sub(r.x1).max(0)
            };
            if best.is_none_or(|(d, _)| off < d) {
                best = Some((off, i));
            }
        }
        best.map(|(_, i)| (i, only_one_way))
    }
}

/// A platform against box `r` along `dir`: one-way platforms, like one-way cells, meet only
/// the feet of an actor that was above them.
#[inline]
pub(super) fn meet_platform(
    p: &Platform,
    r: Rect,
    dir: Direction,
    rules: &Rules,
) -> Option<Meeting> {
    let solid = p.rect();
    let r = if p.one_way {
        let OneWay::Below { from, .. } = rules.one_way else {
            return None;
        };
        if solid.overlaps(&from.rect()) {
            return None;
        }
        feet(r)
    } else {
        r
    };
    Some(meet_box(solid, r, dir))
}

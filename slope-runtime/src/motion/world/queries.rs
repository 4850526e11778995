//! The queries, one verb per family: `hits` (does a box cover a solid pixel), `room` (how far
//! can it move before it touches one), `escape` (the least distance out of every solid
//! pixel), and the rule-taking forms the mover uses.

use core::ops::ControlFlow;

use crate::map::{Solid, TileMap};
use crate::motion::platform::Platform;
use crate::motion::rect::Rect;
use crate::motion::world::World;
use crate::motion::world::one_way::{OneWay, OneWayCells, OneWayRows};
use crate::motion::world::platforms::meet_platform;
use crate::motion::world::rules::{Rules, SOLIDS};
use crate::motion::world::top::Top;
use crate::tables::geometry::Direction;
use crate::units::MAX_MOVE;

impl<M: TileMap, P: AsRef<[Platform]>> World<'_, M, P> {
    /// Whether `r` covers a solid pixel (one-way cells count as air).
    pub fn hits(&self, r: Rect) -> bool {
        self.hits_with(r, &SOLIDS)
    }

    /// How far `r` can move towards `dir` before it touches a solid pixel, at most `limit`
    /// (one-way cells count as air). 0 when it already collides. `limit` is clamped to
    /// 0..=[`MAX_MOVE`] (64 px): the answer is at most that.
    pub fn room(&self, r: Rect, dir: Direction, limit: i32) -> i32 {
        if self.hits_with(r, &SOLIDS) {
            return 0;
        }
        self.room_with(r, dir, limit.min(MAX_MOVE), &SOLIDS)
    }

    /// The least distance towards `dir`, at most `limit`, at which `r` covers no solid
    /// pixel (0 if it covers none now); `None` if there is none within `limit`. `limit` is
    /// clamped to [`MAX_MOVE`] (64 px): a box that must move farther gets `None`.
    ///
    /// ```
    /// use slope_runtime::{Cell, Direction, GridMap, Rect, Tables, World};
    /// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
    /// let tables = Tables::from_bytes(BLOB)?;
    /// let solid: GridMap<1, 1> = GridMap::new(Cell::FULL); // solid around one empty cell
    /// let world = World::new(tables, &solid);
    /// let b = Rect::of_box(-100, 0, 8, 8);
    /// assert_eq!(world.escape(b, Direction::Up, i32::MAX), None); // none within MAX_MOVE
    /// # Ok::<(), slope_runtime::BlobError>(())
    /// ```
    pub fn escape(&self, r: Rect, dir: Direction, limit: i32) -> Option<i32> {
        self.escape_with(r, dir, limit.min(MAX_MOVE), &SOLIDS)
    }

    /// The world-space lookup: `r` against cell `(tx, ty)` along `dir`. Returns whether
    /// `r` covers a solid pixel of the cell, and how far it must move to be free of the
    /// cell (when it does) or can move before touching it (when not; `i32::MAX` when
    /// nothing in the cell is in the way). One-way flags are not applied here.
    pub fn cell_distance(&self, tx: i32, ty: i32, r: Rect, dir: Direction) -> (bool, i32) {
        let cell = self.grid.map.cell(tx, ty);
        match self.grid.meet(cell, tx, ty, r, dir) {
            Some(m) => (m.colliding, m.distance),
            None => (false, i32::MAX),
        }
    }

    #[inline(always)]
    pub(crate) fn hits_with(&self, r: Rect, rules: &Rules) -> bool {
        let cells = match rules.foot() {
            None => self.grid.hits_cells(r, rules),
            Some(foot) => self.grid.foot_hits(r, rules, foot),
        };
        cells || (!self.platforms.as_ref().is_empty() && self.hits_platforms(r, rules))
    }

    /// Whether the feet row `r` (one row) of an actor's box lifted by a climb meets a
    /// one-way cell or platform under `rules`. Solid ones take no part: their pixels in
    /// `r` are the box's own (a box that something embedded meets nothing new), or lie in
    /// the rows over its head, which the climb tested first. Out of line: asked only where
    /// a step sideways climbs.
    #[inline(never)]
    pub(crate) fn meets_one_way(&self, r: Rect, rules: &Rules) -> bool {
        let ty = self.grid.tile_of(r.y0);
        let (mut tx, last) = (self.grid.tile_of(r.x0), self.grid.tile_of(r.x1));
        while tx <= last {
            if self.grid.map.cell(tx, ty).one_way && self.grid.collides_with(tx, ty, r, rules) {
                return true;
            }
            tx = tx.wrapping_add(1); // ≤ last: cannot wrap
        }
        // The platforms by hand, not `platforms_in`: its overlap filter is the meeting's
        // own test again, and 52 B of a Cortex-M0 game.
        self.platforms.as_ref().iter().enumerate().any(|(i, p)| {
            p.one_way
                && !rules.skip_platform.is(i)
                && meet_platform(p, r, Direction::Up, rules).is_some_and(|m| m.colliding)
        })
    }

    /// Whether `r` is proved clear under every rule set at once: it covers no solid pixel
    /// of any cell, no one-way cell lies among the cells it covers (whatever the rules,
    /// they meet no more than that), and it overlaps no platform. A move whose boxes all lie
    /// inside `r` meets nothing. Open air answers from the map's rows (`Grid::cells_empty`);
    /// otherwise, over at most two cell rows, one height lookup (`Grid::top_in`) per cell
    /// that is not empty. A taller region that is not open air answers `false` unproved: it
    /// is rarely clear (a tall box's flight region that holds cells most often holds the
    /// ground it lands on), and on the benchmark's crowds the lookup cost more than it saved
    /// (CHANGELOG, performance history). For boxes a step's away from the edge of the world
    /// (the shortcuts').
    #[inline(always)] // in the flight shortcut, every airborne frame
    pub(crate) fn clear_under_any_rules(&self, r: Rect) -> bool {
        if self.any_platform_in(r) {
            return false;
        }
        // Open air, the usual answer (a flight), is a test of empty cells, row by row; the
        // rows are counted only when it fails (counted first, they cost every flight).
        // Rows of cells lie far inside `i32`: no wrap.
        let rows = |r: Rect| {
            self.grid
                .tile_of(r.y1)
                .wrapping_sub(self.grid.tile_of(r.y0))
        };
        self.grid.cells_empty(r) || (rows(r) <= 1 && self.grid.top_in(r) == Top::Air)
    }

    /// [`Self::clear_under_any_rules`] with the lookup of a box in one tile column
    /// inlined (a caller's own copy, spared the call and the set-up of a lookup that
    /// serves any box).
    #[inline(always)]
    pub(crate) fn clear_in_one_column(&self, r: Rect) -> bool {
        if self.grid.tile_of(r.x0) != self.grid.tile_of(r.x1) {
            return self.clear_under_any_rules(r);
        }
        let rows = OneWayCells::Rows(OneWayRows::UNDECIDED);
        (self.platforms.as_ref().is_empty() || !self.any_platform_in(r))
            && self.grid.column_top((r.x0, r.x1), (r.y0, r.y1), rows) == Top::Air
    }

    /// Whether `r` covers a solid pixel of a shape cell (not a full one), whole box.
    pub(crate) fn hits_slope(&self, r: Rect, rules: &Rules) -> bool {
        let hit = self.grid.cell_span(r).try_each(|tx, ty| {
            let slope = matches!(self.grid.map.cell(tx, ty).solid, Solid::Shape(..));
            if slope && self.grid.collides_with(tx, ty, r, rules) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        hit.is_some()
    }

    /// How far `r`, which must be free, can move towards `dir` (at most `limit`).
    ///
    /// Only the box's leading edge can meet anything new (the rest moves through where the
    /// box already was), so a whole box is asked strip by strip: the row or column its
    /// edge enters at each distance. Moving down, that row is the moved box's bottom row,
    /// and sideways that column holds its new bottom pixel, so one-way cells meet each
    /// strip as they meet the box. (Moving up, the strips are the box's top rows, not its
    /// feet: room upwards is exact with one-way cells ignored, the only way the movers and
    /// [`World::room`] ask it.) A centre foot's box, whose parts change with its place, is
    /// asked box by box. One test per distance, without distance lookups: the movers ask
    /// for short reaches (a stick within the wall height, a slide under a ceiling), and
    /// the distance lookups' code (about 2.3 kB of a Cortex-M0 game, `bash
    /// firmware/bench.sh`) bought no time there.
    pub(crate) fn room_with(&self, r: Rect, dir: Direction, limit: i32, rules: &Rules) -> i32 {
        let limit = limit.max(0);
        let hit = self.first_hit(r, dir, limit, rules);
        hit.map_or(limit, |k| k.wrapping_sub(1).max(0)) // k ≥ 0
    }

    /// The first distance in `0..=limit` (`limit` ≥ 0) at which `r` moved towards `dir`
    /// covers a solid pixel under `rules`, distance 0 only for whole-box feet (see
    /// [`World::room_with`]).
    #[inline(always)]
    fn first_hit(&self, r: Rect, dir: Direction, limit: i32, rules: &Rules) -> Option<i32> {
        if rules.foot().is_some() {
            self.foot_room(r, dir, limit, rules)
        } else {
            self.edge_room(r, dir, limit, rules)
        }
    }

    /// [`World::room_with`]'s first distance in `1..=limit` at which a centre foot's box
    /// covers a solid pixel. Out of line, as [`World::edge_room`]: the box tests' frames
    /// stay off the stack of the mover that asks.
    #[inline(never)]
    fn foot_room(&self, r: Rect, dir: Direction, limit: i32, rules: &Rules) -> Option<i32> {
        self.first_distance(r, dir, (1, limit), rules, true)
    }

    /// [`World::room_with`]'s first distance in `0..=limit` at which a whole box covers a
    /// solid pixel: the first strip its leading edge enters that does, or the edge itself
    /// (0: a box that something embedded there has no room).
    #[inline(never)]
    fn edge_room(&self, r: Rect, dir: Direction, limit: i32, rules: &Rules) -> Option<i32> {
        let edge = self.grid.leading_part(r, dir);
        self.first_distance(edge, dir, (0, limit), rules, true)
    }

    /// Whether `r` moved one pixel towards `dir` covers a solid pixel, for a free `r`:
    /// only its new leading edge is asked (see [`World::room_with`]).
    #[inline(always)]
    pub(crate) fn blocked(&self, r: Rect, dir: Direction, rules: &Rules) -> bool {
        let ahead = if rules.foot().is_some() {
            r.shifted(dir, 1)
        } else {
            r.beyond(dir)
        };
        self.hits_with(ahead, rules)
    }

    /// The least distance towards `dir`, at most `limit`, at which `r` covers no solid
    /// pixel under `rules` (0 if it covers none now, whatever the limit).
    pub(crate) fn escape_with(
        &self,
        r: Rect,
        dir: Direction,
        limit: i32,
        rules: &Rules,
    ) -> Option<i32> {
        self.escape_from(r, dir, 0, limit, rules)
    }

    /// [`World::escape_with`], distances below `first` known to collide: an `r` whose step
    /// ahead was found blocked starts at 1, so distance 0 is not asked again.
    ///
    /// Box by box, one test per distance: every escape the movers ask for is short (a
    /// climb, a slide under a ceiling, a platform's push, a placement, each within
    /// [`MAX_MOVE`] or the wall height), and the tests need no distance lookups, whose
    /// code (about 900 B on a Cortex-M0) bought no time at these reaches
    /// (`cargo run --release -p slope-runtime --example worst_case`).
    pub(crate) fn escape_from(
        &self,
        r: Rect,
        dir: Direction,
        first: i32,
        limit: i32,
        rules: &Rules,
    ) -> Option<i32> {
        self.first_distance(r, dir, (first, limit.max(0)), rules, false)
    }

    /// Whether `r` can move `k` pixels towards `dir` without touching a solid pixel under
    /// `rules`: `room_with(r, dir, k, rules) >= k`. Where the rules allow, that is one
    /// whole-box test of the region its leading part sweeps: for a vertical move with
    /// one-way cells ignored, and for a sideways move of whole-box feet. (One-way cells
    /// meet only a query box's bottom row. Sideways, the region's bottom row is exactly
    /// what the moving feet pixel passes; vertically it is only the far row (down) or the
    /// start row (up), so one-way rules there need a test per distance.)
    pub(crate) fn has_room(&self, r: Rect, dir: Direction, k: i32, rules: &Rules) -> bool {
        if k <= 0 {
            return true;
        }
        let sweepable =
            rules.foot().is_none() && (dir.is_horizontal() || rules.one_way == OneWay::Ignored);
        if sweepable {
            !self.sweep_hits(r, dir, k, rules)
        } else {
            // `room_with(r, dir, k, rules) >= k`: no hit within k. (Asked straight, a frame
            // less under a centre foot's slide.)
            self.first_hit(r, dir, k, rules).is_none()
        }
    }

    /// Whether the region the leading part of `r` sweeps moving `k` pixels towards `dir`
    /// covers a solid pixel under `rules` ([`World::has_room`]'s whole-region test). Out
    /// of line: its boxes would sit on the frame of a centre foot's search by distance.
    #[inline(never)]
    fn sweep_hits(&self, r: Rect, dir: Direction, k: i32, rules: &Rules) -> bool {
        self.hits_with(self.grid.leading_part(r, dir).swept(dir, k), rules)
    }

    /// The least distance in `first..=last` at which `r` moved towards `dir` covers a solid
    /// pixel under `rules` (`hit`) or none (`!hit`). A plain loop: `find` over a range kept
    /// its closure's frame on the stack under every box test, the deepest of them on a
    /// centre foot's climbs and slides. The box is moved a pixel at a time and held once
    /// (a box shifted from `r` each time held both on the frame).
    #[inline(always)]
    pub(super) fn first_distance(
        &self,
        r: Rect,
        dir: Direction,
        (first, last): (i32, i32),
        rules: &Rules,
        hit: bool,
    ) -> Option<i32> {
        let mut k = first;
        let mut moved = r.shifted(dir, k);
        while k <= last {
            if self.hits_with(moved, rules) == hit {
                return Some(k);
            }
            if k == last {
                break;
            }
            k = k.wrapping_add(1); // < last: cannot wrap
            moved = moved.shifted(dir, 1);
        }
        None
    }
}

//! The ground angle of a map's surfaces as the runtime reports it: what `slopegen preview`
//! draws on a map, and what an editor can show.
//!
//! A tile's own angles ([`slope_runtime::Surface::angle`], the generator's [`crate::angles`])
//! see one tile; [`slope_runtime::World::ground_angle`] sees the surface around an actor,
//! across cell edges. [`ground_angles`] asks the runtime at every top-surface pixel of a
//! rectangle, for one standard actor (the probe) standing there.

use slope_runtime::{Actor, ActorSettings, Feet, Rect, Solid, Tables, TileMap, World};

/// A top-surface pixel and the ground angle the runtime reports for the probe standing on it
/// (see [`ground_angles`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GroundAngle {
    /// The pixel's column, world pixels.
    pub x: i32,
    /// The pixel's row, world pixels, y up: the air pixel right above the ground, where the
    /// probe's feet are.
    pub y: i32,
    /// [`World::ground_angle`] for the probe standing there: a byte angle (256 = a full
    /// turn, counter-clockwise from +x, y up; 0 level, 32 a 45° rise to the right, 224 a
    /// 45° fall to the right).
    pub angle: u8,
}

/// The ground angle the runtime reports at every top-surface pixel of `map` inside `area`
/// (world pixels, inclusive edges, y up), bottom row first, each row left to right.
///
/// A top-surface pixel is an air pixel right above a solid pixel of a cell (a full cell, a
/// solid pixel of a shape; one-way cells included). Its angle is
/// [`World::ground_angle`] of the **probe** standing with its centre column on that pixel:
///
/// - the probe is an actor N×N px (N the tables' tile size), with [`Feet::Centre`] and
///   every other setting the runtime's default ([`ActorSettings::default`]: wall height 4,
///   one-way cells stood on from above);
/// - it is stood there by [`World::place_on_ground`] from that point (its centre column
///   `x`, its bottom row `y`), in a world of `map` without platforms;
/// - the pixel counts only when the probe ends standing on it: on the ground, on a cell,
///   centre column `x`, bottom row `y`. Where it cannot (its box has no room there: a wall
///   less than N/2 px to a side, a ceiling less than N px above, or it would fall through),
///   the pixel is left out.
///
/// The size decides only where the probe fits: the angle itself is read over the same
/// windows (half a tile each side, and three tiles in all) for any actor up to three
/// tiles wide
/// (see [`World::ground_angle`]).
///
/// ```
/// use slope_runtime::{Cell, GridMap, Rect, Tables};
/// # let blob = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin")).unwrap();
/// let tables = Tables::from_bytes(&blob)?;
/// let slope45 = tables.find("slope45").expect("a default tile");
/// // 8×4 cells of 16 px, walled in: a floor, a 45° ramp on it, blocks after the ramp
/// let mut map: GridMap<8, 4> = GridMap::new(Cell::FULL);
/// for tx in 0..8 {
///     map.set(tx, 0, Cell::FULL);
/// }
/// map.set(2, 1, Cell::shape(slope45, slope_runtime::Variant::Identity));
/// for tx in 3..8 {
///     map.set(tx, 1, Cell::FULL);
/// }
/// let area = Rect { x0: 0, y0: 0, x1: 127, y1: 63 };
/// let angles = slopegen::ground_angles(&tables, &map, area);
/// let at = |x, y| angles.iter().find(|g| (g.x, g.y) == (x, y)).map(|g| g.angle);
/// assert_eq!(at(40, 25), Some(32)); // half-way up the ramp: 45°
/// assert_eq!(at(100, 32), Some(0)); // on the blocks, far from the ramp: level
/// let crest = at(50, 32).unwrap(); // 2 px past the crest: the near window holds both
/// assert!(0 < crest && crest < 32);
/// assert_eq!(at(56, 32), Some(0)); // 8 px past it: level ground under the near window
/// assert_eq!(at(1, 16), None); // against the map's left wall: no room for the probe
/// # Ok::<(), slope_runtime::BlobError>(())
/// ```
pub fn ground_angles(tables: &Tables<'_>, map: &impl TileMap, area: Rect) -> Vec<GroundAngle> {
    let world = World::new(*tables, map);
    let mut out = Vec::new();
    let mut probe = probe(tables.tile_size());
    for y in area.y0..=area.y1 {
        for x in area.x0..=area.x1 {
            if !solid(tables, map, x, y.saturating_sub(1)) || solid(tables, map, x, y) {
                continue;
            }
            if world.place_on_ground(&mut probe, x, y) && stands_on(&probe, x, y) {
                let angle = world.ground_angle(&probe);
                out.push(GroundAngle { x, y, angle });
            }
        }
    }
    out
}

/// The colour `slopegen preview` draws a ground angle in (RGB): orange level; rising to the
/// right pink, deepening to magenta at 45° and dark purple at 90°; falling to the right
/// light blue, deepening to blue at 45° and navy at 90°. Any angle other than level is
/// visibly not orange, however gentle. Angles past a quarter turn (never a ground angle)
/// take the quarter turn's colour.
///
/// ```
/// assert_eq!(slopegen::angle_colour(0), [235, 120, 20]);
/// assert_eq!(slopegen::angle_colour(32), [200, 30, 160]); // 45° rising
/// assert_eq!(slopegen::angle_colour(224), [30, 90, 220]); // 45° falling
/// assert_ne!(slopegen::angle_colour(1), slopegen::angle_colour(2));
/// ```
pub fn angle_colour(angle: u8) -> [u8; 3] {
    const LEVEL: [u8; 3] = [235, 120, 20];
    const RISING: [[u8; 3]; 3] = [[250, 160, 215], [200, 30, 160], [100, 0, 80]];
    const FALLING: [[u8; 3]; 3] = [[140, 205, 250], [30, 90, 220], [10, 30, 110]];
    let signed = i32::from(angle as i8);
    let steep = signed.unsigned_abs().min(64) as i32;
    let [light, mid, dark] = if signed > 0 { RISING } else { FALLING };
    match steep {
        0 => LEVEL,
        1..=32 => mix(light, mid, steep - 1, 31),
        _ => mix(mid, dark, steep - 32, 32),
    }
}

/// `a` moved `t/den` of the way to `b`, each channel.
fn mix(a: [u8; 3], b: [u8; 3], t: i32, den: i32) -> [u8; 3] {
    // Each channel stays between a's and b's: within 0..=255.
    core::array::from_fn(|i| {
        let (a, b) = (i32::from(a[i]), i32::from(b[i]));
        (a + (b - a) * t / den) as u8
    })
}

/// The probe of [`ground_angles`]: an N×N actor with centre feet, default settings
/// otherwise.
fn probe(n: u8) -> Actor {
    let settings = ActorSettings {
        feet: Feet::Centre,
        ..ActorSettings::default()
    };
    Actor::new(0, 0, n.into(), n.into()).with_settings(settings)
}

/// Whether the placed probe stands on the ground of a cell with its centre column `x` and
/// its bottom row `y`.
fn stands_on(probe: &Actor, x: i32, y: i32) -> bool {
    probe.centre_x() == x
        && probe.y == y
        && probe.contacts.on_ground()
        && probe.contacts.ground_cell().is_some()
}

/// Whether world pixel (x, y) is a solid pixel of a cell (one-way cells included), read
/// through the tables as the runtime reads it.
fn solid(tables: &Tables<'_>, map: &impl TileMap, x: i32, y: i32) -> bool {
    let n = i32::from(tables.tile_size());
    let (tx, ty) = (x.div_euclid(n), y.div_euclid(n));
    // 0 ≤ rem < N ≤ 64.
    let (lx, ly) = (x.rem_euclid(n) as u8, y.rem_euclid(n) as u8);
    match map.cell(tx, ty).solid {
        Solid::Empty => false,
        Solid::Full => true,
        Solid::Shape(id, v) => tables.shape(id).is_some_and(|s| s.is_solid(v, lx, ly)),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use slope_runtime::{Cell, GridMap, ShapeId, Variant};

    use super::*;
    use crate::encode::blob::pack;
    use crate::model::bitmap::Bitmap;
    use crate::model::tileset::{Tile, TileSet};

    const N: u8 = 16;
    /// Cells of the test maps: 24 across, 4 up.
    const W: usize = 24;
    const H: usize = 4;

    fn tile(name: &str, bitmap: Bitmap) -> Tile {
        Tile {
            name: name.into(),
            constant: name.to_uppercase(),
            path: format!("{name}.png").into(),
            bitmap,
        }
    }

    /// A blob of `full`, and `rise00`..`rise14`: tile k is k + 1 px high in its left half
    /// and k + 2 px in its right half, one 1-px riser each (the generator reads each alone
    /// as flat), so that in a row they make a slope of 1 px per tile.
    fn riser_blob() -> Vec<u8> {
        let mut tiles = vec![tile("full", Bitmap::from_fn(N, |_, _| true))];
        for k in 0..15u8 {
            let bitmap = Bitmap::from_fn(N, |x, y| y < k + 1 + u8::from(x >= N / 2));
            tiles.push(tile(&format!("rise{k:02}"), bitmap));
        }
        pack(&TileSet::from_tiles(Path::new("risers"), tiles).unwrap())
    }

    /// Row 0 full cells; on it, from cell 4 on, `rise00`..`rise14` (a slope rising 1 px a
    /// tile, 3.6°), then full cells at its height; walled in (outside is full).
    fn riser_map(tables: &Tables<'_>) -> GridMap<W, H> {
        let mut map: GridMap<W, H> = GridMap::new(Cell::FULL);
        for tx in 0..W as i32 {
            map.set(tx, 0, Cell::FULL);
        }
        for k in 0..15 {
            let id = tables.find(&format!("rise{k:02}")).unwrap();
            map.set(4 + k, 1, Cell::shape(id, Variant::Identity));
        }
        for tx in 19..W as i32 {
            map.set(tx, 1, Cell::FULL);
        }
        map
    }

    fn whole(map_w: usize, map_h: usize) -> Rect {
        let n = i32::from(N);
        Rect {
            x0: 0,
            y0: 0,
            x1: map_w as i32 * n - 1,
            y1: map_h as i32 * n - 1,
        }
    }

    /// The probe built here, not by the module: N×N, centre feet, stood on (x, y).
    fn stood(world: &World<'_, &GridMap<W, H>>, x: i32, y: i32) -> Option<Actor> {
        let mut a = Actor::new(0, 0, N.into(), N.into());
        a.settings.feet = Feet::Centre;
        (world.place_on_ground(&mut a, x, y) && a.centre_x() == x && a.y == y).then_some(a)
    }

    #[test]
    fn every_reading_is_the_runtime_s_for_the_probe_standing_there() {
        let blob = riser_blob();
        let tables = Tables::from_bytes(&blob).unwrap();
        let map = riser_map(&tables);
        let world = World::new(tables, &map);
        let angles = ground_angles(&tables, &map, whole(W, H));
        assert!(angles.len() > 300, "{} surface pixels", angles.len());
        for g in &angles {
            let a = stood(&world, g.x, g.y).expect("the probe stands there");
            assert!(a.contacts.on_ground() && a.contacts.ground_cell().is_some());
            assert_eq!(g.angle, world.ground_angle(&a), "({}, {})", g.x, g.y);
        }
        // every top-surface pixel where the probe fits is there, and nothing else
        let n = i32::from(N);
        for y in 0..H as i32 * n {
            for x in 0..W as i32 * n {
                let top = solid(&tables, &map, x, y - 1) && !solid(&tables, &map, x, y);
                let listed = angles.iter().any(|g| (g.x, g.y) == (x, y));
                assert_eq!(listed, top && stood(&world, x, y).is_some(), "({x}, {y})");
            }
        }
        // bottom row first, each row left to right
        assert!(
            angles
                .windows(2)
                .all(|w| (w[0].y, w[0].x) < (w[1].y, w[1].x))
        );
    }

    #[test]
    fn a_gentle_slope_of_one_riser_per_tile_reads_rising_where_each_tile_reads_flat() {
        let blob = riser_blob();
        let tables = Tables::from_bytes(&blob).unwrap();
        let map = riser_map(&tables);
        // each tile alone: flat in every column
        for k in 0..15 {
            let shape = tables.shape_by_name(&format!("rise{k:02}")).unwrap();
            assert!((0..N).all(|x| shape.surface(Variant::Identity, x).unwrap().angle == 0));
        }
        let angles = ground_angles(&tables, &map, whole(W, H));
        // the middle of the slope, cells 7..16, away from its ends by more than the window
        let slope: Vec<&GroundAngle> = angles
            .iter()
            .filter(|g| (7 * 16..16 * 16).contains(&g.x))
            .collect();
        assert_eq!(slope.len(), 9 * 16, "one surface pixel per column");
        // atan(1/16) = 3.58°: byte angle 3 (4.2°) or 2 (2.8°), never 0
        for g in &slope {
            assert!(
                (2..=3).contains(&g.angle),
                "({}, {}): {}",
                g.x,
                g.y,
                g.angle
            );
        }
        // the level floor before it, far from it, reads level
        assert!(
            angles
                .iter()
                .filter(|g| (9..2 * 16).contains(&g.x))
                .all(|g| g.angle == 0 && g.y == 16)
        );
    }

    #[test]
    fn colours_tell_level_from_any_slope_and_rising_from_falling() {
        let level = angle_colour(0);
        let all: Vec<[u8; 3]> = (1..=64u8)
            .flat_map(|a| [a, a.wrapping_neg()])
            .map(angle_colour)
            .collect();
        assert!(all.iter().all(|&c| c != level));
        for a in 1..=63u8 {
            assert_ne!(angle_colour(a), angle_colour(a + 1), "{a}");
            assert_ne!(angle_colour(a), angle_colour(a.wrapping_neg()), "{a}");
        }
        assert_eq!(angle_colour(100), angle_colour(64));
        assert_eq!(angle_colour(150), angle_colour(192));
    }

    #[test]
    fn one_way_cells_and_a_falling_slope_are_read_and_walls_leave_no_room() {
        let slope45 = {
            let mut tiles = vec![tile("full", Bitmap::from_fn(N, |_, _| true))];
            tiles.push(tile("slope45", Bitmap::from_fn(N, |x, y| y <= x)));
            pack(&TileSet::from_tiles(Path::new("s"), tiles).unwrap())
        };
        let tables45 = Tables::from_bytes(&slope45).unwrap();
        let s: ShapeId = tables45.find("slope45").unwrap();
        let mut map: GridMap<W, H> = GridMap::new(Cell::FULL);
        for tx in 0..W as i32 {
            map.set(tx, 0, Cell::FULL);
        }
        // a one-way 45° ramp falling to the right, and a block of one-way cells after it
        map.set(6, 1, Cell::FULL.one_way());
        map.set(7, 1, Cell::shape(s, Variant::FlipX).one_way());
        map.set(12, 1, Cell::FULL.one_way());
        map.set(13, 1, Cell::FULL.one_way());
        map.set(14, 1, Cell::FULL.one_way());
        // a wall two cells high
        map.set(20, 1, Cell::FULL);
        map.set(20, 2, Cell::FULL);
        let angles = ground_angles(&tables45, &map, whole(W, H));
        let at = |x: i32, y: i32| {
            angles
                .iter()
                .find(|g| (g.x, g.y) == (x, y))
                .map(|g| g.angle)
        };
        assert_eq!(at(7 * 16 + 8, 24), Some(224)); // on the one-way ramp: 45° falling
        assert_eq!(at(13 * 16 + 8, 32), Some(0)); // on the one-way block
        assert_eq!(at(3 * 16, 16), Some(0)); // the floor
        // against the wall, the probe has no room within N/2 px of it
        assert_eq!(at(20 * 16 - 9, 16), Some(0));
        assert_eq!(at(20 * 16 - 8, 16), None);
    }
}

//! Drawing into RGBA pixel buffers, which the page copies onto its canvases as they are.

use slope_runtime::{Actor, Feet, Rect, Shape, Solid, Tables, TileMap, Variant};

use crate::editor::Editor;

/// An RGBA image, rows top first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canvas {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// 4 bytes per pixel, rows top first.
    pub rgba: Vec<u8>,
}

/// A colour, opaque.
pub type Rgb = [u8; 3];

/// Behind everything in the level.
pub const SKY: Rgb = [0x1c, 0x22, 0x30];
/// The level's cell grid, drawn faintly over the sky.
pub const GRID: Rgb = [0x24, 0x2b, 0x3b];
/// Solid pixels of default tiles and full cells.
pub const ROCK: Rgb = [0xb8, 0xbe, 0xcc];
/// Solid pixels of the drawn tile, wherever it is placed.
pub const DRAWN: Rgb = [0xf0, 0xa8, 0x48];
/// Solid pixels of one-way cells.
pub const ONE_WAY: Rgb = [0x6c, 0xc0, 0x6c];
/// The actors, in order (the keyboard's first).
pub const ACTORS: [Rgb; 3] = [[0xe8, 0x4a, 0x4a], [0x5a, 0x9c, 0xf0], [0xb0, 0x6c, 0xe0]];
/// The pixels an actor stands on.
pub const FEET: Rgb = [0xff, 0xff, 0xff];
/// Paper: empty pixels of a tile.
pub const PAPER: Rgb = [0xf4, 0xf1, 0xe8];
/// Ink: solid pixels of a tile.
pub const INK: Rgb = [0x3a, 0x44, 0x5c];

impl Canvas {
    /// A `width`×`height` canvas filled with `colour`.
    pub fn new(width: usize, height: usize, colour: Rgb) -> Canvas {
        let mut c = Canvas {
            width,
            height,
            rgba: vec![0; width * height * 4],
        };
        c.fill(colour);
        c
    }

    /// Every pixel `colour`.
    pub fn fill(&mut self, colour: Rgb) {
        for px in self.rgba.chunks_exact_mut(4) {
            px.copy_from_slice(&[colour[0], colour[1], colour[2], 0xff]);
        }
    }

    /// Pixel (x, y) from the top-left corner; outside the canvas nothing happens.
    pub fn set(&mut self, x: i32, y: i32, colour: Rgb) {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            return;
        }
        let i = (y as usize * self.width + x as usize) * 4;
        self.rgba[i..i + 3].copy_from_slice(&colour);
    }

    /// The colour of pixel (x, y) (black outside).
    pub fn get(&self, x: i32, y: i32) -> Rgb {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            return [0; 3];
        }
        let i = (y as usize * self.width + x as usize) * 4;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
    }

    /// A filled rectangle, top-left corner (x, y).
    pub fn rect(&mut self, x: i32, y: i32, w: i32, h: i32, colour: Rgb) {
        for py in y..y + h {
            for px in x..x + w {
                self.set(px, py, colour);
            }
        }
    }

    /// A rectangle's outline, one pixel wide.
    pub fn frame(&mut self, x: i32, y: i32, w: i32, h: i32, colour: Rgb) {
        self.rect(x, y, w, 1, colour);
        self.rect(x, y + h - 1, w, 1, colour);
        self.rect(x, y, 1, h, colour);
        self.rect(x + w - 1, y, 1, h, colour);
    }
}

/// The colour that marks a surface of byte angle `angle`: green flat, orange rising to the
/// right, blue falling, purple beyond vertical. The level's surfaces show the runtime's
/// ground angle in it, the drawn tile's variants each tile's own angles.
pub fn angle_colour(angle: u8) -> Rgb {
    match angle {
        0 => [0x2e, 0xa0, 0x44],
        1..=64 => [0xe0, 0x78, 0x18],
        192..=255 => [0x28, 0x78, 0xe0],
        _ => [0xa0, 0x40, 0xc0],
    }
}

/// The level as the runtime sees it, `width`×`height` cells of the tables' size: every
/// solid pixel read through the tables, coloured by what it belongs to (the drawn tile
/// `drawn`, one-way cells, the rest), over the sky and a faint grid; and each pixel of the
/// top surfaces (the air pixel right above the ground) in the [`angle_colour`] of the
/// ground angle the runtime reports there ([`slopegen::ground_angles`]: for an N×N actor
/// with centre feet standing on it, read across cell edges; left as it is where that actor
/// has no room).
pub fn draw_level(
    canvas: &mut Canvas,
    tables: &Tables<'_>,
    map: &impl TileMap,
    drawn: Option<slope_runtime::ShapeId>,
) {
    let n = i32::from(tables.tile_size());
    let h = canvas.height as i32;
    for py in 0..h {
        let y = h - 1 - py;
        for x in 0..canvas.width as i32 {
            let cell = map.cell(x / n, y / n);
            let (lx, ly) = ((x % n) as u8, (y % n) as u8);
            let (solid, mine) = match cell.solid {
                Solid::Empty => (false, false),
                Solid::Full => (true, false),
                Solid::Shape(id, v) => (
                    tables.shape(id).is_some_and(|s| s.is_solid(v, lx, ly)),
                    Some(id) == drawn,
                ),
            };
            let colour = match (solid, cell.is_one_way(), mine) {
                (false, ..) if x % n == 0 || y % n == 0 => GRID,
                (false, ..) => SKY,
                (true, true, _) => ONE_WAY,
                (true, false, true) => DRAWN,
                (true, false, false) => ROCK,
            };
            canvas.set(x, py, colour);
        }
    }
    let area = Rect {
        x0: 0,
        y0: 0,
        x1: canvas.width as i32 - 1,
        y1: h - 1,
    };
    for g in slopegen::ground_angles(tables, map, area) {
        canvas.set(g.x, h - 1 - g.y, angle_colour(g.angle));
    }
}

/// An actor: its box filled, a darker outline, and the pixels it stands on in white
/// (under the whole box with box feet, under its centre with centre feet).
pub fn draw_actor(canvas: &mut Canvas, actor: &Actor, colour: Rgb) {
    let h = canvas.height as i32;
    let (w, ah) = (i32::from(actor.width()), i32::from(actor.height()));
    let top = h - (actor.y + ah);
    let dark = colour.map(|c| c / 2);
    canvas.rect(actor.x, top, w, ah, colour);
    canvas.frame(actor.x, top, w, ah, dark);
    if actor.contacts.on_ground() {
        let feet_y = h - actor.y;
        match actor.settings.feet {
            Feet::Centre => canvas.rect(actor.centre_x() - 1, feet_y, 3, 1, FEET),
            _ => canvas.rect(actor.x, feet_y, w, 1, FEET),
        }
    }
}

/// The drawing being edited, `scale` canvas pixels per tile pixel, with grid lines (bolder
/// every four pixels).
pub fn draw_editor(canvas: &mut Canvas, editor: &Editor, scale: usize) {
    let n = i32::from(editor.size());
    let s = scale as i32;
    for y in 0..n {
        for x in 0..n {
            let colour = if editor.get(x, y) { INK } else { PAPER };
            canvas.rect(x * s, (n - 1 - y) * s, s, s, colour);
        }
    }
    for i in 0..=n {
        let colour = if i % 4 == 0 {
            [0xa8, 0xa4, 0x98]
        } else {
            [0xd8, 0xd4, 0xc8]
        };
        let at = (i * s).min(n * s - 1);
        canvas.rect(at, 0, 1, n * s, colour);
        canvas.rect(0, at, n * s, 1, colour);
    }
}

/// One variant of `shape`, one canvas pixel per tile pixel, read through the runtime: solid
/// pixels in ink, and the top surface of each column in the colour of its angle.
pub fn draw_variant(canvas: &mut Canvas, shape: &Shape<'_>, variant: Variant) {
    let n = shape.tile_size();
    canvas.fill(PAPER);
    for x in 0..n {
        for y in 0..n {
            if shape.is_solid(variant, x, y) {
                canvas.set(x.into(), i32::from(n - 1 - y), INK);
            }
        }
        if let Some(s) = shape.surface(variant, x) {
            canvas.set(x.into(), i32::from(n - s.height), angle_colour(s.angle));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use slope_runtime::{Actor, Cell, GridMap};

    static BLOB: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/tiles.bin"));

    #[test]
    fn the_level_is_drawn_y_up_with_its_kinds_of_cell() {
        let tables = Tables::from_bytes(BLOB).unwrap();
        let slope = tables.find("slope45").unwrap();
        let mut map: GridMap<3, 2> = GridMap::new(Cell::FULL);
        map.set(0, 0, Cell::FULL);
        map.set(1, 0, Cell::shape(slope, Variant::Identity));
        map.set(2, 1, Cell::FULL.one_way());
        let mut c = Canvas::new(48, 32, SKY);
        draw_level(&mut c, &tables, &map, Some(slope));
        assert_eq!(c.get(0, 31), ROCK); // bottom-left: the full cell
        assert_eq!(c.get(31, 16), DRAWN); // the slope's top-right pixel
        assert_eq!(c.get(17, 17), SKY); // above the slope's second column
        assert_eq!(c.get(16, 17), GRID); // a cell's left edge
        assert_eq!(c.get(40, 8), ONE_WAY); // the one-way cell, top right
        // the top surfaces in the colour of the runtime's ground angle
        let area = Rect {
            x0: 0,
            y0: 0,
            x1: 47,
            y1: 31,
        };
        let angles = slopegen::ground_angles(&tables, &map, area);
        assert!(!angles.is_empty());
        for g in &angles {
            assert_eq!(
                c.get(g.x, 31 - g.y),
                angle_colour(g.angle),
                "({}, {})",
                g.x,
                g.y
            );
        }
        // half-way up the slope (column 8, 9 px high): 45° rising
        assert!(angles.iter().any(|g| (g.x, g.y, g.angle) == (24, 9, 32)));
        assert_eq!(c.get(24, 22), angle_colour(32));
        assert_eq!(c.get(24, 23), DRAWN); // the slope's top pixel under it
    }

    #[test]
    fn an_actor_on_the_ground_shows_its_feet() {
        let mut c = Canvas::new(32, 32, SKY);
        let tables = Tables::from_bytes(BLOB).unwrap();
        let mut map: GridMap<2, 2> = GridMap::new(Cell::FULL);
        map.set(0, 0, Cell::FULL);
        map.set(1, 0, Cell::FULL);
        let mut a = Actor::new(4, 20, 6, 10);
        draw_actor(&mut c, &a, ACTORS[0]);
        assert_eq!(c.get(6, 8), ACTORS[0]); // inside the box
        assert_eq!(c.get(4, 2), ACTORS[0].map(|v| v / 2)); // its outline
        assert_eq!(c.get(5, 12), SKY); // in the air: nothing under it
        let world = slope_runtime::World::new(tables, &map);
        a.vy = -8 * slope_runtime::SUBPIXEL;
        world.step(&mut a);
        assert!(a.contacts.on_ground());
        let mut c = Canvas::new(32, 32, SKY);
        draw_actor(&mut c, &a, ACTORS[0]);
        assert_eq!(
            (c.get(4, 16), c.get(9, 16), c.get(10, 16)),
            (FEET, FEET, SKY)
        );
        a.settings.feet = Feet::Centre;
        let mut c = Canvas::new(32, 32, SKY);
        draw_actor(&mut c, &a, ACTORS[0]);
        assert_eq!((c.get(4, 16), c.get(7, 16)), (SKY, FEET));
    }

    #[test]
    fn variants_show_surfaces_in_the_colour_of_their_angle() {
        let tables = Tables::from_bytes(BLOB).unwrap();
        let slope = tables.shape_by_name("slope45").unwrap();
        let mut c = Canvas::new(16, 16, PAPER);
        draw_variant(&mut c, &slope, Variant::Identity);
        assert_eq!(c.get(15, 0), angle_colour(32));
        assert_eq!(c.get(15, 1), INK);
        assert_eq!(c.get(0, 0), PAPER);
        draw_variant(&mut c, &slope, Variant::FlipX);
        assert_eq!(c.get(0, 0), angle_colour(224));
        let full = tables.shape_by_name("full").unwrap();
        draw_variant(&mut c, &full, Variant::Rot90);
        assert_eq!(c.get(7, 0), angle_colour(0));
    }

    #[test]
    fn the_editor_draws_pixels_y_up_with_a_grid() {
        let mut e = Editor::new(4);
        e.set(0, 0, true);
        let mut c = Canvas::new(40, 40, PAPER);
        draw_editor(&mut c, &e, 10);
        assert_eq!(c.get(5, 35), INK); // bottom-left pixel
        assert_eq!(c.get(5, 5), PAPER);
        assert_eq!(c.get(0, 5), [0xa8, 0xa4, 0x98]); // the bold left edge
    }
}

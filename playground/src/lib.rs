//! The slopegen playground: draw a tile, see its eight variants and their surface angles,
//! place it in a small level and watch actors walk it, in a web page.
//!
//! Everything the page shows is computed here, in plain Rust, by the generator's core
//! (`slopegen`, packing the drawn tile with the default ones into a blob) and the runtime
//! (`slope_runtime`, moving the actors through the level): compiled to
//! `wasm32-unknown-unknown` for the page (`web/`, loaded by a few lines of JavaScript through
//! the functions of [`ffi`]), and natively for the tests, which check that both give the
//! same positions, bit for bit.
//!
//! - [`editor`]: the tile being drawn, in mouse strokes;
//! - [`tiles`]: the default tiles and the drawn one, packed into one blob;
//! - [`level`]: the level and the brush that edits it;
//! - [`actors`]: keys → velocity, gravity, the scripts, the options;
//! - [`render`]: the pictures, as RGBA buffers;
//! - [`plan`]: the browser test's steps and the native run they must match.

pub mod actors;
pub mod editor;
pub mod ffi;
pub mod level;
pub mod plan;
pub mod render;
pub mod tiles;

use slope_runtime::{ShapeId, Surface, Tables, Variant, World};
use slopegen::Bitmap;

use crate::actors::{Cast, Keys, Options};
use crate::editor::Editor;
use crate::level::{Brush, LEVEL_H, LEVEL_W, Map};
use crate::render::{ACTORS, Canvas, PAPER, SKY};
use crate::tiles::CUSTOM;

/// Canvas pixels per tile pixel in the editor.
pub const EDITOR_SCALE: usize = 20;

/// The whole page's state: the tile set, the drawing, the level, the actors, the options and
/// the pictures.
#[derive(Clone, Debug)]
pub struct Playground {
    defaults: Vec<(String, Bitmap)>,
    editor: Editor,
    blob: Vec<u8>,
    map: Map,
    /// The actors.
    pub cast: Cast,
    /// The options every actor gets.
    pub options: Options,
    /// What a click on the level places.
    pub brush: Brush,
    /// The cell under the mouse, outlined in the level.
    pub hover: Option<(i32, i32)>,
    backdrop: Canvas,
    backdrop_stale: bool,
    /// The level or the drawn tile changed since the last frame: actors may be buried.
    edited: bool,
    level_view: Canvas,
    editor_view: Canvas,
    variant_view: Canvas,
}

impl Default for Playground {
    fn default() -> Self {
        Playground::new()
    }
}

impl Playground {
    /// The page as it opens: the default tiles, the starting drawing, the starting level,
    /// the actors at their starts, the runtime's default options, the drawn tile as brush.
    pub fn new() -> Playground {
        let defaults = tiles::default_tiles();
        let n = defaults[0].1.size();
        let editor = Editor::from_bitmap(&tiles::starting_tile(n));
        let blob = tiles::build_blob(&defaults, &editor.bitmap());
        let tables = tiles::tables(&blob);
        let map = level::start_map(&tables);
        let custom = tables.find(CUSTOM).expect("the drawn tile is in the set");
        let (w, h) = (LEVEL_W * usize::from(n), LEVEL_H * usize::from(n));
        let e = usize::from(n) * EDITOR_SCALE;
        Playground {
            defaults,
            editor,
            map,
            cast: Cast::start(),
            options: Options::default(),
            brush: Brush::Shape {
                shape: custom.index(),
                variant: Variant::Identity,
                one_way: false,
            },
            hover: None,
            backdrop: Canvas::new(w, h, SKY),
            backdrop_stale: true,
            edited: false,
            level_view: Canvas::new(w, h, SKY),
            editor_view: Canvas::new(e, e, PAPER),
            variant_view: Canvas::new(n.into(), n.into(), PAPER),
            blob,
        }
    }

    /// The tables of the current blob.
    pub fn tables(&self) -> Tables<'_> {
        tiles::tables(&self.blob)
    }

    /// The current blob: the default tiles and the drawing, as `slopegen` writes them.
    pub fn blob(&self) -> &[u8] {
        &self.blob
    }

    /// The blob's checksum: the CRC-32 of its bytes before the checksum, as stored at its
    /// end (the CRC-32 of a whole blob is the same for every blob, CRC-32's residue).
    pub fn checksum(&self) -> u32 {
        let body = self.blob.len().saturating_sub(4);
        slope_runtime::crc32(&self.blob[..body])
    }

    /// N.
    pub fn tile_size(&self) -> u8 {
        self.editor.size()
    }

    /// The drawing.
    pub fn editor(&self) -> &Editor {
        &self.editor
    }

    /// The level's map.
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// The drawn tile's id in the tables.
    pub fn custom(&self) -> ShapeId {
        self.tables()
            .find(CUSTOM)
            .expect("the drawn tile is in the set")
    }

    /// The names of the default tiles, sorted (the order of [`Playground::load_default`]).
    pub fn default_names(&self) -> impl Iterator<Item = &str> {
        self.defaults.iter().map(|(name, _)| name.as_str())
    }

    /// Starts a stroke on the drawing at pixel (x, y) (y up).
    pub fn tile_press(&mut self, x: i32, y: i32) {
        if self.editor.press(x, y) {
            self.rebuild();
        }
    }

    /// Continues the stroke to (x, y).
    pub fn tile_drag(&mut self, x: i32, y: i32) {
        if self.editor.drag(x, y) {
            self.rebuild();
        }
    }

    /// Ends the stroke.
    pub fn tile_release(&mut self) {
        self.editor.release();
    }

    /// Empties the drawing.
    pub fn tile_clear(&mut self) {
        self.editor.clear();
        self.rebuild();
    }

    /// Replaces the drawing with default tile number `index` (in [`Self::default_names`]
    /// order). Returns false if there is none.
    pub fn load_default(&mut self, index: usize) -> bool {
        let Some((_, bitmap)) = self.defaults.get(index) else {
            return false;
        };
        let bitmap = bitmap.clone();
        self.editor.load(&bitmap);
        self.rebuild();
        true
    }

    /// Places the brush's cell at (tx, ty). Returns whether the level changed.
    pub fn paint(&mut self, tx: i32, ty: i32) -> bool {
        self.place(tx, ty, self.brush.cell())
    }

    /// Empties cell (tx, ty). Returns whether the level changed.
    pub fn erase(&mut self, tx: i32, ty: i32) -> bool {
        self.place(tx, ty, slope_runtime::Cell::EMPTY)
    }

    fn place(&mut self, tx: i32, ty: i32, cell: slope_runtime::Cell) -> bool {
        use slope_runtime::TileMap as _;
        let inside = (0..LEVEL_W as i32).contains(&tx) && (0..LEVEL_H as i32).contains(&ty);
        if !inside || self.map.cell(tx, ty) == cell {
            return false;
        }
        self.map.set(tx, ty, cell);
        self.backdrop_stale = true;
        self.edited = true;
        true
    }

    /// One frame: the keyboard's actor gets `keys`, the others their scripts'. After an
    /// edit of the level or of the drawn tile, actors the edit buried
    /// are freed first, as a game does after changing its map (`World::unstick`).
    pub fn step(&mut self, keys: Keys) {
        let tables = tiles::tables(&self.blob);
        let world = World::new(tables, &self.map);
        if self.edited {
            for w in &mut self.cast.walkers {
                world.unstick(&mut w.actor);
            }
            self.edited = false;
        }
        self.cast.step(&world, keys, self.options);
    }

    /// The actors back at their starts, frame 0.
    pub fn reset(&mut self) {
        self.cast.reset();
    }

    /// The surface of column `column` of the drawn tile in `variant`, read through the
    /// runtime from the blob.
    pub fn surface(&self, variant: Variant, column: u8) -> Option<Surface> {
        let tables = self.tables();
        tables.shape(self.custom())?.surface(variant, column)
    }

    /// The level and the actors, as RGBA (one pixel per world pixel, top row first): the
    /// level's top surfaces in the colour of the runtime's ground angle
    /// ([`render::draw_level`]).
    pub fn render_level(&mut self) -> &Canvas {
        if self.backdrop_stale {
            let tables = tiles::tables(&self.blob);
            let custom = tables.find(CUSTOM);
            render::draw_level(&mut self.backdrop, &tables, &self.map, custom);
            self.backdrop_stale = false;
        }
        self.level_view.rgba.copy_from_slice(&self.backdrop.rgba);
        if let Some((tx, ty)) = self.hover {
            let n = i32::from(self.tile_size());
            let top = self.level_view.height as i32 - (ty + 1) * n;
            self.level_view.frame(tx * n, top, n, n, [0xff, 0xe0, 0x60]);
        }
        for (i, w) in self.cast.walkers.iter().enumerate() {
            render::draw_actor(&mut self.level_view, &w.actor, ACTORS[i % ACTORS.len()]);
        }
        &self.level_view
    }

    /// The drawing, [`EDITOR_SCALE`] canvas pixels per tile pixel, with a grid.
    pub fn render_editor(&mut self) -> &Canvas {
        render::draw_editor(&mut self.editor_view, &self.editor, EDITOR_SCALE);
        &self.editor_view
    }

    /// Variant `variant` of the drawn tile as the runtime sees it, one pixel per tile pixel,
    /// its surface coloured by angle.
    pub fn render_variant(&mut self, variant: Variant) -> &Canvas {
        let tables = tiles::tables(&self.blob);
        if let Some(shape) = tables.find(CUSTOM).and_then(|id| tables.shape(id)) {
            render::draw_variant(&mut self.variant_view, &shape, variant);
        }
        &self.variant_view
    }

    /// The drawing changed: pack the set again, and redraw the level.
    fn rebuild(&mut self) {
        self.blob = tiles::build_blob(&self.defaults, &self.editor.bitmap());
        self.backdrop_stale = true;
        self.edited = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use slope_runtime::{Solid, TileMap};

    #[test]
    fn drawing_rebuilds_the_blob_that_the_level_uses() {
        let mut pg = Playground::new();
        let before = pg.blob().to_vec();
        let checksum = pg.checksum();
        pg.tile_clear();
        assert_ne!(pg.blob(), before.as_slice());
        assert_ne!(pg.checksum(), checksum);
        let stored = pg.blob()[pg.blob().len() - 4..].to_vec();
        assert_eq!(stored, pg.checksum().to_le_bytes());
        assert!((0..16).all(|c| pg.surface(Variant::Identity, c).is_none()));
        pg.tile_press(0, 0);
        pg.tile_drag(15, 0);
        pg.tile_release();
        // a one-pixel floor, flat in every column
        let s = pg.surface(Variant::Identity, 7).unwrap();
        assert_eq!((s.height, s.angle), (1, 0));
        // standing on the drawn tile placed in the level: one pixel above the cell's bottom
        pg.brush = Brush::Shape {
            shape: pg.custom().index(),
            variant: Variant::Identity,
            one_way: false,
        };
        assert!(pg.paint(1, 1));
        assert!(!pg.paint(1, 1), "the same cell again changes nothing");
        for _ in 0..60 {
            pg.step(Keys(0));
        }
        let hero = pg.cast.walkers[0].actor;
        assert_eq!((hero.x, hero.y), (24, 17));
        assert!(hero.contacts.on_ground());
    }

    #[test]
    fn loading_a_default_tile_draws_it() {
        let mut pg = Playground::new();
        let i = pg.default_names().position(|n| n == "slope45").unwrap();
        assert!(pg.load_default(i));
        assert!(!pg.load_default(99));
        assert_eq!(
            pg.editor().bitmap().heights(),
            (1..=16).collect::<Vec<u8>>()
        );
        assert_eq!(pg.surface(Variant::FlipX, 0).unwrap().angle, 224);
    }

    #[test]
    fn the_brush_places_and_erases_cells_inside_the_level_only() {
        let mut pg = Playground::new();
        pg.brush = Brush::Empty;
        assert!(pg.paint(0, 0));
        assert_eq!(pg.map().cell(0, 0).solid, Solid::Empty);
        assert!(!pg.paint(-1, 0) && !pg.paint(0, LEVEL_H as i32));
        assert!(pg.erase(1, 0) && !pg.erase(1, 0));
    }

    #[test]
    fn pictures_have_the_sizes_the_page_expects() {
        let mut pg = Playground::new();
        let level = pg.render_level();
        assert_eq!((level.width, level.height), (512, 192));
        assert_eq!(level.rgba.len(), 512 * 192 * 4);
        assert_eq!(pg.render_editor().width, 320);
        assert_eq!(pg.render_variant(Variant::Rot90).width, 16);
    }
}

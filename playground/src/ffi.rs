//! The functions the page calls: plain `extern "C"` exports of the wasm module, numbers in
//! and out. Pictures and names are handed over as a pointer into the module's memory and a
//! length, which the page reads at once (the next call may move them).
//!
//! The state is one [`Playground`], made on the first call. The functions keep their plain
//! names only in the wasm module: natively they are ordinary Rust functions.
#![allow(unsafe_code)] // `#[unsafe(no_mangle)]`: the exports need their plain names.

use std::cell::RefCell;

use slope_runtime::Variant;

use crate::Playground;
use crate::actors::{Keys, Opt};
use crate::level::Brush;
use crate::render::Canvas;

thread_local! {
    static PLAYGROUND: RefCell<Playground> = RefCell::new(Playground::new());
    static TRACE: RefCell<String> = const { RefCell::new(String::new()) };
}

fn with<T>(f: impl FnOnce(&mut Playground) -> T) -> T {
    PLAYGROUND.with(|pg| f(&mut pg.borrow_mut()))
}

/// Where the bytes of the last picture or name are.
fn hand_over(bytes: &[u8]) -> *const u8 {
    bytes.as_ptr()
}

fn picture(c: &Canvas) -> *const u8 {
    hand_over(&c.rgba)
}

/// N, the tile size.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn tile_size() -> u32 {
    with(|pg| pg.tile_size().into())
}

/// Canvas pixels per tile pixel in the editor's picture.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn editor_scale() -> u32 {
    crate::EDITOR_SCALE as u32
}

/// Starts a stroke on the drawing at pixel (x, y), y up.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn tile_press(x: i32, y: i32) {
    with(|pg| pg.tile_press(x, y));
}

/// Continues the stroke to (x, y).
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn tile_drag(x: i32, y: i32) {
    with(|pg| pg.tile_drag(x, y));
}

/// Ends the stroke.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn tile_release() {
    with(|pg| pg.tile_release());
}

/// Empties the drawing.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn tile_clear() {
    with(|pg| pg.tile_clear());
}

/// Replaces the drawing with default tile number `index`; 0 if there is none.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn tile_load_default(index: u32) -> u32 {
    with(|pg| pg.load_default(index as usize).into())
}

/// The number of default tiles.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn default_count() -> u32 {
    with(|pg| pg.default_names().count() as u32)
}

/// The number of shapes in the blob (the default tiles and the drawn one).
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn shape_count() -> u32 {
    with(|pg| pg.tables().shape_count().into())
}

/// Shape `index`'s name: its bytes (UTF-8) start here…
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn shape_name_ptr(index: u32) -> *const u8 {
    with(|pg| {
        let tables = pg.tables();
        let name = tables.name(slope_runtime::ShapeId::new(index as u16));
        hand_over(name.unwrap_or("").as_bytes())
    })
}

/// …and are this long.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn shape_name_len(index: u32) -> u32 {
    with(|pg| {
        let tables = pg.tables();
        let name = tables.name(slope_runtime::ShapeId::new(index as u16));
        name.map_or(0, str::len) as u32
    })
}

/// The blob's length in bytes.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn blob_len() -> u32 {
    with(|pg| pg.blob().len() as u32)
}

/// The blob's bytes.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn blob_ptr() -> *const u8 {
    with(|pg| hand_over(pg.blob()))
}

/// The blob's checksum (the CRC-32 stored at its end).
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn blob_checksum() -> u32 {
    with(|pg| pg.checksum())
}

/// The brush: `shape` < 0 (or not a shape's index) for air, else a shape's index, in
/// variant `variant` (0..8), one-way when `one_way` is not 0.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn set_brush(shape: i32, variant: u32, one_way: u32) {
    with(|pg| {
        let count = pg.tables().shape_count();
        pg.brush = match u16::try_from(shape) {
            Ok(shape) if shape < count => Brush::Shape {
                shape,
                variant: Variant::from_index(variant as u8).unwrap_or_default(),
                one_way: one_way != 0,
            },
            _ => Brush::Empty,
        };
    });
}

/// Places the brush's cell at (tx, ty), y up; 1 if the level changed.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn level_paint(tx: i32, ty: i32) -> u32 {
    with(|pg| pg.paint(tx, ty).into())
}

/// Empties cell (tx, ty); 1 if the level changed.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn level_erase(tx: i32, ty: i32) -> u32 {
    with(|pg| pg.erase(tx, ty).into())
}

/// Outlines cell (tx, ty) as the one under the mouse (outside the level: none).
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn level_hover(tx: i32, ty: i32) {
    with(|pg| {
        let inside = (0..crate::level::LEVEL_W as i32).contains(&tx)
            && (0..crate::level::LEVEL_H as i32).contains(&ty);
        pg.hover = inside.then_some((tx, ty));
    });
}

/// Sets option number `opt` (see [`Opt`]).
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn set_option(opt: u32, value: u32) {
    with(|pg| {
        if let Some(opt) = Opt::from_number(opt) {
            pg.options.set(opt, value);
        }
    });
}

/// Option number `opt`'s value.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn get_option(opt: u32) -> u32 {
    with(|pg| Opt::from_number(opt).map_or(0, |o| pg.options.get(o)))
}

/// One frame; the keyboard's actor holds `keys` (bits of [`Keys`]).
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn step(keys: u32) {
    with(|pg| pg.step(Keys(keys)));
}

/// The actors back at their starts, frame 0.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn reset() {
    with(|pg| pg.reset());
}

/// Frames stepped since the start or the last reset.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn frame() -> u32 {
    with(|pg| pg.cast.frame)
}

/// The number of actors.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn actor_count() -> u32 {
    with(|pg| pg.cast.walkers.len() as u32)
}

/// Field `field` of actor `index`: 0 x, 1 y, 2 vx, 3 vy, 4 width, 5 height, 6 contacts
/// (bits: on ground, pushing left, pushing right, on ceiling, on one-way), 7 ground angle
/// (`World::ground_angle`).
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn actor_field(index: u32, field: u32) -> i32 {
    with(|pg| {
        pg.cast
            .walkers
            .get(index as usize)
            .map_or(0, |w| crate::plan::actor_fields(w)[field as usize % 8])
    })
}

/// Draws the level and the actors; returns where the RGBA pixels are
/// ([`level_width`] × [`level_height`]).
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn render_level() -> *const u8 {
    with(|pg| picture(pg.render_level()))
}

/// The level picture's width in pixels.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn level_width() -> u32 {
    with(|pg| pg.tile_size() as u32 * crate::level::LEVEL_W as u32)
}

/// The level picture's height in pixels.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn level_height() -> u32 {
    with(|pg| pg.tile_size() as u32 * crate::level::LEVEL_H as u32)
}

/// Draws the drawing (N × [`editor_scale`] pixels square); returns where its RGBA pixels are.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn render_editor() -> *const u8 {
    with(|pg| picture(pg.render_editor()))
}

/// Draws variant `variant` (0..8) of the drawn tile, N×N; returns where its RGBA pixels are.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn render_variant(variant: u32) -> *const u8 {
    let v = Variant::from_index(variant as u8).unwrap_or_default();
    with(|pg| picture(pg.render_variant(v)))
}

/// The surface of column `column` of the drawn tile in `variant`: `height << 8 | angle`,
/// or -1 where the column is empty.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn surface(variant: u32, column: u32) -> i32 {
    let v = Variant::from_index(variant as u8).unwrap_or_default();
    with(|pg| {
        pg.surface(v, column.min(255) as u8)
            .map_or(-1, |s| i32::from(s.height) << 8 | i32::from(s.angle))
    })
}

/// Runs the scenario (`slope_scenario`, the scripted level run that the host and the
/// firmware trace) in this module and returns where its trace's text is (UTF-8,
/// [`scenario_trace_len`] bytes): one line per frame, then the final state.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn scenario_trace() -> *const u8 {
    TRACE.with(|t| {
        let mut t = t.borrow_mut();
        t.clear();
        if slope_scenario::write_trace(&mut *t).is_err() {
            t.clear();
        }
        hand_over(t.as_bytes())
    })
}

/// The length of the text [`scenario_trace`] wrote.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn scenario_trace_len() -> u32 {
    TRACE.with(|t| t.borrow().len() as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exports_work_natively_too() {
        assert_eq!(tile_size(), 16);
        assert_eq!((level_width(), level_height()), (512, 192));
        assert_eq!(shape_count(), 13);
        assert_eq!(shape_name_len(0), "bump".len() as u32);
        set_option(Opt::CentreFeet as u32, 1);
        assert_eq!(get_option(Opt::CentreFeet as u32), 1);
        assert_eq!(get_option(99), 0);
        step(Keys::RIGHT);
        step(Keys::RIGHT);
        assert_eq!(frame(), 2);
        assert_eq!(actor_field(0, 0), 27); // 24 + 1.5 + 1.5
        reset();
        assert_eq!((frame(), actor_field(0, 0)), (0, 24));
        assert_eq!(surface(0, 99), -1);
        set_brush(13, 0, 0);
        with(|pg| assert_eq!(pg.brush, Brush::Empty));
        set_brush(1, 1, 1);
        with(|pg| {
            let cell = pg.brush.cell();
            assert!(cell.is_one_way());
            assert_eq!(
                cell.solid,
                slope_runtime::Solid::Shape(pg.custom(), Variant::FlipX)
            );
        });
    }

    #[test]
    fn the_scenario_trace_is_the_hosts() {
        let golden = include_str!("../../scenario/tests/data/trace.txt");
        scenario_trace();
        assert_eq!(scenario_trace_len() as usize, golden.len());
        TRACE.with(|t| assert_eq!(t.borrow().as_str(), golden));
    }
}

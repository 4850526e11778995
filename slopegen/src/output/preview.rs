//! `slopegen preview`: pictures of what firmware will see, read back through
//! `slope-runtime` like `dump` (never from the generator's own bitmaps).
//!
//! - [`variant_sheet`]: every shape of a blob in its eight variants: the solid pixels, the top
//!   surface of each column (its highest solid pixel, from `Shape::surface`), the surface's
//!   angle in degrees, and the shape's name and each variant's name.
//! - [`map_picture`]: a packed map's collision, pixel by pixel (`Shape::is_solid` of each
//!   cell's variant), one-way cells in green, named objects in red, row 0 at the bottom;
//!   each top-surface pixel in the colour of the ground angle the runtime reports there
//!   ([`ground_angles`], [`angle_colour`]), explained in a legend under the map.
//!
//! [`png_bytes`] encodes either one; the same input always gives the same bytes.

use image::{ImageEncoder, Rgb, RgbImage};
use slope_runtime::{Rect, ShapeId, Solid, Tables, TileMap, Variant};

use crate::model::map::{Object, ObjectValue};
use crate::output::ground_angles::{angle_colour, ground_angles};

const WHITE: Rgb<u8> = Rgb([255, 255, 255]);
const INK: Rgb<u8> = Rgb([30, 30, 30]);
const SOLID: Rgb<u8> = Rgb([70, 70, 80]);
const SURFACE: Rgb<u8> = Rgb([235, 120, 20]);
const ONE_WAY: Rgb<u8> = Rgb([40, 170, 70]);
const FRAME: Rgb<u8> = Rgb([200, 200, 205]);
const GRID: Rgb<u8> = Rgb([235, 235, 240]);
const OBJECT: Rgb<u8> = Rgb([220, 40, 40]);

/// Glyphs of the built-in 3×5 font (letters drawn upper-case; anything else as `?`).
const FONT: &[(char, [&str; 5])] = &[
    ('0', ["###", "#.#", "#.#", "#.#", "###"]),
    ('1', [".#.", "##.", ".#.", ".#.", "###"]),
    ('2', ["###", "..#", "###", "#..", "###"]),
    ('3', ["###", "..#", ".##", "..#", "###"]),
    ('4', ["#.#", "#.#", "###", "..#", "..#"]),
    ('5', ["###", "#..", "###", "..#", "###"]),
    ('6', ["###", "#..", "###", "#.#", "###"]),
    ('7', ["###", "..#", ".#.", ".#.", ".#."]),
    ('8', ["###", "#.#", "###", "#.#", "###"]),
    ('9', ["###", "#.#", "###", "..#", "###"]),
    ('A', [".#.", "#.#", "###", "#.#", "#.#"]),
    ('B', ["##.", "#.#", "##.", "#.#", "##."]),
    ('C', [".##", "#..", "#..", "#..", ".##"]),
    ('D', ["##.", "#.#", "#.#", "#.#", "##."]),
    ('E', ["###", "#..", "##.", "#..", "###"]),
    ('F', ["###", "#..", "##.", "#..", "#.."]),
    ('G', [".##", "#..", "#.#", "#.#", ".##"]),
    ('H', ["#.#", "#.#", "###", "#.#", "#.#"]),
    ('I', ["###", ".#.", ".#.", ".#.", "###"]),
    ('J', ["..#", "..#", "..#", "#.#", ".#."]),
    ('K', ["#.#", "#.#", "##.", "#.#", "#.#"]),
    ('L', ["#..", "#..", "#..", "#..", "###"]),
    ('M', ["#.#", "###", "###", "#.#", "#.#"]),
    ('N', ["##.", "#.#", "#.#", "#.#", "#.#"]),
    ('O', [".#.", "#.#", "#.#", "#.#", ".#."]),
    ('P', ["##.", "#.#", "##.", "#..", "#.."]),
    ('Q', [".#.", "#.#", "#.#", "##.", ".##"]),
    ('R', ["##.", "#.#", "##.", "#.#", "#.#"]),
    ('S', [".##", "#..", ".#.", "..#", "##."]),
    ('T', ["###", ".#.", ".#.", ".#.", ".#."]),
    ('U', ["#.#", "#.#", "#.#", "#.#", "###"]),
    ('V', ["#.#", "#.#", "#.#", "#.#", ".#."]),
    ('W', ["#.#", "#.#", "###", "###", "#.#"]),
    ('X', ["#.#", "#.#", ".#.", "#.#", "#.#"]),
    ('Y', ["#.#", "#.#", ".#.", ".#.", ".#."]),
    ('Z', ["###", "..#", ".#.", "#..", "###"]),
    ('_', ["...", "...", "...", "...", "###"]),
    ('-', ["...", "...", "###", "...", "..."]),
    ('.', ["...", "...", "...", "...", ".#."]),
    ('°', [".#.", "#.#", ".#.", "...", "..."]),
    ('(', [".#.", "#..", "#..", "#..", ".#."]),
    (')', [".#.", "..#", "..#", "..#", ".#."]),
    (':', ["...", ".#.", "...", ".#.", "..."]),
    ('/', ["..#", "..#", ".#.", "#..", "#.."]),
    ('+', ["...", ".#.", "###", ".#.", "..."]),
    ('?', ["##.", "..#", ".#.", "...", ".#."]),
    (' ', ["...", "...", "...", "...", "..."]),
];

/// Text scale: each font pixel is a `TEXT`×`TEXT` square.
const TEXT: u32 = 2;
/// Pixels from one character to the next.
const ADVANCE: u32 = 4 * TEXT;
/// Height of a line of text, with its spacing.
const LINE: u32 = 7 * TEXT;

fn glyph(c: char) -> &'static [&'static str; 5] {
    let c = c.to_ascii_uppercase();
    FONT.iter()
        .find(|(g, _)| *g == c)
        .or_else(|| FONT.iter().find(|(g, _)| *g == '?'))
        .map(|(_, rows)| rows)
        .unwrap_or(&["...", "...", "...", "...", "..."])
}

fn text_width(text: &str) -> u32 {
    text.chars().count() as u32 * ADVANCE
}

/// Draws `text` with its top-left corner at (x, y), clipped to the image.
fn draw_text(img: &mut RgbImage, x: u32, y: u32, text: &str, colour: Rgb<u8>) {
    for (i, c) in text.chars().enumerate() {
        let x0 = x + i as u32 * ADVANCE;
        for (r, row) in glyph(c).iter().enumerate() {
            for (k, b) in row.bytes().enumerate() {
                if b == b'#' {
                    fill(
                        img,
                        x0 + k as u32 * TEXT,
                        y + r as u32 * TEXT,
                        TEXT,
                        TEXT,
                        colour,
                    );
                }
            }
        }
    }
}

fn fill(img: &mut RgbImage, x: u32, y: u32, w: u32, h: u32, colour: Rgb<u8>) {
    for yy in y..(y + h).min(img.height()) {
        for xx in x..(x + w).min(img.width()) {
            img.put_pixel(xx, yy, colour);
        }
    }
}

/// Map pixel (x, y) (y up, of a map `h` px tall) drawn `scale` times as large.
fn map_pixel(img: &mut RgbImage, (x, y): (u32, u32), (h, scale): (u32, u32), colour: Rgb<u8>) {
    fill(img, x * scale, (h - 1 - y) * scale, scale, scale, colour);
}

fn outline(img: &mut RgbImage, x: u32, y: u32, w: u32, h: u32, colour: Rgb<u8>) {
    fill(img, x, y, w, 1, colour);
    fill(img, x, y + h.saturating_sub(1), w, 1, colour);
    fill(img, x, y, 1, h, colour);
    fill(img, x + w.saturating_sub(1), y, 1, h, colour);
}

/// An angle byte (256 = a full turn, counter-clockwise) in degrees, −180 to 180, one decimal
/// when it has one: `22.5°`, `-45°`.
pub fn degrees(angle: u8) -> String {
    let tenths = i32::from(angle as i8) * 3600 / 256;
    if tenths % 10 == 0 {
        format!("{}°", tenths / 10)
    } else {
        format!("{:.1}°", f64::from(tenths) / 10.0)
    }
}

/// The surface angles of a variant, as one label: `45°`, or `0°..45°` when they differ.
fn angle_label(tables: &Tables<'_>, shape: &slope_runtime::Shape<'_>, v: Variant) -> String {
    let n = tables.tile_size();
    let angles: Vec<i8> = (0..n)
        .filter_map(|x| shape.surface(v, x))
        .map(|s| s.angle as i8)
        .collect();
    match (angles.iter().min(), angles.iter().max()) {
        (Some(&lo), Some(&hi)) if lo == hi => degrees(lo as u8),
        (Some(&lo), Some(&hi)) => format!("{}..{}", degrees(lo as u8), degrees(hi as u8)),
        _ => "-".to_owned(),
    }
}

/// The `shapes` of `tables` (in that order) in their eight variants, one shape per row: its
/// name, then per variant its name, the tile (solid pixels grey, each column's top surface
/// pixel orange) and its surface angle.
pub fn variant_sheet(tables: &Tables<'_>, shapes: &[ShapeId]) -> RgbImage {
    let n = u32::from(tables.tile_size());
    let scale = (96 / n).max(2);
    let tile = n * scale;
    let names: Vec<(ShapeId, &str)> = shapes
        .iter()
        .filter_map(|&id| Some((id, tables.name(id)?)))
        .collect();
    let labels: Vec<String> = names
        .iter()
        .flat_map(|&(id, _)| {
            let shape = tables.shape(id);
            Variant::ALL.map(move |v| {
                shape
                    .map(|s| angle_label(tables, &s, v))
                    .unwrap_or_default()
            })
        })
        .collect();
    let widest = labels.iter().map(|l| text_width(l)).max().unwrap_or(0);
    let cell = tile.max(widest).max(text_width("F90XY")) + 12;
    let pad = 8;
    let row = LINE + LINE + tile + LINE + 10;
    let count = names.len() as u32;
    let width = (pad * 2 + 8 * cell)
        .max(pad * 2 + names.iter().map(|(_, n)| text_width(n)).max().unwrap_or(0));
    let mut img = RgbImage::from_pixel(width, pad * 2 + row * count.max(1), WHITE);
    if count == 0 {
        draw_text(&mut img, pad, pad, "NO SHAPES", INK);
    }
    for (r, &(id, name)) in names.iter().enumerate() {
        let y0 = pad + r as u32 * row;
        draw_text(&mut img, pad, y0, name, INK);
        let Some(shape) = tables.shape(id) else {
            continue;
        };
        for (k, v) in Variant::ALL.into_iter().enumerate() {
            let x0 = pad + k as u32 * cell;
            draw_text(&mut img, x0, y0 + LINE, v.name(), INK);
            let ty = y0 + 2 * LINE;
            outline(&mut img, x0, ty, tile + 2, tile + 2, FRAME);
            for x in 0..n as u8 {
                let top = shape.surface(v, x).map(|s| s.height);
                for y in 0..n as u8 {
                    if !shape.is_solid(v, x, y) {
                        continue;
                    }
                    let colour = if top == Some(y + 1) { SURFACE } else { SOLID };
                    let px = x0 + 1 + u32::from(x) * scale;
                    let py = ty + 1 + (n - 1 - u32::from(y)) * scale;
                    fill(&mut img, px, py, scale, scale, colour);
                }
            }
            let label = angle_label(tables, &shape, v);
            draw_text(&mut img, x0, ty + tile + 4, &label, SURFACE);
        }
    }
    img
}

/// A map's collision (`width`×`height` cells, e.g. a packed map's) read through the
/// runtime: every world pixel solid (grey), one-way (green) or empty (white, with the cell
/// grid), `objects` in red; `scale` image pixels per world pixel. Row 0 of the map is at
/// the bottom of the map's part of the picture, which starts at its top-left corner.
///
/// Each top-surface pixel (the air pixel right above a solid one) is drawn in the
/// [`angle_colour`] of the ground angle the runtime reports there for an N×N actor with
/// centre feet ([`ground_angles`]; left as it is where that actor has no room). Under the
/// map, a legend says so and shows the colours from 90° falling to 90° rising; the
/// picture is at least as wide as the legend (grey beside a narrower map).
pub fn map_picture(
    tables: &Tables<'_>,
    map: &impl TileMap,
    (width, height): (u32, u32),
    objects: &[Object],
    scale: u32,
) -> RgbImage {
    let n = u32::from(tables.tile_size());
    let (w, h) = (width * n, height * n);
    let legend = Legend::new(n, w * scale);
    let mut img = RgbImage::from_pixel(legend.width, h * scale + legend.height, WHITE);
    // beside a map narrower than the legend: not the map
    fill(
        &mut img,
        w * scale,
        0,
        legend.width - w * scale,
        h * scale,
        FRAME,
    );
    legend.draw(&mut img, h * scale);
    for y in 0..h {
        for x in 0..w {
            let cell = map.cell((x / n) as i32, (y / n) as i32);
            let (lx, ly) = ((x % n) as u8, (y % n) as u8);
            let solid = match cell.solid {
                Solid::Empty => false,
                Solid::Full => true,
                Solid::Shape(id, v) => tables.shape(id).is_some_and(|s| s.is_solid(v, lx, ly)),
            };
            let colour = match (solid, cell.one_way) {
                (true, false) => SOLID,
                (true, true) => ONE_WAY,
                _ if lx == 0 || ly == 0 => GRID,
                _ => continue,
            };
            map_pixel(&mut img, (x, y), (h, scale), colour);
        }
    }
    let area = Rect {
        x0: 0,
        y0: 0,
        x1: w as i32 - 1,
        y1: h as i32 - 1,
    };
    for g in ground_angles(tables, map, area) {
        // 0 ≤ x < w, 0 ≤ y < h: inside the area.
        let (x, y) = (g.x as u32, g.y as u32);
        map_pixel(&mut img, (x, y), (h, scale), Rgb(angle_colour(g.angle)));
    }
    for o in objects {
        match &o.value {
            &ObjectValue::Point(x, y) => {
                let (px, py) = (x * scale as i32, (h as i32 - 1 - y) * scale as i32);
                for d in -3..=3 {
                    for (xx, yy) in [(px + d, py), (px, py + d)] {
                        if xx >= 0
                            && yy >= 0
                            && (xx as u32) < img.width()
                            && (yy as u32) < img.height()
                        {
                            img.put_pixel(xx as u32, yy as u32, OBJECT);
                        }
                    }
                }
            }
            &ObjectValue::Rect {
                x,
                y,
                width,
                height,
            } => {
                let top = h as i32 - y - i32::from(height);
                if x >= 0 && top >= 0 {
                    outline(
                        &mut img,
                        x as u32 * scale,
                        top as u32 * scale,
                        u32::from(width) * scale,
                        u32::from(height) * scale,
                        OBJECT,
                    );
                }
            }
            // fields of entities: nothing to draw
            ObjectValue::Int(_) | ObjectValue::Bool(_) | ObjectValue::Text(_) => {}
        }
    }
    img
}

/// The legend under a map: what the surface colours mean, and the colour scale.
struct Legend {
    /// The picture's width: the map's, or the legend's if wider.
    width: u32,
    /// The legend's height.
    height: u32,
    lines: Vec<String>,
}

/// The legend's padding.
const LEGEND_PAD: u32 = 8;
/// Width of the colour scale's swatch of one byte angle; level's is [`LEVEL_SWATCH`].
const SWATCH: u32 = 2;
/// Width of the colour scale's swatch of level ground, wider to be seen.
const LEVEL_SWATCH: u32 = 6;
/// The colour scale's byte angles, signed: 90° falling to 90° rising.
const SCALE_ANGLES: core::ops::RangeInclusive<i32> = -64..=64;
/// Height of the colour scale's bar.
const BAR: u32 = 10;

impl Legend {
    fn new(n: u32, map_width: u32) -> Legend {
        let bar = (SCALE_ANGLES.count() as u32 - 1) * SWATCH + LEVEL_SWATCH;
        let width = map_width.max(bar + 2 * LEGEND_PAD);
        let text = format!(
            "Top surfaces: the ground angle the runtime reports for an actor of {n}x{n} px \
             with centre feet standing there (uncoloured where it has no room)"
        );
        let lines = wrap(&text, width - 2 * LEGEND_PAD);
        let height = LEGEND_PAD + lines.len() as u32 * LINE + 2 + BAR + 4 + LINE + LEGEND_PAD;
        Legend {
            width,
            height,
            lines,
        }
    }

    /// Draws the legend with its top at row `top`: a rule, the text, the colour bar and
    /// its degrees.
    fn draw(&self, img: &mut RgbImage, top: u32) {
        fill(img, 0, top, img.width(), 1, FRAME);
        let mut y = top + LEGEND_PAD;
        for line in &self.lines {
            draw_text(img, LEGEND_PAD, y, line, INK);
            y += LINE;
        }
        y += 2;
        let left = LEGEND_PAD;
        let wide = |signed: i32| if signed == 0 { LEVEL_SWATCH } else { SWATCH };
        let at = |signed: i32| {
            let before = (signed - SCALE_ANGLES.start()) as u32 * SWATCH;
            left + before + if signed > 0 { LEVEL_SWATCH - SWATCH } else { 0 }
        };
        for signed in SCALE_ANGLES {
            // −64..=64 as a byte angle.
            let colour = Rgb(angle_colour(signed as i8 as u8));
            fill(img, at(signed), y, wide(signed), BAR, colour);
        }
        y += BAR + 4;
        let end = at(*SCALE_ANGLES.end()) + SWATCH;
        draw_text(img, left, y, "-90°", INK);
        draw_text(img, end - text_width("90°"), y, "90°", INK);
        for (signed, label) in [(-32, "-45°"), (0, "0°"), (32, "45°")] {
            let centre = at(signed) + wide(signed) / 2;
            draw_text(img, centre - text_width(label) / 2, y, label, INK);
        }
    }
}

/// `text` in lines at most `width` px wide, broken between words (a word wider than that
/// alone on its line).
fn wrap(text: &str, width: u32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if text_width(line) + ADVANCE + text_width(word) <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

/// The PNG bytes of `img` (the same image, the same bytes).
pub fn png_bytes(img: &RgbImage) -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(
            img.as_raw(),
            img.width(),
            img.height(),
            image::ExtendedColorType::Rgb8,
        )
        .expect("encoding to memory does not fail");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn angles_read_in_degrees() {
        assert_eq!(degrees(0), "0°");
        assert_eq!(degrees(32), "45°");
        assert_eq!(degrees(16), "22.5°");
        assert_eq!(degrees(224), "-45°");
        assert_eq!(degrees(64), "90°");
    }

    #[test]
    fn text_wraps_between_words() {
        let w = text_width("two words");
        assert_eq!(wrap("two words and more", w), ["two words", "and more"]);
        assert_eq!(wrap("unbreakable", 8), ["unbreakable"]);
        assert!(wrap("", 100).is_empty());
    }

    #[test]
    fn every_glyph_is_three_by_five() {
        for (c, rows) in FONT {
            assert!(rows.iter().all(|r| r.len() == 3), "{c}");
        }
        assert_eq!(glyph('a'), glyph('A'));
        assert_eq!(glyph('é'), glyph('?'));
    }
}
